import { randomUUID } from "node:crypto";
import { expectProbe, type Probe } from "../probe.js";
import { listAll } from "../../spec/helpers.js";
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
      expectProbe(`getTuple(first checkpoint).pendingWrites${where}`, [["task-1", "ch", `on ${ns || "root"}`]], await writesOf(saver, thread, ns, first), PUT_WRITES);
      expectProbe(`getTuple(second checkpoint).pendingWrites${where} (writes are not inherited)`, [], await writesOf(saver, thread, ns, second), { operation: "putWrites()", catalogId: "PW-10" });
      const listed = (await listAll(saver, at(thread, ns))).map((t) => t.pendingWrites ?? []);
      expectProbe(`list() pendingWrites, newest first${where}`, [[], [["task-1", "ch", `on ${ns || "root"}`]]], listed, { operation: "list()", catalogId: "LS-13" });
    }
  },
};
