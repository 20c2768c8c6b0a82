import type { CapabilitySpecOf } from "../../../spec/types.js";
import type { CacheCapability } from "../capabilities.js";
import type { CacheSpecContext } from "../context.js";
import { clearSpec, getSetSpec } from "./get-set-clear.js";

/** The cache's spec tests by capability (catalog §B). */
export const CACHE_SPECS: Partial<Record<CacheCapability, CapabilitySpecOf<CacheSpecContext, CacheCapability>>> = {
  get_set: getSetSpec,
  clear: clearSpec,
};
