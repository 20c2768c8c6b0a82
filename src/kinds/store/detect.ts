import { BaseStore } from "@langchain/langgraph-checkpoint";
import { detectMethod, type Detection } from "../../runtime/detect-capability.js";
import type { StoreKindOptions } from "../options.js";
import { STORE_CAPABILITIES, type StoreCapability } from "./capabilities.js";

const STORE_METHODS = ["get", "put", "delete", "search", "listNamespaces", "batch"] as const;

/** A store is a BaseStore, or any object with its `batch()` and at least one of its convenience methods. */
export function looksLikeStore(value: unknown): value is BaseStore {
  if (typeof value !== "object" || value === null) return false;
  if (value instanceof BaseStore) return true;
  const v = value as Record<string, unknown>;
  return typeof v.batch === "function" && STORE_METHODS.some((m) => m !== "batch" && typeof v[m] === "function");
}

/**
 * How the store offers a capability. The base ones by their method (BaseStore's
 * own `get`/`put`/... are working defaults over `batch()`: inherited); `ttl`
 * and `vector_search` only when the registration declares them (`ttl`, `index`),
 * since nothing on the instance says whether a store expires or embeds.
 */
export function detectStoreCapability(store: BaseStore, capability: StoreCapability, options: StoreKindOptions): Detection {
  if (capability === "ttl" && options.ttl === undefined) return { kind: "missing", reason: 'not declared: storeTest has no "ttl" option' };
  if (capability === "vector_search" && options.index === undefined) return { kind: "missing", reason: 'not declared: storeTest has no "index" option' };
  const { method } = STORE_CAPABILITIES.find((c) => c.id === capability)!;
  return detectMethod(store, method, { noun: "store", base: BaseStore });
}
