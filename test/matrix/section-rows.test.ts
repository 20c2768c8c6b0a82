import { describe, expect, it } from "vitest";
import { checkpointerTest } from "../../src/registration.js";
import { memoryBackend, type Backend } from "../../src/backends/index.js";
import { GraphSection } from "../../src/graph/report-section.js";
import {
  buildGrid,
  matrixToJson,
  renderMatrixMarkdown,
  renderMatrixTerminal,
  runMatrix,
  type MatrixResult,
} from "../../src/matrix/index.js";
import latestByStep from "../mutants/graph/latest-by-step.graph-mutant.js";
import dropsMetadata from "../mutants/put-drops-custom-metadata.mutant.js";

/** A backend around a mutant: a real disagreement for the matrix to show. */
function mutantBackend(id: string, create: () => ReturnType<typeof latestByStep.create>): Backend {
  return {
    id,
    title: id,
    knownDeviations: [],
    available: async () => ({ ok: true }),
    registration: () => checkpointerTest({ name: id }, () => create()),
  };
}

// latest-by-step passes the storage specs and fails G06 only in a graph; drops-metadata disagrees with the model.
const latest = mutantBackend("latest-by-step", () => latestByStep.create());
const drops = mutantBackend("drops-metadata", () => dropsMetadata.create());
const result: MatrixResult = await runMatrix([memoryBackend, latest, drops], {
  validate: { capabilities: ["put"], graph: { scenarios: ["G05", "G06"] }, model: { runs: 40, seed: 1 } },
});
const grid = buildGrid(result);
const graphRow = grid.sectionRows.find((r) => r.key === "graph")!;
const modelRow = grid.sectionRows.find((r) => r.key === "model")!;

describe("matrix rows for the report sections", { timeout: 60_000 }, () => {
  it("adds a graph row and a model row after the capability rows, one cell per backend", () => {
    expect(grid.sectionRows.map((r) => r.label)).toEqual(["graph scenarios", "model"]);
    expect(graphRow.cells.map((c) => c?.status)).toEqual(["passed", "failed", expect.any(String)]);
    expect(graphRow.cells[0]!.failed).toBe(0);
    expect(graphRow.cells[1]!.failed).toBeGreaterThan(0);
    expect(graphRow.cells[1]!.text).toMatch(/^✗ \d+\/\d+$/);
    expect(modelRow.cells[0]).toMatchObject({ status: "passed", passed: 40, text: "✓ 40 seq" });
    expect(modelRow.cells[2]).toMatchObject({ status: "failed", failed: 1 });
  });

  it("marks both rows as disagreeing and names each differing graph case and the model run", () => {
    expect(graphRow.disagree).toBe(true);
    expect(modelRow.disagree).toBe(true);
    const g06 = grid.disagreements.filter((d) => d.row === "graph" && d.test.startsWith("G06"));
    expect(g06.length).toBeGreaterThan(0);
    for (const d of g06.filter((x) => x.verdicts["latest-by-step"] === "fail")) expect(d.verdicts.memory).toBe("pass");
    const model = grid.disagreements.find((d) => d.row === "model");
    expect(model).toMatchObject({ test: "random sequences", verdicts: { memory: "pass", "drops-metadata": "fail" } });
  });

  it("terminal and markdown show the rows, marked ≠, and list the differing cases", () => {
    const text = renderMatrixTerminal(result, { color: false });
    const graphLine = text.split("\n").find((l) => l.includes("graph scenarios"));
    expect(graphLine).toMatch(/^≠ graph scenarios\s+✓ \d+\s+✗ \d+\/\d+/);
    expect(text.split("\n").find((l) => /^≠ model\s/.test(l))).toContain("✓ 40 seq");
    expect(text).toMatch(/graph G06\S* .*pass: memory.*fail: latest-by-step/);
    expect(text).toContain("model random sequences: pass: memory");
    const md = renderMatrixMarkdown(result);
    expect(md).toMatch(/\| \*\*≠ graph scenarios\*\* \| ✓ \d+ \| ✗ \d+\/\d+ \|/);
    expect(md).toContain("Graph scenarios count cases");
  });

  it("terminal: a section a backend skipped is named under Not run, with the reason", () => {
    const reason = "@langchain/langgraph is not installed (npm install @langchain/langgraph)";
    const outcomes = result.outcomes.map((o, i) => {
      if (i !== 0 || o.status !== "ran") return o;
      const sections = o.report.sections.map((s) => (s.key === "graph" ? new GraphSection({ skipped: reason }) : s));
      return {
        ...o,
        report: Object.assign(Object.create(Object.getPrototypeOf(o.report) as object) as typeof o.report, o.report, { sections }),
      };
    });
    const text = renderMatrixTerminal({ ...result, outcomes });
    expect(text.split("\n").find((l) => l.includes("graph scenarios"))).toMatch(/skipped/);
    expect(text).toContain(`Not run:\n  memory graph scenarios: ${reason}`);
  });

  it("json: a sections list with per-backend counts", () => {
    const json = JSON.parse(JSON.stringify(matrixToJson(result))) as {
      sections: { section: string; disagree: boolean; cells: Record<string, { status: string; failed: number } | null> }[];
    };
    expect(json.sections.map((s) => s.section)).toEqual(["graph", "model"]);
    expect(json.sections[0].cells.memory).toMatchObject({ status: "passed", failed: 0 });
    expect(json.sections[0].cells["latest-by-step"]).toMatchObject({ status: "failed" });
    expect(json.sections[1].cells["drops-metadata"]).toMatchObject({ status: "failed", failed: 1 });
  });

  it("no section rows when no section ran", async () => {
    const plain = await runMatrix([memoryBackend], { validate: { capabilities: ["put"] } });
    expect(buildGrid(plain).sectionRows).toEqual([]);
    expect(renderMatrixTerminal(plain, { color: false })).not.toContain("graph scenarios");
  });
});
