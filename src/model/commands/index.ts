import type fc from "fast-check";
import type { Capability } from "../../capabilities.js";
import type { ModelState, RealState } from "../sequence-env.js";
import { deleteThreadCommand } from "./delete-thread.js";
import { copyThreadCommand, deleteForRunsCommand, pruneCommand } from "./extended.js";
import { getTupleCommand } from "./get-tuple.js";
import { listCommand } from "./list.js";
import { putWritesCommand } from "./put-writes.js";
import { putCommand } from "./put.js";

type CommandArb = fc.Arbitrary<fc.AsyncCommand<ModelState, RealState>>;

/** Base operations, weighted towards writes so that reads have something to disagree on. */
const BASE: CommandArb[] = [putCommand, putCommand, putCommand, putWritesCommand, putWritesCommand, getTupleCommand, listCommand, listCommand, deleteThreadCommand];

const EXTENDED: Partial<Record<Capability, CommandArb>> = {
  delete_for_runs: deleteForRunsCommand,
  copy_thread: copyThreadCommand,
  prune: pruneCommand,
};

/** The command generators for a saver with these extended capabilities. */
export function commandArbitraries(extended: ReadonlySet<Capability>): CommandArb[] {
  return [...BASE, ...Object.entries(EXTENDED).filter(([cap]) => extended.has(cap as Capability)).map(([, arb]) => arb!)];
}

/** The extended capabilities the model covers. */
export const MODELLED_EXTENDED: readonly Capability[] = Object.keys(EXTENDED) as Capability[];
