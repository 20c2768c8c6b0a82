/**
 * What a user does with the installed package, in a fresh project of either
 * kind: the README's quickstart, the CLI on every module extension, require()
 * of every subpath, and the runner adapters. One test file per kind of
 * project, so they run in parallel.
 */
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createScratchProject, packedTarball, removeScratch, REQUIRED_PEERS, type ScratchProject } from "./scratch-project.js";
import { MY_SAVER_SOURCE, readmeExample } from "./readme-examples.js";

export const IMPORT_SAVER = (name: string) => `import { MemorySaver } from "@langchain/langgraph-checkpoint";
import { checkpointerTest } from "langgraph-checkpoint-conformance";

export default checkpointerTest({ name: "${name}" }, async function* () {
  yield new MemorySaver();
});
`;

export const TYPED_SAVER = (name: string) => `import { MemorySaver } from "@langchain/langgraph-checkpoint";
import { checkpointerTest, type CheckpointerTestOptions } from "langgraph-checkpoint-conformance";

const options: CheckpointerTestOptions = { name: "${name}" };
export default checkpointerTest(options, async function* () {
  yield new MemorySaver();
});
`;

export const REQUIRE_SAVER = (name: string) => `const { MemorySaver } = require("@langchain/langgraph-checkpoint");
const { checkpointerTest } = require("langgraph-checkpoint-conformance");

module.exports = checkpointerTest({ name: "${name}" }, async function* () {
  yield new MemorySaver();
});
`;

/** A saver with one bug: getTuple() loses the metadata's custom keys. */
const BROKEN_SAVER = `import { MemorySaver } from "@langchain/langgraph-checkpoint";
import { checkpointerTest } from "langgraph-checkpoint-conformance";

class DropsCustomMetadata extends MemorySaver {
  override async getTuple(config: Parameters<MemorySaver["getTuple"]>[0]) {
    const tuple = await super.getTuple(config);
    if (!tuple) return tuple;
    const { source, step, parents } = tuple.metadata ?? {};
    return { ...tuple, metadata: { source, step, parents } as typeof tuple.metadata };
  }
}

export default checkpointerTest({ name: "DropsCustomMetadata" }, async function* () {
  yield new DropsCustomMetadata();
});
`;

const REQUIRE_EVERY_SUBPATH = `const subpaths = ["", "/test-utils", "/backends", "/graph", "/vitest", "/jest", "/node-test"];
for (const subpath of subpaths) {
  const exported = require("langgraph-checkpoint-conformance" + subpath);
  console.log(\`\${subpath || "."}: \${Object.keys(exported).length} exports\`);
}
console.log("checkpointerTest is a " + typeof require("langgraph-checkpoint-conformance").checkpointerTest);
`;

const NODE_TEST_ESM = `import { describeConformance } from "langgraph-checkpoint-conformance/node-test";
import registered from "./saver.mjs";

describeConformance(registered, { capabilities: ["get_tuple"] });
`;

const NODE_TEST_CJS = `const { describeConformance } = require("langgraph-checkpoint-conformance/node-test");
const registered = require("./saver.cjs");

describeConformance(registered, { capabilities: ["get_tuple"] });
`;

/** Every extension the CLI loads, with the module syntax each has in this kind of project. */
function saverModules(type: "module" | "commonjs"): Record<string, string> {
  return {
    "saver.ts": TYPED_SAVER("saver.ts"),
    "saver.mts": TYPED_SAVER("saver.mts"),
    "saver.cts": TYPED_SAVER("saver.cts"),
    "saver.js": type === "module" ? IMPORT_SAVER("saver.js") : REQUIRE_SAVER("saver.js"),
    "saver.mjs": IMPORT_SAVER("saver.mjs"),
    "saver.cjs": REQUIRE_SAVER("saver.cjs"),
  };
}

export interface InstalledPackage {
  /** Where this file's scratch projects go. */
  root: string;
  tarball: string;
  project: ScratchProject;
}

/** Gets the run's tarball, makes a project of this type with it, and registers the tests every project must pass. */
export function describeInstalledPackage(type: "module" | "commonjs"): InstalledPackage {
  const installed = { root: mkdtempSync(join(tmpdir(), `conformance-installed-${type}-`)) } as InstalledPackage;

  beforeAll(async () => {
    installed.tarball = await packedTarball();
    const project = createScratchProject({
      dir: join(installed.root, type),
      tarball: installed.tarball,
      type,
      install: [...REQUIRED_PEERS, "tsx", "vitest"],
    });
    for (const [file, source] of Object.entries(saverModules(type))) project.write(file, source);
    project.write("src/my-saver.ts", MY_SAVER_SOURCE);
    project.write("my-saver.ts", readmeExample("my-saver.ts"));
    project.write("my-saver.conformance.mts", readmeExample("my-saver.conformance.mts"));
    project.write("my-saver.conformance.test.ts", readmeExample("my-saver.conformance.test.ts"));
    project.write("broken-saver.ts", BROKEN_SAVER);
    project.write("require-every-subpath.cjs", REQUIRE_EVERY_SUBPATH);
    project.write("node-test.test.mjs", NODE_TEST_ESM);
    project.write("node-test.test.cjs", NODE_TEST_CJS);
    installed.project = project;
  });

  afterAll(() => removeScratch(installed.root));

  describe(`a project with "type": "${type}"`, () => {
    it("runs the README's quickstart: the CLI on my-saver.ts, and the script", async () => {
      const cli = await installed.project.npx("checkpoint-conformance", ["./my-saver.ts"]);
      expect(cli.stderr + cli.stdout).toContain("Result: FULL");
      expect(cli.code).toBe(0);
      const script = await installed.project.npx("tsx", ["my-saver.conformance.mts"]);
      expect(script.stdout).toContain("Checkpointer Validation: MySaver");
      expect(script.code).toBe(0);
    });

    it.each(Object.keys(saverModules(type)))("loads a %s saver module in the CLI", async (file) => {
      const run = await installed.project.npx("checkpoint-conformance", [`./${file}`, "--capabilities", "get_tuple"]);
      expect(run.stderr).toBe("");
      expect(run.stdout).toContain(`Checkpointer Validation: ${file}`);
      expect(run.stdout).toContain("Result: FULL (1/1)");
      expect(run.code).toBe(0);
    });

    it("exits 1 on a broken saver and names the broken clause", async () => {
      const run = await installed.project.npx("checkpoint-conformance", ["./broken-saver.ts", "--capabilities", "get_tuple"]);
      // Grouped by cause: the cause's headline names the clause, and the test is listed under it.
      expect(run.stdout).toMatch(/1 bug likely — \d+ failures because of it:\n\s+1\) getTuple\(\)[^\n]*\[GT-06/);
      expect(run.stdout).toContain("get_tuple › test_get_tuple_metadata");
      expect(run.code).toBe(1);
    });

    it("without @langchain/langgraph: --graph asked for exits 2 saying what to install; --backends leaves the graph scenarios out and says why", async () => {
      const asked = await installed.project.npx("checkpoint-conformance", ["./saver.mjs", "--graph", "--capabilities", "get_tuple"]);
      expect(asked.stderr).toBe(
        'checkpoint-conformance: --graph asks for the graph scenarios, which need @langchain/langgraph: the optional package "@langchain/langgraph" is not installed (npm install @langchain/langgraph)\n',
      );
      expect(asked.code).toBe(2);
      const scenarios = await installed.project.npx("checkpoint-conformance", ["./saver.mjs", "--graph-scenarios", "G01"]);
      expect(scenarios.stderr).toContain("--graph-scenarios asks for the graph scenarios, which need @langchain/langgraph");
      expect(scenarios.code).toBe(2);
      const matrix = await installed.project.npx("checkpoint-conformance", [
        "--backends",
        "memory",
        "--capabilities",
        "get_tuple",
        "--model",
        "0",
      ]);
      expect(matrix.stdout).toContain(
        'Matrix: memory (without the graph scenarios: the optional package "@langchain/langgraph" is not installed (npm install @langchain/langgraph))',
      );
      expect(matrix.stdout).not.toContain("graph scenarios  ");
      expect(matrix.code).toBe(0);
    });

    it("require()s every subpath of the package", async () => {
      const run = await installed.project.node(["require-every-subpath.cjs"]);
      expect(run.stderr).toBe("");
      expect(run.stdout).toContain("checkpointerTest is a function");
      expect(run.stdout.match(/: [1-9]\d* exports/g)).toHaveLength(7);
      expect(run.code).toBe(0);
    });

    it("runs the README's vitest example", async () => {
      const run = await installed.project.npx("vitest", ["run", "my-saver.conformance.test.ts"]);
      expect(run.stdout).toMatch(/Tests\s+\d+ passed/);
      expect(run.code).toBe(0);
    });

    it("runs the node:test adapter, imported and required", async () => {
      for (const file of ["node-test.test.mjs", "node-test.test.cjs"]) {
        const run = await installed.project.node(["--test", file]);
        expect(run.stdout).toMatch(/# pass 1\d/);
        expect(run.stdout).toContain("# fail 0");
        expect(run.code).toBe(0);
      }
    });
  });

  return installed;
}
