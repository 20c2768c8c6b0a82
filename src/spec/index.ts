import type { Capability } from "../capabilities.js";
import type { CapabilitySpec } from "./types.js";
import { putSpec } from "./put.js";

/** The only registry: capability -> its spec. */
export const SPECS: Partial<Record<Capability, CapabilitySpec>> = {
  put: putSpec,
};

export function specFor(capability: Capability): CapabilitySpec | undefined {
  return SPECS[capability];
}
