import { randomUUID } from "node:crypto";
import { expectProbe, type Probe } from "../../../diagnosis/probe.js";
import { listAll } from "../checks/helpers.js";
import { diffValues } from "../../../format.js";
import { at, putProbe, writesOf } from "./store.js";

const PUT_WRITES = { operation: "putWrites()", catalogId: "PW-01" } as const;

/**
 * PW-01, PW-10, LS-13: a write to the older of two checkpoints (root and child
 * namespace) is read back on that checkpoint only, by getTuple and by list.
 */
export const pendingWritesProbe: Probe = {
  id: "pending-writes",
  clause: "pending-writes",
  catalogId: "GT-08",
  operation: "getTuple()",
  title: "a write to a checkpoint that is not the latest is read back on that checkpoint only",
  async run(saver) {
    const thread = `probe-writes-${randomUUID()}`;
    for (const ns of ["", "child:1"]) {
      const first = await putProbe(saver, thread, ns);
      const second = await putProbe(saver, thread, ns, { parentId: first });
      await saver.putWrites(at(thread, ns, first), [["ch", `on ${ns || "root"}`]], "task-1");
      const where = ns === "" ? "" : ` (namespace ${JSON.stringify(ns)})`;
      const write = [["task-1", "ch", `on ${ns || "root"}`]];
      const read = await writesOf(saver, thread, ns, first);
      const listed = (await listAll(saver, at(thread, ns))).map((t) => t.pendingWrites ?? []);
      // Lost by both reads: putWrites did not store it; by one read only: that read's bug.
      const lostByBoth = diffValues(write, read, { max: 1 }).length > 0 && diffValues([[], write], listed, { max: 1 }).length > 0;
      const blame = lostByBoth ? PUT_WRITES : ({ operation: "getTuple()", catalogId: "GT-08" } as const);
      expectProbe(`getTuple(first checkpoint).pendingWrites${where}`, write, read, blame);
      expectProbe(`list() pendingWrites, newest first${where}`, [[], write], listed, { operation: "list()", catalogId: "LS-13" });
      expectProbe(
        `getTuple(second checkpoint).pendingWrites${where} (writes are not inherited)`,
        [],
        await writesOf(saver, thread, ns, second),
        { operation: "putWrites()", catalogId: "PW-10" },
      );
    }
  },
};
