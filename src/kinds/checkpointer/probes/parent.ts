import { randomUUID } from "node:crypto";
import { expectProbe, type Probe } from "../../../diagnosis/probe.js";
import { listAll } from "../checks/helpers.js";
import { at, putProbe, tupleAt } from "./store.js";

/** PUT-12, GT-07: the parent from the put config comes back as a full parentConfig, by getTuple and by list. */
export const parentProbe: Probe = {
  id: "parent",
  clause: "parent",
  catalogId: "GT-07",
  operation: "put() / getTuple()",
  title: "a checkpoint put with a parent id returns it as parentConfig (thread, namespace, id)",
  async run(saver) {
    const thread = `probe-parent-${randomUUID()}`;
    const ns = "child:1";
    const parent = await putProbe(saver, thread, ns);
    const child = await putProbe(saver, thread, ns, { parentId: parent });
    const expected = { thread_id: thread, checkpoint_ns: ns, checkpoint_id: parent };
    const ids = (c: { configurable?: Record<string, unknown> } | undefined) =>
      c?.configurable
        ? { thread_id: c.configurable.thread_id, checkpoint_ns: c.configurable.checkpoint_ns, checkpoint_id: c.configurable.checkpoint_id }
        : null;
    expectProbe("getTuple(child).parentConfig.configurable", expected, ids((await tupleAt(saver, thread, ns, child))?.parentConfig));
    expectProbe(
      "list() newest tuple's parentConfig.configurable",
      expected,
      ids((await listAll(saver, at(thread, ns), { limit: 1 }))[0]?.parentConfig),
      { operation: "list()", catalogId: "LS-17" },
    );
  },
};
