export { STORE_CAPABILITIES, type StoreCapability } from "./capabilities.js";
export { STORE_SPECS } from "./spec/index.js";
export { storeContext, type StoreSpecContext } from "./context.js";
export { looksLikeStore, detectStoreCapability } from "./detect.js";
