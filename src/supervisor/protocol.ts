import type { CapabilityId } from "../kinds/descriptors.js";
import type { SpecTestList } from "../report/spec-test-list.js";
import type { CatalogId } from "../kinds/checkpointer/checks/types.js";
import type { ReportJSON } from "../report/json.js";
import type { ValidateOptions } from "../engine/validate.js";
import type { HookCall } from "../run/progress.js";
import type { SaverProfile } from "../kinds/checkpointer/profile.js";

/** What the parent asks the child to run (one line of JSON on the child's stdin). */
export interface RunRequest {
  module: string;
  exportName?: string;
  cwd: string;
  /** validate()'s options, without `progress` (the child streams progress to the parent). */
  options: Omit<ValidateOptions, "progress" | "capabilities" | "grep"> & { capabilities?: CapabilityId[]; grep?: string };
  /** Loading the user's module longer than this is a usage error (a top-level await that never settles). */
  loadTimeoutMs: number;
  /** Sections run after the capabilities, never alongside them (a resumed run after a crash that a section may have caused). */
  sectionsAfterCapabilities?: boolean;
}

/** One spec test the child is going to run, so the parent can list what a cut-short run did not run. */
export interface PlannedTest {
  name: string;
  ids: readonly CatalogId[];
  description: string;
  advisory: boolean;
}

/**
 * The child's messages, one JSON object per line on file descriptor 3. They are
 * written synchronously, so each one is delivered even when the process dies
 * right after it (process.exit, a crash).
 */
export type ChildMessage =
  | {
      t: "plan";
      capabilities: { capability: CapabilityId; tests: PlannedTest[] }[];
      catalog: SpecTestList;
      /** The per-test timeout in effect (the option's, else the registration's, else the default). */
      timeoutMs: number;
      /** The capabilities that do not run, and why (so a resumed run reports them as the first child did). */
      skipped: { capability: CapabilityId; reason: string; excluded: boolean }[];
      /** A section (graph, model) runs after the capabilities. */
      sectionsAsked: boolean;
      /** The keys of the sections the options ask for (the model by default): one missing from the final report is reported as not run. */
      sections?: string[];
      profile: SaverProfile;
    }
  | { t: "alive" }
  /** A progress hook was called (src/run/progress.ts); an argument that was undefined arrives as null. */
  | { t: "hook"; call: HookCall }
  /** Sections (the model) run alongside the capabilities now, or no longer: a crash meanwhile may be theirs. */
  | { t: "sections-alongside"; running: boolean }
  | { t: "output"; stream: "stdout" | "stderr"; text: string }
  | { t: "exit-called"; code: number }
  | { t: "crash"; origin: string; error: string }
  | { t: "report"; report: ReportJSON }
  | { t: "usage-error" | "setup-error" | "unexpected-error"; message: string };

/** The child's channel to the parent. */
export const MESSAGE_FD = 3;

/** How often the child says it is alive: its event loop turns (a saver stuck in a synchronous loop stops it). */
export const HEARTBEAT_MS = 1000;
