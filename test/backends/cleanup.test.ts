import { spawn } from "node:child_process";
import { chmod, mkdtemp, readdir, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { postgresBackend, startEmbeddedPostgres, type PostgresServer } from "../../src/backends/index.js";
import { validate } from "../../src/index.js";
import { processesMentioning } from "./process-probe.js";
import { linkTsxCache } from "../setup/tsx-cache.js";
import { fixtureScriptArgs } from "../cli/spawned-fixture.js";

/** The child: this run's bundle of it (no tsx loader to start), or the TypeScript file through tsx. */
const CHILD_ARGS = fixtureScriptArgs("test/backends/fixtures/postgres-child.ts");
const privateDirs: string[] = [];

afterAll(async () => {
  for (const dir of privateDirs) await rm(dir, { recursive: true, force: true });
});

/**
 * Runs the child with its own TMPDIR; when asked, sends SIGINT once it prints
 * RUNNING: to the node process, or to its whole process group (as a terminal's
 * Ctrl-C: the server's processes get it too).
 */
async function runChild(
  mode: string,
  interrupt: false | "process" | "group",
): Promise<{ tmp: string; code: number | null; signal: string | null; output: string }> {
  const tmp = await mkdtemp(join(tmpdir(), "lgc-cleanup-test-"));
  privateDirs.push(tmp);
  // Like /tmp: as root, the server runs as the postgres user and must reach its files here.
  await chmod(tmp, 0o1777);
  linkTsxCache(tmp, tmpdir());
  const child = spawn(process.execPath, [...CHILD_ARGS, mode], {
    // The embedded server on purpose: with POSTGRES_URL (in `vitest run`, the run's shared server) the child would start none.
    env: { ...process.env, TMPDIR: tmp, POSTGRES_URL: "" },
    stdio: ["ignore", "pipe", "pipe"],
    detached: interrupt === "group",
  });
  let output = "";
  const onData = (chunk: Buffer) => {
    output += chunk.toString();
    if (interrupt && output.includes("RUNNING")) {
      if (interrupt === "group") process.kill(-child.pid!, "SIGINT");
      else child.kill("SIGINT");
      interrupt = false;
    }
  };
  child.stdout.on("data", onData);
  child.stderr.on("data", (chunk: Buffer) => (output += chunk.toString()));
  const [code, signal] = await new Promise<[number | null, string | null]>((resolve) => child.on("exit", (c, s) => resolve([c, s])));
  return { tmp, code, signal, output };
}

// Generous: starting PostgreSQL on a busy 2-core CI machine can take most of a minute.
const CHILD_TIMEOUT_MS = 300_000;

async function expectNothingLeft(tmp: string, output: string): Promise<void> {
  // tsx keeps its compile cache in TMPDIR; everything else there would be ours.
  const left = (await readdir(tmp)).filter((name) => !name.startsWith("tsx-"));
  expect(left, `leftover files in the run's TMPDIR; child output:\n${output}`).toEqual([]);
  expect(await processesMentioning(tmp), `processes still mention ${tmp}; child output:\n${output}`).toEqual([]);
}

describe("embedded PostgreSQL leaves no process or directory behind", () => {
  it.concurrent(
    "after a run that completes",
    async () => {
      const { tmp, code, output } = await runChild("complete", false);
      expect(output).toContain("RUNNING");
      expect(code, output).toBe(0);
      await expectNothingLeft(tmp, output);
    },
    CHILD_TIMEOUT_MS,
  );

  it.concurrent(
    "after a run that fails",
    async () => {
      const { tmp, code, output } = await runChild("fail", false);
      expect(output).toContain("the saver could not be created");
      expect(code, output).toBe(1);
      await expectNothingLeft(tmp, output);
    },
    CHILD_TIMEOUT_MS,
  );

  it.concurrent(
    "after an uncaught exception kills the process mid-run",
    async () => {
      const { tmp, code, output } = await runChild("crash", false);
      expect(output).toContain("uncaught on purpose");
      expect(code, output).not.toBe(0);
      await expectNothingLeft(tmp, output);
    },
    CHILD_TIMEOUT_MS,
  );

  for (const target of ["process", "group"] as const) {
    it.concurrent(
      `after Ctrl-C (SIGINT to the ${target === "process" ? "node process" : "whole process group"}) mid-run: the signal then ends the program as it would have`,
      async () => {
        const { tmp, code, signal, output } = await runChild("interrupt", target);
        expect(output).toContain("RUNNING");
        expect(output).not.toContain("DONE");
        expect(code === 130 || signal === "SIGINT", `exit code ${code}, signal ${signal}\n${output}`).toBe(true);
        await expectNothingLeft(tmp, output);
      },
      CHILD_TIMEOUT_MS,
    );
  }
});

describe("two runs at once do not collide", () => {
  // Two servers started at once, which the tests below use in turn (in order): the suites need one server, not a third.
  // Each one kept as it comes up, so that one failing to start does not leave the other running.
  const servers: PostgresServer[] = [];
  beforeAll(async () => {
    await Promise.all([1, 2].map(async () => servers.push(await startEmbeddedPostgres())));
  }, CHILD_TIMEOUT_MS);
  afterAll(async () => {
    await Promise.all(servers.map((server) => server.stop()));
  });

  it("two embedded servers get their own port, directory and process", () => {
    const [a, b] = servers as [PostgresServer, PostgresServer];
    expect(new URL(a.url).port).not.toBe(new URL(b.url).port);
    expect(a.dataDir).not.toBe(b.dataDir);
    expect(a.pid).not.toBe(b.pid);
  });

  it(
    "two suites at once on one server each use their own schemas and both pass",
    async () => {
      const server = servers[0]!;
      const [first, second] = await Promise.all(
        // A timeout is not what this tests: suites at once on a loaded 2-core machine are slow.
        [1, 2].map(() =>
          validate(postgresBackend.registration({ postgres: server }), {
            capabilities: ["put", "list", "delete_thread"],
            timeoutMs: 60_000,
          }),
        ),
      );
      expect(first.failures()).toEqual([]);
      expect(second.failures()).toEqual([]);
      const { default: pg } = await import("pg");
      const client = new pg.Client({ connectionString: server.url });
      await client.connect();
      try {
        const { rows } = await client.query("SELECT nspname FROM pg_namespace WHERE nspname LIKE 'lgc\\_%'");
        expect(rows, "every schema the suites created is dropped").toEqual([]);
      } finally {
        await client.end();
      }
    },
    CHILD_TIMEOUT_MS,
  );

  it(
    "both servers stop cleanly: no directory, no process left",
    async () => {
      await Promise.all(servers.map((server) => server.stop()));
      for (const server of servers) {
        await expect(readdir(server.dataDir!)).rejects.toMatchObject({ code: "ENOENT" });
        expect(await processesMentioning(server.dataDir!)).toEqual([]);
      }
    },
    CHILD_TIMEOUT_MS,
  );
});
