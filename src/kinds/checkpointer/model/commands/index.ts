import type fc from "fast-check";
import type { Capability } from "../../capabilities.js";
import type { Pools } from "../arbitraries.js";
import type { ModelState, RealState } from "../sequence-env.js";
import { concurrentBatchCommand } from "./concurrent-batch.js";
import { configCheckCommand } from "./config-checks.js";
import { deleteThreadCommand } from "./delete-thread.js";
import { deltaHistoryCommand } from "./delta-history.js";
import { deltaStepCommand } from "./delta-step.js";
import { firstCallsCommand } from "./first-calls.js";
import { copyThreadCommand, deleteForRunsCommand, pruneCommand } from "./extended.js";
import { getTupleCommand } from "./get-tuple.js";
import { listCommand } from "./list.js";
import { largeWriteCommand } from "./large-write.js";
import { longThreadCommand } from "./long-thread.js";
import { lookAlikesCommand, lookAlikesCopyCommand, lookAlikesHistoryCommand } from "./look-alikes.js";
import { putWritesCommand } from "./put-writes.js";
import { putCommand } from "./put.js";
import { stateCheckCommand } from "./state-check.js";
import { wideThreadCommand } from "./wide-thread.js";

type CommandArb = fc.Arbitrary<fc.AsyncCommand<ModelState, RealState>>;
type CommandArbOf = (pools: Pools, extended: ReadonlySet<Capability>) => CommandArb;

/** Base operations, weighted towards writes so that reads have something to disagree on. */
const BASE: CommandArbOf[] = [
  putCommand,
  putCommand,
  putCommand,
  putWritesCommand,
  putWritesCommand,
  getTupleCommand,
  listCommand,
  listCommand,
  deleteThreadCommand,
  deleteThreadCommand, // twice: a delete must meet data in a look-alike thread (a prefix, a pattern match)
  configCheckCommand,
  stateCheckCommand,
  concurrentBatchCommand,
  firstCallsCommand,
  firstCallsCommand,
  firstCallsCommand, // three times: it only runs as a sequence's first call
  longThreadCommand,
  wideThreadCommand,
  largeWriteCommand,
  lookAlikesCommand,
  lookAlikesCommand, // twice: a delete must meet data in every look-alike of the family
];

/** Weighted twice (two entries each): extended bugs need the operation and then a read. The look-alike variants fill the family first. */
const EXTENDED: Partial<Record<Capability, CommandArbOf[]>> = {
  delete_for_runs: [deleteForRunsCommand, deleteForRunsCommand],
  copy_thread: [copyThreadCommand, copyThreadCommand, lookAlikesCopyCommand],
  prune: [pruneCommand, pruneCommand],
  delta_channel_history: [deltaHistoryCommand, deltaStepCommand, deltaStepCommand, lookAlikesHistoryCommand],
};

/** The command generators for a saver with these extended capabilities, drawing ids from these pools. */
export function commandArbitraries(extended: ReadonlySet<Capability>, pools: Pools): CommandArb[] {
  const ofs = [...BASE, ...Object.entries(EXTENDED).flatMap(([cap, arbs]) => (extended.has(cap as Capability) ? arbs! : []))];
  return ofs.map((of) => of(pools, extended));
}

/** The extended capabilities the model covers. */
export const MODELLED_EXTENDED: readonly Capability[] = Object.keys(EXTENDED) as Capability[];
