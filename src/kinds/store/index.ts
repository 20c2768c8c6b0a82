export { STORE_CAPABILITIES, type StoreCapability } from "./capabilities.js";
export { STORE_SPECS, type StoreCapabilitySpec, type StoreSpecTest } from "./checks/index.js";
export {
  storeContext,
  type StoreSpecContext,
  type StoreEmbedder,
  type StoreIndexOptions,
  type StoreKindOptions,
  type StoreTtlOptions,
} from "./context.js";
export { looksLikeStore, detectStoreCapability } from "./detect.js";
export { STORE_BEHAVIOURS, type StoreBehaviour } from "./behaviours.js";
export { FakeEmbeddings, fakeEmbeddings, embedText } from "./fake-embedder.js";
export {
  runStoreModel,
  STORE_MODEL_DEFAULTS,
  STORE_MODEL_BEHAVIOURS,
  type StoreFactory,
  type StoreModelFailure,
  type StoreModelOptions,
  type StoreModelResult,
  type StoreModelBehaviour,
} from "./model/index.js";
export { storeKind } from "./kind.js";
