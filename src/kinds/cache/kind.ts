import type { BaseCache } from "@langchain/langgraph-checkpoint";
import { trackSubject } from "../../runtime/tracked-subject.js";
import { sectionRunnersFor } from "../../sections/runners.js";
import { KIND_DESCRIPTORS } from "../descriptors.js";
import type { CacheKindOptions } from "../options.js";
import type { SubjectKind } from "../subject-kind.js";
import { CACHE_BEHAVIOURS } from "./behaviours.js";
import type { CacheCapability } from "./capabilities.js";
import { CACHE_SPECS } from "./checks/index.js";
import { cacheContext, type CacheSpecContext } from "./context.js";
import { detectCacheCapability, looksLikeCache } from "./detect.js";

/** The cache as a kind (the registry's entry, src/kinds/index.ts). */
export const cacheKind: SubjectKind<BaseCache, CacheCapability, CacheSpecContext, CacheKindOptions> = {
  ...KIND_DESCRIPTORS.cache,
  looksLike: looksLikeCache,
  detect: detectCacheCapability,
  specs: CACHE_SPECS,
  context: cacheContext,
  track: (cache) => trackSubject(cache, { shapeChecks: false }),
  behaviours: CACHE_BEHAVIOURS,
  sections: sectionRunnersFor(["behaviours"]),
};
