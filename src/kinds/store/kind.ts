import type { BaseStore } from "@langchain/langgraph-checkpoint";
import { trackSubject } from "../../runtime/tracked-subject.js";
import { sectionRunnersFor } from "../../sections/runners.js";
import { KIND_DESCRIPTORS } from "../descriptors.js";
import type { StoreKindOptions } from "../options.js";
import type { SubjectKind } from "../subject-kind.js";
import { STORE_BEHAVIOURS } from "./behaviours.js";
import type { StoreCapability } from "./capabilities.js";
import { STORE_SPECS } from "./checks/index.js";
import { storeContext, type StoreSpecContext } from "./context.js";
import { detectStoreCapability, looksLikeStore } from "./detect.js";

/** The store as a kind (the registry's entry, src/kinds/index.ts). */
export const storeKind: SubjectKind<BaseStore, StoreCapability, StoreSpecContext, StoreKindOptions> = {
  ...KIND_DESCRIPTORS.store,
  looksLike: looksLikeStore,
  detect: detectStoreCapability,
  specs: STORE_SPECS,
  context: storeContext,
  track: (store) => trackSubject(store, { shapeChecks: false }),
  behaviours: STORE_BEHAVIOURS,
  sections: sectionRunnersFor(["store_model", "behaviours"]),
};
