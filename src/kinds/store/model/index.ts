export {
  runStoreModel,
  STORE_MODEL_DEFAULTS,
  type StoreFactory,
  type StoreModelFailure,
  type StoreModelOptions,
  type StoreModelResult,
} from "./run-store-model.js";
export { STORE_MODEL_BEHAVIOURS, type StoreModelBehaviour } from "./behaviours.js";
