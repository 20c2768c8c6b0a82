import type fc from "fast-check";
import type { Capability } from "../../capabilities.js";
import type { ModelState, RealState } from "../sequence-env.js";
import { concurrentBatchCommand } from "./concurrent-batch.js";
import { configCheckCommand } from "./config-checks.js";
import { deleteThreadCommand } from "./delete-thread.js";
import { deltaHistoryCommand } from "./delta-history.js";
import { deltaStepCommand } from "./delta-step.js";
import { copyThreadCommand, deleteForRunsCommand, pruneCommand } from "./extended.js";
import { getTupleCommand } from "./get-tuple.js";
import { listCommand } from "./list.js";
import { putWritesCommand } from "./put-writes.js";
import { putCommand } from "./put.js";
import { stateCheckCommand } from "./state-check.js";

type CommandArb = fc.Arbitrary<fc.AsyncCommand<ModelState, RealState>>;

/** Base operations, weighted towards writes so that reads have something to disagree on. */
const BASE: CommandArb[] = [putCommand, putCommand, putCommand, putWritesCommand, putWritesCommand, getTupleCommand, listCommand, listCommand, deleteThreadCommand, configCheckCommand, stateCheckCommand, concurrentBatchCommand];

/** Weighted twice (two entries each): extended bugs need the operation and then a read. */
const EXTENDED: Partial<Record<Capability, CommandArb[]>> = {
  delete_for_runs: [deleteForRunsCommand, deleteForRunsCommand],
  copy_thread: [copyThreadCommand, copyThreadCommand],
  prune: [pruneCommand, pruneCommand],
  delta_channel_history: [deltaHistoryCommand, deltaStepCommand, deltaStepCommand],
};

/** The command generators for a saver with these extended capabilities. */
export function commandArbitraries(extended: ReadonlySet<Capability>): CommandArb[] {
  return [...BASE, ...Object.entries(EXTENDED).flatMap(([cap, arbs]) => (extended.has(cap as Capability) ? arbs! : []))];
}

/** The extended capabilities the model covers. */
export const MODELLED_EXTENDED: readonly Capability[] = Object.keys(EXTENDED) as Capability[];
