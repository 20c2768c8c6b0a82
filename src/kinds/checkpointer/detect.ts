import { BaseCheckpointSaver } from "@langchain/langgraph-checkpoint";
import type { Capability } from "./capabilities.js";
import { capabilityInfoIn, KIND_DESCRIPTORS } from "../descriptors.js";

// Apart from the capability table (capabilities.ts), which must load without
// @langchain/langgraph-checkpoint: the supervised CLI's parent process renders
// reports from the table and stays light.

/**
 * How a saver offers a capability:
 * - `detected`: its own method (overrides the base class, or a method the base lacks);
 * - `inherited`: only the base class's working default (delta_channel_history);
 * - `missing`: no method at all;
 * - `not-a-function`: the property exists but is not callable.
 * @public
 */
export type Detection =
  | { kind: "detected" }
  | { kind: "inherited" }
  | { kind: "missing"; reason: string }
  | { kind: "not-a-function"; reason: string };

/** The saver offers the capability: its own method, or the base class's working default. */
export function offersCapability(saver: object, id: Capability): boolean {
  const { kind } = detectCapability(saver, id);
  return kind === "detected" || kind === "inherited";
}

/**
 * Detects one capability on a saver instance. A capability is detected when the
 * saver's method exists and is not `BaseCheckpointSaver.prototype`'s own.
 */
export function detectCapability(saver: object, id: Capability): Detection {
  return detectMethod(saver, capabilityInfoIn(KIND_DESCRIPTORS.checkpointer, id).method, { noun: "saver", base: BaseCheckpointSaver });
}

/**
 * How a subject of any kind offers a method: `inherited` when the method it has
 * is `base.prototype`'s own (identity, or the owner's class name, for a second
 * copy of the package with its own base class).
 */
export function detectMethod(
  subject: object,
  method: string,
  { noun, base }: { noun: string; base: abstract new (...args: never[]) => unknown },
): Detection {
  const value = (subject as Record<string, unknown>)[method];
  if (value === undefined || value === null) {
    return { kind: "missing", reason: `the ${noun} has no ${method}() method` };
  }
  if (typeof value !== "function") {
    return {
      kind: "not-a-function",
      reason: `${noun}.${method} exists but is not a function (it is ${describeType(value)})`,
    };
  }
  return isBaseDefault(subject, method, value, base) ? { kind: "inherited" } : { kind: "detected" };
}

// A second copy of @langchain/langgraph-checkpoint in the user's tree has its own
// base class, so identity alone is not enough: the owner's name counts too.
function isBaseDefault(subject: object, method: string, value: unknown, base: abstract new (...args: never[]) => unknown): boolean {
  const baseMethod = (base.prototype as Record<string, unknown>)[method];
  if (baseMethod !== undefined && value === baseMethod) return true;
  let proto: object | null = subject;
  while (proto) {
    if (Object.hasOwn(proto, method)) {
      return (proto as { constructor?: { name?: string } }).constructor?.name === base.name;
    }
    proto = Object.getPrototypeOf(proto);
  }
  return false;
}

function describeType(value: unknown): string {
  if (Array.isArray(value)) return "an array";
  return `a ${typeof value}`;
}
