import { describe, expect, it } from "vitest";
import { CACHE_BACKENDS, STORE_BACKENDS } from "../../src/backends/index.js";
import { STORE_CACHE_BACKEND_IDS } from "../../src/backends/ids.js";
import { storeAndCacheMatrices } from "../../src/backends/subject-matrix.js";
import { parseCliArgs } from "../../src/cli/args.js";
import { runInProcess } from "../cli/run-cli-in-process.js";

/** `--backends` runs the built-in stores and caches too: `all`, or `store:<id>` / `cache:<id>`. */
describe("--backends with stores and caches", () => {
  it("knows every built-in store and cache by a kind-prefixed id", () => {
    expect(STORE_CACHE_BACKEND_IDS).toEqual([...STORE_BACKENDS.map((b) => `store:${b.id}`), ...CACHE_BACKENDS.map((b) => `cache:${b.id}`)]);
    expect(parseCliArgs(["--backends", "memory,store:postgres,cache:memory"]).options.backends).toEqual([
      "memory",
      "store:postgres",
      "cache:memory",
    ]);
    expect(() => parseCliArgs(["--backends", "store:dynamo"])).toThrow(
      /unknown backend "store:dynamo" in --backends; known: .*store:memory, store:postgres, store:pglite, cache:memory/,
    );
  });

  it('"all" runs every store and cache, the opt-in PGlite store skipped with its reason unless named; saver ids alone run none', async () => {
    const all = storeAndCacheMatrices(["all"], true, {});
    expect(all.map((m) => [m.kind, m.backends.map((b) => b.id)])).toEqual([
      ["store", ["memory", "postgres", "pglite"]],
      ["cache", ["memory"]],
    ]);
    const pglite = all[0]!.backends.find((b) => b.id === "pglite")!;
    expect(await pglite.available()).toEqual({ ok: false, reason: expect.stringMatching(/^opt-in: PGlite/), noServer: true });
    const named = storeAndCacheMatrices(["store:pglite"], false, {});
    expect(named[0]!.backends.map((b) => b.id)).toEqual(["pglite"]);
    expect(await named[0]!.backends[0]!.available()).not.toMatchObject({ reason: expect.stringMatching(/^opt-in/) });
    expect(storeAndCacheMatrices(["memory", "sqlite"], false, {})).toEqual([]);
  });

  it("prints a table per kind with the store model row and every +n dev named, exit 0", async () => {
    const run = await runInProcess(["--backends", "store:memory,cache:memory"]);
    expect(run.code, run.stderr).toBe(0);
    expect(run.stdout).toMatch(/Store matrix: memory\n/);
    expect(run.stdout).toMatch(/\n {2}store model +✓ 20 seq \+1 dev\n/);
    expect(run.stdout).toMatch(/\n {2}memory batch: test_store_batch_puts_of_lookalike_paths_are_distinct\n/);
    expect(run.stdout).toMatch(/\n {2}memory store model: batch-dedupes-by-joined-key\n/);
    expect(run.stdout).toMatch(/Cache matrix: memory\n[\s\S]*Caches: Conformance matrix: 1 backend ran\n/);
    expect(run.stdout).toMatch(/\n {2}memory namespaces: \S+/);
  }, 60_000);
});
