import { randomUUID } from "node:crypto";
import { uuid6 } from "@langchain/langgraph-checkpoint";
import { expectProbe, type Probe } from "../../../diagnosis/probe.js";
import { at, putProbe, writesOf } from "./store.js";

/** Writes sent while their checkpoint's put() is still running (async and exit durability) are kept. */
export const writesBeforePutProbe: Probe = {
  id: "writes-before-put",
  clause: "writes-before-put",
  catalogId: "PW-01",
  operation: "putWrites()",
  title: "putWrites() issued before its checkpoint's put() has finished is kept",
  async run(saver) {
    const thread = `probe-early-${randomUUID()}`;
    const id = uuid6(-1);
    const writes = saver.putWrites(at(thread, "", id), [["ch", "early"]], "task-1");
    await Promise.all([writes, putProbe(saver, thread, "", { id })]);
    expectProbe("getTuple().pendingWrites", [["task-1", "ch", "early"]], await writesOf(saver, thread, "", id));
  },
};
