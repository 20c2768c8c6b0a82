export { STORE_CAPABILITIES, storeCapabilityInfo, type StoreCapability, type StoreCapabilityInfo } from "./capabilities.js";
export { STORE_SPECS, type StoreCapabilitySpec, type StoreSpecTest } from "./spec/index.js";
export { storeContext, type StoreSpecContext, type StoreEmbedder, type StoreIndexOptions, type StoreKindOptions, type StoreTtlOptions } from "./context.js";
export { looksLikeStore, detectStoreCapability } from "./detect.js";
export { STORE_BEHAVIOURS, type StoreBehaviour } from "./behaviours.js";
export { FakeEmbeddings, fakeEmbeddings, embedText } from "./fake-embedder.js";
