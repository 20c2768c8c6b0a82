import type { StoreCapability } from "../capabilities.js";
import { BATCH_SPEC } from "./batch.js";
import { DELETE_SPEC } from "./delete.js";
import type { StoreCapabilitySpec } from "./helpers.js";
import { LIST_NAMESPACES_SPEC } from "./list-namespaces.js";
import { NAMESPACES_SPEC } from "./namespaces.js";
import { PUT_GET_SPEC } from "./put-get.js";
import { SEARCH_SPEC } from "./search.js";
import { TTL_SPEC } from "./ttl.js";
import { VECTOR_SEARCH_SPEC } from "./vector-search.js";

export type { StoreCapabilitySpec, StoreSpecTest } from "./helpers.js";

/** The store spec tests, by capability. @public */
export const STORE_SPECS: Partial<Record<StoreCapability, StoreCapabilitySpec>> = {
  put_get: PUT_GET_SPEC,
  namespaces: NAMESPACES_SPEC,
  delete: DELETE_SPEC,
  search: SEARCH_SPEC,
  list_namespaces: LIST_NAMESPACES_SPEC,
  batch: BATCH_SPEC,
  ttl: TTL_SPEC,
  vector_search: VECTOR_SEARCH_SPEC,
};
