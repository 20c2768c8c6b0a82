import { describe, expect, it } from "vitest";
import { checkpointerTest } from "../../src/registration.js";
import { memoryBackend, type Backend } from "../../src/backends/index.js";
import { matrixToJson, renderMatrixMarkdown, renderMatrixTerminal, runMatrix, type MatrixResult } from "../../src/matrix/index.js";
import { renderMatrixGithub } from "../../src/reporters/github.js";
import { renderMatrixJunit } from "../../src/reporters/junit.js";
import { reportFromJSON, reportToJSON } from "../../src/sections/report-json.js";
import dropsMetadata from "../mutants/put-drops-custom-metadata.mutant.js";

/** A backend around a saver with one bug, so the matrix has a real disagreement. */
const buggy: Backend = {
  id: "buggy",
  title: "MemorySaver that drops custom metadata",
  knownDeviations: [],
  available: async () => ({ ok: true }),
  registration: () => checkpointerTest({ name: "buggy" }, () => dropsMetadata.create()),
};
const absent: Backend = {
  ...buggy,
  id: "absent",
  title: "a backend without its server",
  available: async () => ({ ok: false, reason: "ABSENT_URL is not set" }),
};

const result: MatrixResult = await runMatrix([memoryBackend, buggy, absent], { validate: { capabilities: ["put"] } });
const caught = dropsMetadata.catches;
const levels = result.outcomes.map((o) => (o.status === "ran" ? o.report.conformanceLevel() : o.status));

describe("runMatrix", () => {
  it("runs the backends that can run and reports the others as skipped with the reason", () => {
    expect(result.outcomes.map((o) => [o.id, o.status])).toEqual([
      ["memory", "ran"],
      ["buggy", "ran"],
      ["absent", "skipped"],
    ]);
    expect(result.outcomes[2]).toMatchObject({ reason: "ABSENT_URL is not set" });
  });
});

describe("renderers", () => {
  it("terminal: a backend x capability table with counts, level and time; the disagreeing row marked, the differing tests named", () => {
    const text = renderMatrixTerminal(result, { color: false });
    const lines = text.split("\n");
    expect(lines.find((l) => /^\s+capability\s+memory\s+buggy\s+absent$/.test(l))).toBeDefined();
    expect(lines.find((l) => l.startsWith("≠ put "))).toMatch(/✓ \d+\s+✗ \d+\/\d+\s+skipped/);
    expect(lines.find((l) => l.trimStart().startsWith("level"))).toMatch(new RegExp(`level\\s+${levels[0]}\\s+${levels[1]}\\s+SKIPPED`));
    expect(lines.find((l) => l.trimStart().startsWith("time"))).toMatch(/time\s+\d+\.\d s\s+\d+\.\d s\s+-/);
    for (const test of caught) expect(text).toContain(`put ${test}: pass: memory; fail: buggy`);
    expect(text).toContain("absent (skipped): ABSENT_URL is not set");
  });

  it("markdown: the same table, the disagreements and why a backend did not run", () => {
    const md = renderMatrixMarkdown(result);
    expect(md).toContain("| capability | memory | buggy | absent |");
    expect(md).toMatch(/\| \*\*≠ put\*\* \| ✓ \d+ \| ✗ \d+\/\d+ \| skipped \|/);
    expect(md).toContain("## Where the backends disagree");
    expect(md).toContain("- `absent` (skipped): ABSENT_URL is not set");
  });

  it("json: every backend with its status, the full report where it ran, and the disagreements", () => {
    const json = JSON.parse(JSON.stringify(matrixToJson(result))) as {
      backends: { id: string; status: string; level?: string; reason?: string; report?: { conformance_level: string } }[];
      capabilities: { capability: string; disagree: boolean; cells: Record<string, unknown> }[];
      disagreements: { test: string; verdicts: Record<string, string> }[];
    };
    expect(json.backends.map((b) => [b.id, b.status, b.level ?? b.reason])).toEqual([
      ["memory", "ran", levels[0]],
      ["buggy", "ran", levels[1]],
      ["absent", "skipped", "ABSENT_URL is not set"],
    ]);
    expect(json.backends[0].report?.conformance_level).toBe(levels[0]);
    expect(json.capabilities.find((c) => c.capability === "put")).toMatchObject({ disagree: true, cells: { absent: null } });
    expect(json.disagreements.map((d) => d.test)).toEqual(expect.arrayContaining([...caught]));
    for (const d of json.disagreements) expect(d.verdicts, d.test).toEqual({ memory: "pass", buggy: "fail" });
  });

  it("terminal and markdown: a row whose only difference is an advisory test is not marked ≠; the advisory test is listed apart", () => {
    const memory = result.outcomes[0];
    if (memory.status !== "ran") throw new Error("memory did not run");
    // The same report with one advisory test's verdict flipped: every required result is the same.
    const json = reportToJSON(memory.report) as {
      results: Record<string, { tests: { name: string; advisory: boolean; status: string }[] }>;
    };
    const advisory = json.results.put.tests.find((t) => t.advisory && t.status === "failed");
    if (advisory === undefined) throw new Error("MemorySaver no longer fails an advisory put test: pick another");
    const flipped = structuredClone(json);
    Object.assign(flipped.results.put.tests.find((t) => t.name === advisory.name)!, { status: "passed" });
    const twins: MatrixResult = { outcomes: [memory, { ...memory, id: "twin", report: reportFromJSON(flipped) }], durationMs: 1 };
    const text = renderMatrixTerminal(twins, { color: false });
    expect(text).toMatch(/^ {2}put\s+✓ \d+\s+✓ \d+$/m);
    expect(text).not.toContain("≠");
    expect(text).toContain("The backends agree on every required test.");
    expect(text).toContain(
      `1 advisory test differs (reported, never a failure):\n  put ${advisory.name}: advisory-fail: memory; advisory-pass: twin`,
    );
    expect(renderMatrixMarkdown(twins)).toMatch(/^\| put \| ✓ \d+ \| ✓ \d+ \|$/m);
    // The JSON's fields are unchanged: the row still disagrees (on an advisory test).
    expect(
      (matrixToJson(twins) as { capabilities: { capability: string; disagree: boolean }[] }).capabilities.find(
        (c) => c.capability === "put",
      )?.disagree,
    ).toBe(true);
  });

  it("junit: each backend's suites prefixed with its id; a skipped backend, one that could not start and an interruption as one case each", () => {
    const errored: MatrixResult = {
      ...result,
      outcomes: [
        ...result.outcomes,
        { status: "error", id: "down", title: "a server that did not start", error: "connection refused", durationMs: 0 },
      ],
      interrupted: { signal: "SIGTERM", notRun: ["later"] },
    };
    const xml = renderMatrixJunit(errored);
    expect(xml).toContain('<testsuite name="memory › put"');
    expect(xml).toMatch(/<testsuite name="buggy › put" tests="\d+" failures="[1-9]/);
    for (const test of caught) expect(xml).toMatch(new RegExp(`<testcase name="${test}" classname="buggy › put"[^>]*>[\\s\\S]*?<failure`));
    expect(xml).toContain('<skipped message="skipped: ABSENT_URL is not set"/>');
    expect(xml).toContain('<failure message="could not start: connection refused">');
    expect(xml).toMatch(/<testsuite name="interrupted" tests="1" failures="1"[\s\S]*Not started: later\./);
  });

  it("github: each ran backend's failures annotated with its id, one for a backend that could not start", () => {
    const text = renderMatrixGithub(
      {
        ...result,
        outcomes: [...result.outcomes, { status: "error", id: "down", title: "down", error: "connection refused", durationMs: 0 }],
      },
      {},
    );
    // One annotation per cause of a backend's failures, naming every test it explains.
    for (const test of caught)
      expect(text).toMatch(new RegExp(`^::error title=buggy › cause \\d+ of \\d+%3A [^\\n]*put › ${test}\\b`, "m"));
    expect(text).not.toMatch(/title=memory › /);
    expect(text).toContain("::error title=down could not start::connection refused");
    expect(text).toMatch(
      /^checkpoint-conformance: memory › MemorySaver: Result: \w+ \(\d+\/\d+\)[^\n]*; 0 causes of 0 failures annotated$/m,
    );
  });
});
