import { randomUUID } from "node:crypto";
import { expectProbe, type Probe } from "../../../diagnosis/probe.js";
import { at, putProbe, tupleAt, writesOf } from "./store.js";

const VALUE = { large: "x".repeat(300_000), emoji: "😀 👩🏽‍💻 \u{10FFFF}", nul: "a\u0000b", nested: [1, "two", { three: null }] };

/** Falsy channel values are values, not absent ones. */
const FALSY = { zero: 0, no: false, empty: "", nothing: null };

/** SER-01, SER-04, SER-05: a large string, emoji, a NUL character and falsy values round-trip in channel values and in writes. */
export const serdeProbe: Probe = {
  id: "serde",
  clause: "serde",
  catalogId: "SER-05",
  operation: "put() / putWrites()",
  title: "a 300 kB string, emoji, a NUL character and falsy values round-trip in channel values and writes",
  async run(saver) {
    const thread = `probe-serde-${randomUUID()}`;
    const id = await putProbe(saver, thread, "", { values: { v: structuredClone(VALUE), ...FALSY } });
    expectProbe(
      "getTuple().checkpoint.channel_values",
      { v: VALUE, ...FALSY },
      (await tupleAt(saver, thread, "", id))?.checkpoint.channel_values,
    );
    await saver.putWrites(at(thread, "", id), [["v", structuredClone(VALUE)]], "task-1");
    expectProbe("getTuple().pendingWrites", [["task-1", "v", VALUE]], await writesOf(saver, thread, "", id));
  },
};
