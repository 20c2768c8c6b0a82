import { describe, expect, it } from "vitest";
import { memoryBackend, runMatrix } from "../../src/backends/index.js";
import { SharedResources } from "../../src/backends/shared-resources.js";
import type { Backend, BackendResources } from "../../src/backends/types.js";
import type { PostgresServer } from "../../src/backends/postgres/server.js";

/** npm start hands the savers' servers on to the product table: a run given `shared` leaves them to the caller. */
describe("runMatrix with the caller's shared resources", () => {
  it("uses them and does not release them; without them it releases its own", async () => {
    const released: string[] = [];
    // A server already in the caller's resources: the run must hand it to the backend, not start its own.
    const server = { kind: "external", url: "postgres://given" } as unknown as PostgresServer;
    const given = new SharedResources({ postgres: server });
    given.release = async () => void released.push("given");
    let seen: BackendResources | undefined;
    const usesPostgres: Backend = {
      ...memoryBackend,
      id: "uses-postgres",
      uses: "postgres",
      registration: (resources) => ((seen = resources), memoryBackend.registration()),
    };
    const options = { validate: { capabilities: ["put"] as const, model: false, graph: false } };
    const result = await runMatrix([usesPostgres], { ...options, shared: given });
    expect(result.outcomes.map((o) => o.status)).toEqual(["ran"]);
    expect(seen?.postgres).toBe(server);
    expect(released).toEqual([]);
    const release = SharedResources.prototype.release;
    SharedResources.prototype.release = async function () {
      released.push("own");
      return release.call(this);
    };
    try {
      await runMatrix([memoryBackend], options);
    } finally {
      SharedResources.prototype.release = release;
    }
    expect(released).toEqual(["own"]);
  }, 60_000);
});
