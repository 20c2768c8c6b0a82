import { randomUUID } from "node:crypto";
import { uuid6 } from "@langchain/langgraph-checkpoint";
import { expectProbe, type Probe } from "../../../diagnosis/probe.js";
import { idFound, putProbe } from "./store.js";

/**
 * GT-02: getTuple without a checkpoint_id returns the largest id of (thread,
 * ns), also when an older id is put last (a fork or an updateState) and when
 * another namespace and another thread got later checkpoints.
 */
export const latestProbe: Probe = {
  id: "latest",
  clause: "latest",
  catalogId: "GT-02",
  operation: "getTuple()",
  title: "getTuple() without checkpoint_id returns the largest id of the thread and namespace",
  async run(saver) {
    const thread = `probe-latest-${randomUUID()}`;
    const older = uuid6(-1);
    const c1 = await putProbe(saver, thread, "");
    const c2 = await putProbe(saver, thread, "", { parentId: c1 });
    await putProbe(saver, thread, "", { id: older, parentId: c1 });
    await putProbe(saver, thread, "child:1");
    await putProbe(saver, `${thread}-other`, "");
    const named = (id: string | null) => (id === c2 ? "the largest id" : id === older ? "the id put last (an older one)" : String(id));
    expectProbe("getTuple() of the thread without checkpoint_id", "the largest id", named(await idFound(saver, thread, "")));
  },
};
