import { describe, expect, it } from "vitest";
import { runMatrix } from "../../src/matrix/run-matrix.js";
import { planStart, sectionBackends, startProgram, type StartJob, type StartSection } from "../../src/matrix/start-lanes.js";
import { DETAILS_FLAG, writeStartReport } from "../../src/matrix/start-report.js";
import { StartResults } from "../../src/matrix/start-results.js";
import type { BackendOutcome } from "../../src/reporters/matrix/types.js";
import { BEHAVIOURS_TITLE } from "../../src/sections/behaviours/report-section.js";

const program = startProgram(false, {});
const jobs = (() => {
  const plan = planStart(program);
  return [...plan.local, ...plan.workers.flat()].filter((j): j is Extract<StartJob, { kind: "column" }> => j.kind === "column");
})();

/** The built-in memory backends, each on a few capabilities (the run's shape, not its length, is under test). */
const ran = new Map<string, BackendOutcome>(
  await Promise.all(
    (
      [
        ["savers", ["put", "get_tuple"]],
        ["store", ["put_get"]],
        ["cache", ["get_set"]],
      ] as const
    ).map(async ([section, capabilities]) => {
      const memory = sectionBackends(program, section).find((b) => b.id === "memory")!;
      const { outcomes } = await runMatrix([memory], { validate: { capabilities: [...capabilities], model: false, graph: false } });
      return [`${section}/memory`, outcomes[0]!] as const;
    }),
  ),
);

/** Every column delivered: the memory ones ran, the others are skipped (`noServer`: none configured, which does not fail a run) unless `fail` names them. */
async function startReport(
  options: { details?: boolean; fail?: string } = {},
): Promise<{ text: string; exit: number; progress: (string | undefined)[] }> {
  const results = new StartResults(program, jobs);
  let text = "";
  const progress: (string | undefined)[] = [];
  const written = writeStartReport(program, results, {
    write: (t) => (text += t),
    progress: (line) => progress.push(line),
    ...(options.details ? { details: true } : {}),
  });
  for (const job of jobs) {
    const hooks = results.sink.column(job);
    const key = `${job.section}/${job.id}`;
    const outcome: BackendOutcome =
      key === options.fail
        ? { status: "error", id: job.id, title: results.backendOf(job).title, error: "its server did not start", durationMs: 1 }
        : (ran.get(key) ?? {
            status: "skipped",
            id: job.id,
            title: results.backendOf(job).title,
            reason: `${job.id} has no server here`,
            noServer: true,
          });
    hooks.onBackendStart?.(results.backendOf(job));
    hooks.onBackendEnd?.(outcome);
    hooks.matrix({ outcomes: [outcome], durationMs: 1 });
  }
  return { exit: await written, text, progress };
}

const rowOf = (text: string, section: string, id: string) => {
  const lines = text.split("\n");
  const start = lines.findIndex((l) => l.startsWith(section));
  return lines.slice(start + 1).find((l) => new RegExp(`^ {2}. ${id}\\s`).test(l));
};

describe("npm start's first screen", () => {
  it("a summary: each backend of each kind with its verdict, level, tests and deviations counted, and one closing line; the details one flag away", async () => {
    const { text, exit } = await startReport();
    expect(exit).toBe(0);
    const lines = text.trimEnd().split("\n");
    expect(lines.length, text).toBeLessThanOrEqual(50);
    for (const line of lines) expect([...line].length, line).toBeLessThanOrEqual(120);
    expect(rowOf(text, "Checkpointers", "memory")).toMatch(/^ {2}✓ memory\s+MemorySaver\s+(FULL|BASE\S*)\s+✓ \d+\s+\d+$/);
    expect(rowOf(text, "Checkpointers", "sqlite")).toMatch(/^ {2}– sqlite\s+SqliteSaver \(file\)\s+SKIPPED$/);
    expect(text).toContain("    sqlite skipped: sqlite has no server here");
    expect(rowOf(text, "Stores", "memory")).toMatch(/^ {2}✓ memory\s+InMemoryStore\s+\S+\s+✓ \d+( \+\d+ dev)?\s+.*\d+$/);
    expect(rowOf(text, "Caches", "memory")).toMatch(/^ {2}✓ memory\s+InMemoryCache\s+\S+\s+✓ \d+( \+\d+ dev)?\s+.*\d+$/);
    expect(text).toContain(`Details: ${DETAILS_FLAG}`);
    expect(text, "no backend's full report").not.toContain("Validation:");
    expect(lines.at(-1)).toBe("✓ Every backend passed: 1 checkpointer, 1 store, 1 cache (4 not run, named above).");
  });

  it("while it runs, a status line names each backend as it ends; cleared before the report", async () => {
    const { progress } = await startReport({ fail: "store/postgres" });
    // One line per backend (PostgresSaver's two shards are one backend), each naming those ended so far, in the order they ended.
    expect(progress).toHaveLength(7 + 1);
    expect(progress[0]).toMatch(/^finished 1 of 7: \S+( \S+)? [✓✗–]$/);
    const [head, names] = progress.at(-2)!.split(": ");
    expect(head).toBe("finished 7 of 7");
    expect(names.split(", ").sort()).toEqual([
      "cache memory ✓",
      "memory ✓",
      "postgres –",
      "sqlite –",
      "store memory ✓",
      "store pglite –",
      "store postgres ✗",
    ]);
    expect(progress.at(-1)).toBeUndefined();
  });

  it("a backend that did not pass: marked ✗ with why, named in the closing line, exit 1", async () => {
    const { text, exit } = await startReport({ fail: "store/postgres" });
    expect(exit).toBe(1);
    expect(rowOf(text, "Stores", "postgres")).toMatch(/^ {2}✗ postgres\s+PostgresStore\s+ERROR$/);
    expect(text).toContain("    postgres could not run: its server did not start");
    expect(text.trimEnd().split("\n").at(-1)).toBe("✗ Not every backend passed: store postgres.");
  });

  it("--details: after the summary, every backend's report in the report's order and each kind's table, then the closing line again", async () => {
    const { text, exit } = await startReport({ details: true });
    expect(exit).toBe(0);
    const at = (needle: string) => text.indexOf(needle);
    const closing = "✓ Every backend passed: 1 checkpointer, 1 store, 1 cache";
    expect(at("Details: every backend's report and the tables by capability follow")).toBeGreaterThan(0);
    expect(at(closing)).toBeLessThan(at("Checkpointer Validation: MemorySaver"));
    expect(at("Checkpointer Validation: MemorySaver")).toBeLessThan(at("\nSqliteSaver (file)\nskipped: sqlite has no server here"));
    expect(at("\nSqliteSaver (file)\n")).toBeLessThan(at("Conformance matrix: 1 backend ran, 2 skipped"));
    expect(at("Conformance matrix: 1 backend ran")).toBeLessThan(at("Store Validation: InMemoryStore"));
    expect(at("Store Validation: InMemoryStore")).toBeLessThan(at("Stores: Conformance matrix"));
    expect(at("Stores: Conformance matrix")).toBeLessThan(at("Cache Validation: InMemoryCache"));
    expect(text.trimEnd().split("\n").at(-1)).toMatch(new RegExp(`^${closing}`));
    expect(text.split(closing)).toHaveLength(3);
    // Each behaviour profile once: side by side in its kind's table, a count in the backend's report.
    expect(text).toMatch(/ {4}BEHAVIOUR PROFILE: \d+ answers, side by side with the other backends' after the table\n/);
    expect(text).not.toContain(BEHAVIOURS_TITLE);
    expect(text).toContain("Behaviour profile (implementation-defined: answers, never pass/fail):");
  });
});

// The sections' order is the program's: a new kind shows up here first.
it("npm start's sections", () => {
  expect(jobs.map((j) => j.section).filter((s, i, all) => all.indexOf(s) === i)).toEqual<StartSection[]>(["savers", "store", "cache"]);
});
