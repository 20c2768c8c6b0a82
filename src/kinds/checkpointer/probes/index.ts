import type { Probe } from "../../../diagnosis/probe.js";
import { carriedValuesProbe, branchValuesProbe } from "./channel-values.js";
import { deleteThreadProbe } from "./delete-thread.js";
import { idsProbe } from "./ids.js";
import { latestProbe } from "./latest.js";
import { listOrderProbe } from "./list-order.js";
import { metadataProbe } from "./metadata.js";
import { parentProbe } from "./parent.js";
import { pendingWritesProbe } from "./pending-writes.js";
import { serdeProbe } from "./serde.js";
import { specialUpsertProbe } from "./special-upsert.js";
import { writesBeforePutProbe } from "./writes-before-put.js";
import { writesOrderProbe } from "./writes-order.js";

/** Every probe, one per clause it confirms (list order: the order a hint names failing ones in). */
export const PROBES: readonly Probe[] = [
  idsProbe,
  pendingWritesProbe,
  specialUpsertProbe,
  writesOrderProbe,
  writesBeforePutProbe,
  latestProbe,
  listOrderProbe,
  parentProbe,
  metadataProbe,
  carriedValuesProbe,
  branchValuesProbe,
  deleteThreadProbe,
  serdeProbe,
];
