import { randomUUID } from "node:crypto";
import type { CheckpointMetadata } from "@langchain/langgraph-checkpoint";
import { expectProbe, type Probe } from "../../../diagnosis/probe.js";
import { listAll } from "../checks/helpers.js";
import { at, putProbe, tupleAt } from "./store.js";

/** JS-09: metadata as LangGraph writes it (step -1, a parents map keyed by namespace, custom keys) comes back exactly. */
export const metadataProbe: Probe = {
  id: "metadata",
  clause: "metadata",
  catalogId: "JS-09",
  operation: "put()",
  title: "metadata { source, step: -1, parents, custom keys } round-trips exactly through getTuple and list",
  async run(saver) {
    const thread = `probe-metadata-${randomUUID()}`;
    const metadata = {
      source: "input",
      step: -1,
      parents: { "": "parent-id", "outer:1": "outer-id" },
      custom_key: 0.5,
      user: { id: "u1" },
    } as CheckpointMetadata;
    const id = await putProbe(saver, thread, "inner:2", { metadata: structuredClone(metadata) });
    expectProbe("getTuple().metadata", metadata, (await tupleAt(saver, thread, "inner:2", id))?.metadata);
    expectProbe(
      "list() metadata",
      [metadata],
      (await listAll(saver, at(thread, "inner:2"))).map((t) => t.metadata),
    );
  },
};
