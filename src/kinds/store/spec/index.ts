import type { CapabilitySpecOf } from "../../../spec/types.js";
import type { StoreCapability } from "../capabilities.js";
import type { StoreSpecContext } from "../context.js";
import { putGetSpec } from "./put-get.js";

/** The store's spec tests by capability (catalog §A). */
export const STORE_SPECS: Partial<Record<StoreCapability, CapabilitySpecOf<StoreSpecContext, StoreCapability>>> = {
  put_get: putGetSpec,
};
