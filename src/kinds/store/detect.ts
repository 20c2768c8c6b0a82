import type { BaseStore } from "@langchain/langgraph-checkpoint";
import type { Detection } from "../checkpointer/detect.js";
import { capabilityInfoIn, KIND_DESCRIPTORS } from "../descriptors.js";
import type { StoreCapability } from "./capabilities.js";
import type { StoreKindOptions } from "./options.js";

const CONVENIENCE_METHODS = ["get", "put", "delete", "search", "listNamespaces"] as const;

/** Looks like a `BaseStore`: a `batch` function and the convenience methods (duck typing, so a second copy of the package counts). */
export function looksLikeStore(value: unknown): value is BaseStore {
  if (value === null || typeof value !== "object") return false;
  const record = value as Record<string, unknown>;
  return typeof record.batch === "function" && CONVENIENCE_METHODS.every((m) => typeof record[m] === "function");
}

export const NOT_DECLARED = "not declared: pass ttl/index in storeTest options";

/**
 * How a store offers one capability. Base capabilities need `batch`
 * implemented (BaseStore's is abstract, so absent at run time) and the
 * capability's method callable; `ttl` and `vector_search` only when the
 * options declare them (a store's TTL and index are not visible on the instance).
 */
export function detectStoreCapability(store: object, cap: StoreCapability, options: StoreKindOptions = {}): Detection {
  const info = capabilityInfoIn(KIND_DESCRIPTORS.store, cap);
  if (info.kind === "extended") {
    const declared = cap === "ttl" ? options.ttl : options.index;
    return declared ? { kind: "detected" } : { kind: "missing", reason: NOT_DECLARED };
  }
  const record = store as Record<string, unknown>;
  for (const method of ["batch", info.method] as const) {
    const value = record[method];
    if (value === undefined || value === null) return { kind: "missing", reason: `the store has no ${method}() method` };
    if (typeof value !== "function") {
      return { kind: "not-a-function", reason: `store.${method} exists but is not a function (it is a ${typeof value})` };
    }
  }
  return { kind: "detected" };
}
