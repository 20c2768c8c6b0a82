import type { Capability } from "../capabilities.js";
import type { CapabilitySpec } from "./types.js";
import { putSpec } from "./put.js";
import { putWritesSpec } from "./put-writes.js";
import { getTupleSpec } from "./get-tuple.js";
import { listSpec } from "./list.js";
import { deleteThreadSpec } from "./delete-thread.js";
import { deleteForRunsSpec } from "./delete-for-runs.js";
import { copyThreadSpec } from "./copy-thread.js";
import { pruneSpec } from "./prune.js";
import { deltaChannelHistorySpec } from "./delta-channel-history.js";
import { withBrackets, withExtraTests } from "./extra-tests.js";
import { isolationTests } from "./isolation.js";
import { concurrencyTests } from "./concurrency.js";
import { serializationTests } from "./serialization.js";
import { adversarialKeyTests } from "./adversarial-keys.js";
import { adversarialExtendedKeyTests } from "./adversarial-keys-extended.js";
import { adversarialFilterTests } from "./adversarial-filters.js";
import { interleavingTests } from "./interleavings.js";
import { adversarialValueTests } from "./adversarial-values.js";
import { typedWriteValueTests } from "./typed-write-values.js";
import { orderAndBoundaryTests } from "./orders-and-boundaries.js";
import { extendedBatchTests } from "./extended-batches.js";
import { latestOnlyTests } from "./latest-only.js";
import { foreignWriterBracket } from "./foreign-writers.js";
import { storageWidthTests } from "./storage-widths.js";
import { concatenatedKeyTests } from "./concatenated-keys.js";
import { bulkPageTests } from "./bulk-pages.js";
import { forkTests } from "./forks-in-bulk.js";
import { emptyAgainstAbsentTests } from "./empty-against-absent.js";

/** The only registry: capability -> its spec. */
export const SPECS: Partial<Record<Capability, CapabilitySpec>> = withBrackets(
  withExtraTests(
    {
      put: putSpec,
      put_writes: putWritesSpec,
      get_tuple: getTupleSpec,
      list: listSpec,
      delete_thread: deleteThreadSpec,
      delete_for_runs: deleteForRunsSpec,
      copy_thread: copyThreadSpec,
      prune: pruneSpec,
      delta_channel_history: deltaChannelHistorySpec,
    },
    isolationTests,
    concurrencyTests,
    serializationTests,
    adversarialKeyTests,
    adversarialExtendedKeyTests,
    adversarialFilterTests,
    interleavingTests,
    adversarialValueTests,
    typedWriteValueTests,
    orderAndBoundaryTests,
    extendedBatchTests,
    latestOnlyTests,
    storageWidthTests,
    concatenatedKeyTests,
    bulkPageTests,
    forkTests,
    emptyAgainstAbsentTests,
  ),
  foreignWriterBracket,
);

export function specFor(capability: Capability): CapabilitySpec | undefined {
  return SPECS[capability];
}
