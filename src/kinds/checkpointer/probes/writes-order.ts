import { randomUUID } from "node:crypto";
import { ERROR } from "@langchain/langgraph-checkpoint";
import { expectProbe, type Probe } from "../../../diagnosis/probe.js";
import { at, putProbe, writesOf } from "./store.js";

/**
 * JS-02: writes sent by task-b, then task-a, then a path-carrying task-0, then
 * task-b's error (and tasks named to tell code point from locale and UTF-16
 * order) come back in (taskPath, taskId, idx) order: empty path first, task ids
 * by code point, the error (idx -1) before the task's regular writes.
 */
export const writesOrderProbe: Probe = {
  id: "writes-order",
  clause: "writes-order",
  catalogId: "JS-02",
  operation: "getTuple() / list() (pendingWrites order)",
  title: "pendingWrites of several tasks come back in (taskPath, taskId, idx) order",
  async run(saver) {
    const thread = `probe-order-${randomUUID()}`;
    const id = await putProbe(saver, thread, "");
    const config = at(thread, "", id);
    await saver.putWrites(
      config,
      [
        ["ch", "b0"],
        ["ch", "b1"],
      ],
      "task-b",
    );
    await saver.putWrites(config, [["ch", "a0"]], "task-a");
    await saver.putWrites(config, [["ch", "p0"]], "task-0", "~1");
    await saver.putWrites(config, [[ERROR, "b failed"]], "task-b");
    // Code point order: "task-B" < "task-a" (not locale order), and U+FFFF < U+1F600 (not UTF-16 code unit order).
    for (const task of ["task-\u{1F600}", "task-\uFFFF", "task-B"]) await saver.putWrites(config, [["ch", task]], task);
    const expected = [
      ["task-B", "ch", "task-B"],
      ["task-a", "ch", "a0"],
      ["task-b", ERROR, "b failed"],
      ["task-b", "ch", "b0"],
      ["task-b", "ch", "b1"],
      ["task-\uFFFF", "ch", "task-\uFFFF"],
      ["task-\u{1F600}", "ch", "task-\u{1F600}"],
      ["task-0", "ch", "p0"],
    ];
    expectProbe("getTuple().pendingWrites, in order", expected, await writesOf(saver, thread, "", id));
  },
};
