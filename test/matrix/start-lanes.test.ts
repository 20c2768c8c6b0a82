import { describe, expect, it } from "vitest";
import { laneOf, planStart, sectionBackends, startProgram, startSections, type StartJob } from "../../src/matrix/start-lanes.js";

const describeJob = (job: StartJob) =>
  job.kind === "product" ? `product:${job.lane}` : `${job.section}:${job.id}${job.shard ? ` ${job.shard.index}/${job.shard.count}` : ""}`;

describe("npm start's plan: who runs what", () => {
  const program = startProgram(true, {});

  it("runs the backends without a server here, in the report's order, and the server backends in the workers: each server saver in one shard per worker, the server store and product cases dealt out", () => {
    const plan = planStart(program);
    expect(plan.local.map(describeJob)).toEqual(["savers:memory", "savers:sqlite", "store:memory", "cache:memory", "product:local"]);
    expect(plan.workers.map((jobs) => jobs.map(describeJob))).toEqual([
      ["savers:postgres 1/2", "store:pglite", "product:server"],
      ["savers:postgres 2/2", "store:postgres"],
    ]);
  });

  it("runs every column of every section exactly once (a sharded one: every shard once), and the product's two parts", () => {
    for (const workers of [1, 2, 3]) {
      const plan = planStart(program, workers);
      const jobs = [...plan.local, ...plan.workers.flat()];
      for (const section of startSections(program)) {
        for (const backend of sectionBackends(program, section)) {
          const mine = jobs.filter((j) => j.kind === "column" && j.section === section && j.id === backend.id);
          const shards = mine.map((j) => (j.kind === "column" && j.shard ? j.shard.index : 1)).sort();
          const expected = section === "savers" && laneOf(backend) === "server" ? Array.from({ length: workers }, (_, i) => i + 1) : [1];
          expect(shards, `${section}:${backend.id} with ${workers} workers`).toEqual(expected);
        }
      }
      expect(
        jobs
          .filter((j) => j.kind === "product")
          .map(describeJob)
          .sort(),
      ).toEqual(["product:local", "product:server"]);
    }
  });

  it("without the graph scenarios, no product", () => {
    const plan = planStart(startProgram(false, {}));
    expect([...plan.local, ...plan.workers.flat()].some((j) => j.kind === "product")).toBe(false);
  });
});
