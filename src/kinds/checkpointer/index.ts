/** The checkpointer as a kind: the existing capability table, detection, spec suites and sections, wrapped (not moved). */
import type { BaseCheckpointSaver } from "@langchain/langgraph-checkpoint";
import type { Capability } from "./capabilities.js";
import { detectCapability } from "./detect.js";
import { sectionRunnersFor } from "../../sections/runners.js";
import { trackSubject } from "../../runtime/tracked-subject.js";
import { looksLikeSaver } from "../../registration.js";
import { SPECS } from "./checks/index.js";
import type { SpecContext } from "./checks/types.js";
import { KIND_DESCRIPTORS } from "../descriptors.js";
import type { SubjectKind } from "../subject-kind.js";

export const checkpointerKind: SubjectKind<BaseCheckpointSaver, Capability, SpecContext, Record<string, never>> = {
  ...KIND_DESCRIPTORS.checkpointer,
  looksLike: looksLikeSaver,
  detect: (saver, capability) => detectCapability(saver, capability),
  specs: SPECS,
  context: (base) => ({
    saver: base.subject,
    capability: base.capability,
    threadId: (label = "t") => base.uniqueId(label),
    freshSaver: () => base.freshSubject(),
    has: (capability) => base.has(capability),
  }),
  // Shape-checked: garbage from the saver is reported as what is wrong with it (src/kinds/checkpointer/checks/shape.ts).
  track: (saver, options) => trackSubject(saver, options),
  concurrentTests: true,
  sections: sectionRunnersFor(["graph", "model"]),
};
