import { randomUUID } from "node:crypto";
import { ERROR, INTERRUPT } from "@langchain/langgraph-checkpoint";
import { expectProbe, type Probe } from "../../../diagnosis/probe.js";
import { at, putProbe, writesOf } from "./store.js";

/** What one task's writes hold, by channel, sorted (the order is the writes-order probe's). */
const byChannel = (writes: unknown[], task: string) =>
  (writes as [string, string, unknown][])
    .filter(([t]) => t === task)
    .map(([, channel, value]) => [channel, value])
    .sort((x, y) => (String(x[0]) < String(y[0]) ? -1 : 1));

/**
 * JS-03: one task's regular writes at idx 0 and 1, then two __error__ and two
 * __interrupt__ calls, then a regular write again: the special writes replace
 * the task's earlier one (and only it), the regular ones keep the first value.
 */
export const specialUpsertProbe: Probe = {
  id: "special-upsert",
  clause: "special-upsert",
  catalogId: "JS-03",
  operation: "putWrites()",
  title: "a special write (__error__, __interrupt__) next to regular writes of the same task at the same idx",
  async run(saver) {
    const thread = `probe-special-${randomUUID()}`;
    const id = await putProbe(saver, thread, "");
    const config = at(thread, "", id);
    await saver.putWrites(
      config,
      [
        ["ch", "regular-0"],
        ["other", "regular-1"],
      ],
      "task-1",
    );
    await saver.putWrites(config, [[ERROR, "first error"]], "task-1");
    await saver.putWrites(config, [[ERROR, "second error"]], "task-1");
    await saver.putWrites(config, [[INTERRUPT, "first interrupt"]], "task-1");
    await saver.putWrites(config, [[INTERRUPT, "second interrupt"]], "task-1");
    await saver.putWrites(config, [["ch", "regular again"]], "task-1");
    const expected = [
      [ERROR, "second error"],
      [INTERRUPT, "second interrupt"],
      ["ch", "regular-0"],
      ["other", "regular-1"],
    ];
    expectProbe("getTuple().pendingWrites of the task, by channel", expected, byChannel(await writesOf(saver, thread, "", id), "task-1"));
  },
};
