import { ALONE, enterLifespan } from "../../src/runtime/lease.js";
import { describe, expect, it } from "vitest";
import { MemorySaver } from "@langchain/langgraph-checkpoint";
import { SqliteSaver } from "@langchain/langgraph-checkpoint-sqlite";
import { postgresForFile } from "../fixtures/postgres-for-file.js";
import { postgresRegistration } from "../../src/backends/postgres/registration.js";
import { checkpointerTest } from "../../src/index.js";
import { ProbeRunner } from "../../src/diagnosis/run-probes.js";
import { PROBES } from "../../src/kinds/checkpointer/probes/index.js";
import { readBack } from "../../src/diagnosis/read-back.js";
import type { RegisteredCheckpointer } from "../../src/registration.js";

/** Ids shaped as the graph scenarios and the model's pools use them. */
const IDS = {
  threads: ["3f0c1d52-9a8b-4c7d-8e6f-5a4b3c2d1e0f:t", "a%c", "x|y"],
  namespaces: ["child:3f0c1d52-9a8b-4c7d-8e6f-5a4b3c2d1e0f", "p:1|c:2"],
};

async function failing(registered: RegisteredCheckpointer): Promise<string[]> {
  const outcomes = await new ProbeRunner(registered, 60_000, ALONE).runAll(PROBES, IDS);
  return outcomes.filter((o) => o.status !== "passed").map((o) => o.probe.id);
}

/**
 * A probe names a cause to the user: on the official savers it fails only
 * where their documented deviations are (else it would blame a correct saver).
 */
describe("the probes on the official savers", () => {
  const postgres = postgresForFile();

  it("MemorySaver passes every probe", async () => {
    expect(await failing(checkpointerTest({ name: "MemorySaver" }, () => new MemorySaver()))).toEqual([]);
  });

  it("SqliteSaver fails only the writes-order probe (its taskPath deviation, G18)", async () => {
    expect(await failing(checkpointerTest({ name: "SqliteSaver" }, () => SqliteSaver.fromConnString(":memory:")))).toEqual([
      "writes-order",
    ]);
  }, 60_000);

  it("PostgresSaver fails only the writes-order and branch-values probes (its G18 and stale-blob deviations)", async () => {
    const registered = postgresRegistration(
      { name: "PostgresSaver", connections: "own", schemaStyle: "plain", knownDeviations: [] },
      postgres.server!,
    );
    const lifespan = await enterLifespan(registered, 120_000);
    try {
      expect(await failing(registered)).toEqual(["writes-order", "branch-values"]);
    } finally {
      await lifespan.end();
    }
  }, 180_000);

  it("the read-back probe reads SqliteSaver's and PostgresSaver's round trip right through every reader, and its method and reader checks find nothing wrong (it blames no correct saver)", async () => {
    const allRight = {
      checkpoint: { getTuple: true, list: true },
      writes: { getTuple: true, list: true },
      putConfig: true,
      lookalikeIds: { getTuple: true, list: true },
      methods: { getNextVersion: true, deleteThread: true, put: true, putWrites: true },
      readers: Object.fromEntries(
        ["writesOrder", "writesPages", "channelsBatch", "parentLinks", "freshObjects"].map((check) => [
          check,
          { getTuple: true, list: true },
        ]),
      ),
    };
    expect(
      await readBack(
        checkpointerTest({ name: "SqliteSaver" }, () => SqliteSaver.fromConnString(":memory:")),
        "full",
        60_000,
      ),
    ).toEqual(allRight);
    const registered = postgresRegistration(
      { name: "PostgresSaver", connections: "own", schemaStyle: "plain", knownDeviations: [] },
      postgres.server!,
    );
    const lifespan = await enterLifespan(registered, 120_000);
    try {
      expect(await readBack(registered, "full", 60_000)).toEqual(allRight);
    } finally {
      await lifespan.end();
    }
  }, 180_000);
});
