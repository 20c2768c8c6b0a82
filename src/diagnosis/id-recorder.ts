import type { BaseCheckpointSaver } from "@langchain/langgraph-checkpoint";
import type { IdSample } from "./probe.js";

const READS_CONFIG = new Set(["put", "putWrites", "getTuple", "list", "getDeltaChannelHistory"]);

/**
 * Wraps a saver so the thread ids and namespaces of its calls are noted: the
 * id probe then round-trips exactly the ids the failing run used. The saver
 * itself is called as it is (its own `this`, its results untouched).
 */
export function recordIds(saver: BaseCheckpointSaver): { saver: BaseCheckpointSaver; sample(): IdSample } {
  const threads = new Set<string>();
  const namespaces = new Set<string>();
  const note = (config: unknown) => {
    const c = config as { configurable?: Record<string, unknown>; config?: { configurable?: Record<string, unknown> } } | undefined;
    const configurable = c?.configurable ?? c?.config?.configurable;
    if (typeof configurable?.thread_id === "string") threads.add(configurable.thread_id);
    if (typeof configurable?.checkpoint_ns === "string") namespaces.add(configurable.checkpoint_ns);
  };
  const proxy = new Proxy(saver, {
    get(target, prop) {
      const value = Reflect.get(target, prop, target);
      if (typeof value !== "function" || prop === "constructor") return value;
      // Called on the saver itself, so private fields keep working.
      if (typeof prop !== "string" || !READS_CONFIG.has(prop)) return (value as (...a: unknown[]) => unknown).bind(target);
      return (...args: unknown[]) => {
        note(args[0]);
        return (value as (...a: unknown[]) => unknown).apply(target, args);
      };
    },
  });
  return { saver: proxy, sample: () => ({ threads: [...threads], namespaces: [...namespaces] }) };
}
