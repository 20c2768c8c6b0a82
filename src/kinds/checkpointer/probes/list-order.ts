import { randomUUID } from "node:crypto";
import { expectProbe, type Probe } from "../../../diagnosis/probe.js";
import { at, idsListed, putProbe } from "./store.js";

/** LS-04, LS-10, LS-11: a chain of four lists newest first, with limit and before honoured. */
export const listOrderProbe: Probe = {
  id: "list-order",
  clause: "list",
  catalogId: "LS-04",
  operation: "list()",
  title: "list() of a four-checkpoint thread: newest first, limit and before honoured",
  async run(saver) {
    const thread = `probe-list-${randomUUID()}`;
    const ids: string[] = [];
    for (let i = 0; i < 4; i++) ids.push(await putProbe(saver, thread, "", { parentId: ids[i - 1] }));
    const [c0, c1, c2, c3] = ids;
    const label = (id: string) => `C${ids.indexOf(id)}`;
    const listed = async (options?: Parameters<typeof idsListed>[3]) => (await idsListed(saver, thread, "", options)).map(label);
    expectProbe("list() (C0 oldest … C3 newest)", [c3, c2, c1, c0].map(label), await listed());
    expectProbe("list({ limit: 2 })", [c3, c2].map(label), await listed({ limit: 2 }), { operation: "list()", catalogId: "LS-11" });
    expectProbe("list({ before: C2 })", [c1, c0].map(label), await listed({ before: at(thread, "", c2) }), {
      operation: "list()",
      catalogId: "LS-10",
    });
  },
};
