import { readdirSync, readFileSync } from "node:fs";
import { dirname, join, relative, resolve } from "node:path";
import ts from "typescript";
import { describe, expect, it } from "vitest";

/**
 * The layers of src/, bottom first (docs/contributing.md#layers). A file may
 * import its own layer and the layers below it, never one above; type imports
 * and dynamic imports count. A path names a folder (`report/`) or a file; the
 * longest path that matches a file gives its layer.
 */
export const LAYERS: readonly { name: string; paths: readonly string[] }[] = [
  { name: "util", paths: ["util/", "format.ts", "cleanup/"] },
  // What a saver author writes and the suite's tests are written against.
  {
    name: "contract",
    paths: [
      "registration.ts",
      "assert.ts",
      "test-utils.ts",
      "serde/",
      "kinds/types.ts",
      "kinds/descriptors.ts",
      "kinds/options.ts",
      "kinds/*/capabilities.ts",
      "kinds/*/options.ts",
      "kinds/checkpointer/extended-saver.ts",
      "kinds/checkpointer/profile.ts",
      "kinds/checkpointer/checks/types.ts",
      // The official backends' declared deviations: data a registration passes as knownDeviations, read by the run's suggestions.
      "kinds/*/deviations.ts",
      "backends/known-deviations.ts",
      "backends/task-path-deviation.ts",
      "backends/memory/deviations.ts",
      "backends/sqlite/deviations.ts",
      "backends/postgres/deviations.ts",
    ],
  },
  { name: "checks", paths: ["kinds/checkpointer/checks/"] },
  // One call against a subject: deadlines, the hang rule, the tracked subject, thrown errors, detection.
  { name: "runtime", paths: ["runtime/", "kinds/checkpointer/detect.ts"] },
  // The report as data: its types, the verdict, toDict() and the JSON form. No reporter, no analysis.
  { name: "report data", paths: ["report/types.ts", "report/results.ts", "report/verdict.ts", "report/to-dict.ts"] },
  // Grouping failures by cause (reads the report data).
  { name: "causes", paths: ["diagnosis/causes/"] },
  // The ConformanceReport class and its printReport() text: delegates to the two layers below.
  { name: "report", paths: ["report/"] },
  // What a run is given: options (with each section's own), progress hooks, the section-runner contract.
  { name: "run", paths: ["run/", "graph/options.ts", "kinds/checkpointer/model/options.ts", "kinds/checkpointer/model/behaviours.ts"] },
  // Sections and the diagnosis: each kind's model (kinds/*/model/) is a section like the graph scenarios.
  {
    name: "sections",
    paths: ["diagnosis/", "graph/", "sections/", "kinds/*/model/", "kinds/*/read-back.ts", "kinds/checkpointer/probes/"],
  },
  // The subject kinds: each brings its capability table, detection, spec tests and sections (the tables are in contract).
  { name: "kinds", paths: ["kinds/"] },
  { name: "engine", paths: ["engine/"] },
  { name: "reporters", paths: ["reporters/"] },
  { name: "tools", paths: ["loader/", "backends/", "matrix/", "merge/", "bench/"] },
  { name: "supervisor", paths: ["supervisor/"] },
  // Entry points: the CLI, the test-runner adapters and the package's public barrels.
  { name: "entry", paths: ["cli/", "adapters/", "index.ts", "graph/index.ts", "backends/index.ts"] },
];

const SRC = resolve(import.meta.dirname, "../../src");

/** A path of LAYERS matches a file: a folder (`report/`) or a file, where a `*` segment stands for any one folder name (as in `kinds/KIND/capabilities.ts`). */
function matchesPath(file: string, path: string): boolean {
  const pattern = path.split("/");
  const parts = file.split("/");
  const folder = path.endsWith("/");
  if (folder ? parts.length < pattern.length : parts.length !== pattern.length) return false;
  return pattern.every((segment, i) => segment === "" || segment === "*" || segment === parts[i]);
}

function layerOf(file: string): number {
  let best = { index: -1, length: -1 };
  LAYERS.forEach((layer, index) => {
    for (const path of layer.paths) {
      if (matchesPath(file, path) && path.length > best.length) best = { index, length: path.length };
    }
  });
  return best.index;
}

/** Every relative import of every source file (static, `export … from`, `import()`, `import type`), as paths relative to src/. */
function importGraph(): Map<string, string[]> {
  const files = readdirSync(SRC, { recursive: true, encoding: "utf8" })
    .filter((f) => f.endsWith(".ts"))
    .map((f) => f.split("\\").join("/"));
  const known = new Set(files);
  const graph = new Map<string, string[]>();
  for (const file of files) {
    const { importedFiles } = ts.preProcessFile(readFileSync(join(SRC, file), "utf8"), true, true);
    const targets = importedFiles
      .map((i) => i.fileName)
      .filter((spec) => spec.startsWith("."))
      .map((spec) => {
        const target = relative(SRC, resolve(SRC, dirname(file), spec))
          .split("\\")
          .join("/")
          .replace(/\.js$/, ".ts");
        if (!known.has(target)) throw new Error(`${file} imports ${spec}, which is not a file of src/`);
        return target;
      });
    graph.set(file, targets);
  }
  return graph;
}

/** One cycle per strongly connected component of more than one file (or a file that imports itself). */
function cycles(graph: Map<string, string[]>): string[][] {
  let counter = 0;
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const found: string[][] = [];
  const visit = (v: string): void => {
    index.set(v, counter);
    low.set(v, counter++);
    stack.push(v);
    onStack.add(v);
    for (const w of graph.get(v) ?? []) {
      if (!index.has(w)) {
        visit(w);
        low.set(v, Math.min(low.get(v)!, low.get(w)!));
      } else if (onStack.has(w)) low.set(v, Math.min(low.get(v)!, index.get(w)!));
    }
    if (low.get(v) === index.get(v)) {
      const component: string[] = [];
      let w: string;
      do {
        w = stack.pop()!;
        onStack.delete(w);
        component.push(w);
      } while (w !== v);
      if (component.length > 1 || graph.get(v)!.includes(v)) found.push(component.sort());
    }
  };
  for (const file of graph.keys()) if (!index.has(file)) visit(file);
  return found;
}

describe("the layers of src/", () => {
  const graph = importGraph();

  it("places every source file in a layer", () => {
    expect([...graph.keys()].filter((file) => layerOf(file) < 0)).toEqual([]);
  });

  it("has no import cycle, type imports included", () => {
    expect(cycles(graph)).toEqual([]);
  });

  it("never imports a layer above the importing file's", () => {
    const upward = [...graph].flatMap(([file, targets]) =>
      targets
        .filter((target) => layerOf(target) > layerOf(file))
        .map((target) => `${file} (${LAYERS[layerOf(file)].name}) imports ${target} (${LAYERS[layerOf(target)].name})`),
    );
    expect(upward).toEqual([]);
  });

  it("finds what it guards against (a cycle, an upward import)", () => {
    const bad = new Map([
      ["report/types.ts", ["reporters/summary.ts"]],
      ["reporters/summary.ts", ["report/types.ts"]],
    ]);
    expect(cycles(bad)).toEqual([["report/types.ts", "reporters/summary.ts"]]);
    expect(layerOf("reporters/summary.ts")).toBeGreaterThan(layerOf("report/types.ts"));
    expect(layerOf("report/conformance-report.ts")).toBeGreaterThan(layerOf("report/types.ts"));
  });
});
