import type { CapabilitySpecOf } from "../../checkpointer/checks/types.js";
import type { CacheCapability } from "../capabilities.js";
import type { CacheSpecContext } from "../context.js";
import { getSetSpec } from "./get-set.js";
import { namespacesSpec } from "./namespaces.js";
import { clearSpec } from "./clear.js";
import { serdeSpec } from "./serde.js";
import { ttlSpec } from "./ttl.js";

/** The cache kind's only registry: capability -> its spec tests. */
export const CACHE_SPECS: Partial<Record<CacheCapability, CapabilitySpecOf<CacheSpecContext, CacheCapability>>> = {
  get_set: getSetSpec,
  namespaces: namespacesSpec,
  clear: clearSpec,
  serde: serdeSpec,
  ttl: ttlSpec,
};
