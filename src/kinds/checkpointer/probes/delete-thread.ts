import { randomUUID } from "node:crypto";
import { expectProbe, type Probe } from "../../../diagnosis/probe.js";
import { at, idFound, putProbe, writesOf } from "./store.js";

/** DT-01..DT-04: deleteThread removes the thread in every namespace, with its writes, and no look-alike thread. */
export const deleteThreadProbe: Probe = {
  id: "delete-thread",
  clause: "delete-thread",
  catalogId: "DT-03",
  operation: "deleteThread()",
  title: "deleteThread removes the thread in every namespace and leaves look-alike threads",
  async run(saver) {
    const thread = `probe-delete-${randomUUID()}`;
    const kept = [`${thread}x`, `${thread}:1`];
    for (const ns of ["", "child:1"]) {
      const id = await putProbe(saver, thread, ns);
      await saver.putWrites(at(thread, ns, id), [["ch", "w"]], "task-1");
    }
    const keptIds: string[] = [];
    for (const other of kept) keptIds.push(await putProbe(saver, other, ""));
    await saver.deleteThread(thread);
    expectProbe(
      'getTuple() of the deleted thread, namespaces "" and "child:1"',
      [null, null],
      [await idFound(saver, thread, ""), await idFound(saver, thread, "child:1")],
    );
    expectProbe(
      `getTuple() of look-alike threads ${kept.map((k) => JSON.stringify(k)).join(", ")}`,
      keptIds,
      [await idFound(saver, kept[0], ""), await idFound(saver, kept[1], "")],
      { operation: "deleteThread()", catalogId: "DT-04" },
    );
    const again = await putProbe(saver, thread, "");
    expectProbe("pendingWrites of a checkpoint put again on the deleted thread", [], await writesOf(saver, thread, "", again), {
      operation: "deleteThread()",
      catalogId: "DT-02",
    });
  },
};
