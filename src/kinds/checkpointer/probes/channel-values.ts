import { randomUUID } from "node:crypto";
import { expectProbe, type Probe } from "../../../diagnosis/probe.js";
import { putProbe, tupleAt } from "./store.js";

/**
 * PUT-13: a put whose newVersions name only the changed channel still reads back
 * every channel: the unchanged one is carried over from the earlier checkpoint.
 */
export const carriedValuesProbe: Probe = {
  id: "carried-values",
  clause: "carried-values",
  catalogId: "PUT-13",
  operation: "put()",
  title: "a put that changes one of two channels reads back both (the unchanged one carried over)",
  async run(saver) {
    const thread = `probe-carried-${randomUUID()}`;
    const first = await putProbe(saver, thread, "", { values: { a: "a1", b: "b1" } });
    const second = await putProbe(saver, thread, "", {
      parentId: first,
      values: { a: "a1", b: "b2" },
      versions: { a: 1, b: 2 },
      newVersions: { b: 2 },
    });
    expectProbe(
      "getTuple(second).checkpoint.channel_values",
      { a: "a1", b: "b2" },
      (await tupleAt(saver, thread, "", second))?.checkpoint.channel_values,
    );
  },
};

/**
 * Two forks of one checkpoint both write channel b at version 2 with different
 * values: each fork reads back its own (values belong to a checkpoint, not to a version number).
 */
export const branchValuesProbe: Probe = {
  id: "branch-values",
  clause: "branch-values",
  catalogId: "PUT-13",
  operation: "put()",
  title: "two forks that store the same channel version with different values each read back their own",
  async run(saver) {
    const thread = `probe-branch-${randomUUID()}`;
    const root = await putProbe(saver, thread, "", { values: { b: "b1" } });
    const forks = [];
    for (const value of ["fork A", "fork B"]) {
      forks.push(await putProbe(saver, thread, "", { parentId: root, values: { b: value }, versions: { b: 2 }, newVersions: { b: 2 } }));
    }
    const read = async (id: string) => (await tupleAt(saver, thread, "", id))?.checkpoint.channel_values.b;
    expectProbe("channel b of the two forks", ["fork A", "fork B"], [await read(forks[0]), await read(forks[1])]);
  },
};
