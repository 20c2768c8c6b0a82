import { spawn } from "node:child_process";
import { chmod, mkdtemp, readdir, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, describe, expect, it } from "vitest";
import { postgresBackend, startEmbeddedPostgres } from "../../src/backends/index.js";
import { validate } from "../../src/index.js";
import { processesMentioning } from "./process-probe.js";

const CHILD = fileURLToPath(new URL("./fixtures/postgres-child.ts", import.meta.url));
const privateDirs: string[] = [];

afterAll(async () => {
  for (const dir of privateDirs) await rm(dir, { recursive: true, force: true });
});

/**
 * Runs the child with its own TMPDIR; when asked, sends SIGINT once it prints
 * RUNNING: to the node process, or to its whole process group (as a terminal's
 * Ctrl-C: the server's processes get it too).
 */
async function runChild(mode: string, interrupt: false | "process" | "group"): Promise<{ tmp: string; code: number | null; signal: string | null; output: string }> {
  const tmp = await mkdtemp(join(tmpdir(), "lgc-cleanup-test-"));
  privateDirs.push(tmp);
  // Like /tmp: as root, the server runs as the postgres user and must reach its files here.
  await chmod(tmp, 0o1777);
  const child = spawn(process.execPath, ["--import", "tsx", CHILD, mode], {
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
  it.concurrent("after a run that completes", async () => {
    const { tmp, code, output } = await runChild("complete", false);
    expect(output).toContain("RUNNING");
    expect(code, output).toBe(0);
    await expectNothingLeft(tmp, output);
  }, CHILD_TIMEOUT_MS);

  it.concurrent("after a run that fails", async () => {
    const { tmp, code, output } = await runChild("fail", false);
    expect(output).toContain("the saver could not be created");
    expect(code, output).toBe(1);
    await expectNothingLeft(tmp, output);
  }, CHILD_TIMEOUT_MS);

  it.concurrent("after an uncaught exception kills the process mid-run", async () => {
    const { tmp, code, output } = await runChild("crash", false);
    expect(output).toContain("uncaught on purpose");
    expect(code, output).not.toBe(0);
    await expectNothingLeft(tmp, output);
  }, CHILD_TIMEOUT_MS);

  for (const target of ["process", "group"] as const) {
    it.concurrent(`after Ctrl-C (SIGINT to the ${target === "process" ? "node process" : "whole process group"}) mid-run: the signal then ends the program as it would have`, async () => {
      const { tmp, code, signal, output } = await runChild("interrupt", target);
      expect(output).toContain("RUNNING");
      expect(output).not.toContain("DONE");
      expect(code === 130 || signal === "SIGINT", `exit code ${code}, signal ${signal}\n${output}`).toBe(true);
      await expectNothingLeft(tmp, output);
    }, CHILD_TIMEOUT_MS);
  }
});

describe("two runs at once do not collide", () => {
  it("two embedded servers get their own port, directory and process, and both stop cleanly", async () => {
    const [a, b] = await Promise.all([startEmbeddedPostgres(), startEmbeddedPostgres()]);
    try {
      expect(new URL(a.url).port).not.toBe(new URL(b.url).port);
      expect(a.dataDir).not.toBe(b.dataDir);
      expect(a.pid).not.toBe(b.pid);
    } finally {
      await Promise.all([a.stop(), b.stop()]);
    }
    for (const server of [a, b]) {
      await expect(readdir(server.dataDir!)).rejects.toMatchObject({ code: "ENOENT" });
      expect(await processesMentioning(server.dataDir!)).toEqual([]);
    }
  }, CHILD_TIMEOUT_MS);

  it("two suites at once on one server each use their own schemas and both pass", async () => {
    const server = await startEmbeddedPostgres();
    try {
      const [first, second] = await Promise.all(
        [1, 2].map(() => validate(postgresBackend.registration({ postgres: server }), { capabilities: ["put", "list", "delete_thread"], timeoutMs: 30_000 })),
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
    } finally {
      await server.stop();
    }
  }, CHILD_TIMEOUT_MS);
});
