/**
 * The package's types as TypeScript users resolve them: every subpath under
 * moduleResolution node16, nodenext, bundler and node10, in ESM and CommonJS
 * projects. Each `@ts-expect-error` below fails the compile if the types
 * resolved to `any`, so a pass means real types were found. Plain `tsc`
 * checks our declarations too (skipLibCheck false, TypeScript's default) in a
 * project without the optional peers (`@langchain/langgraph`): the public
 * types must not need them. The six configs are checked as `tsc -p` would,
 * in this process with the project's typescript (./type-checker.ts): the
 * declarations every config reads parse once.
 */
import { mkdtempSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { REPO_ROOT } from "../cli/run-cli-process.js";
import { createScratchProject, packedTarball, removeScratch, REQUIRED_PEERS, type ScratchProject } from "./scratch-project.js";
import { createTypeChecker, type TypeChecker } from "./type-checker.js";
import { documentedImports, documentedImportsModule, documentedValuesScript } from "./documented-imports.js";
import { MY_SAVER_SOURCE, readmeExample } from "./readme-examples.js";

const USES_EVERY_SUBPATH = `import { checkpointerTest, validate, ProgressCallbacks, type ConformanceReport } from "langgraph-checkpoint-conformance";
import { generateCheckpoint } from "langgraph-checkpoint-conformance/test-utils";
import { BACKENDS } from "langgraph-checkpoint-conformance/backends";
import { GRAPH_SCENARIO_IDS, GRAPH_SCENARIOS, type GraphScenario } from "langgraph-checkpoint-conformance/graph";
import { describeConformance as forVitest } from "langgraph-checkpoint-conformance/vitest";
import { describeConformance as forNodeTest } from "langgraph-checkpoint-conformance/node-test";
import { describeConformance as forJest } from "langgraph-checkpoint-conformance/jest";

// @ts-expect-error name must be a string
checkpointerTest({ name: 42 }, () => undefined as never);
// @ts-expect-error id must be a string
generateCheckpoint({ id: 42 });
// @ts-expect-error not a registration
void forVitest(42);
// @ts-expect-error not a registration
void forNodeTest(42);
// @ts-expect-error not a registration
void forJest(42);
const ids: readonly string[] = GRAPH_SCENARIO_IDS;
const first: string = BACKENDS[0].id;
const scenarios: readonly GraphScenario[] = GRAPH_SCENARIOS;
export const run: (r: Parameters<typeof validate>[0]) => Promise<ConformanceReport> = (r) => validate(r);
// The README's quickstart passes a preset; tsc --init's exactOptionalPropertyTypes must accept it.
export const runWithProgress = (r: Parameters<typeof validate>[0]) => validate(r, { progress: ProgressCallbacks.default() });
export { ids, first, scenarios };
`;

interface Setup {
  type: "module" | "commonjs";
  module: string;
  moduleResolution: string;
  /** false: plain tsc, which also checks the package's own declarations. */
  skipLibCheck: boolean;
}

const SETUPS: Setup[] = [
  { type: "module", module: "nodenext", moduleResolution: "nodenext", skipLibCheck: false },
  { type: "module", module: "node16", moduleResolution: "node16", skipLibCheck: true },
  { type: "module", module: "esnext", moduleResolution: "bundler", skipLibCheck: true },
  { type: "commonjs", module: "nodenext", moduleResolution: "nodenext", skipLibCheck: false },
  { type: "commonjs", module: "node16", moduleResolution: "node16", skipLibCheck: true },
  { type: "commonjs", module: "commonjs", moduleResolution: "node10", skipLibCheck: true },
];

const root = mkdtempSync(join(tmpdir(), "conformance-types-"));
/** Every name the README and docs import from the package, by entry point. */
const DOCUMENTED = documentedImports();
const projects = {} as Record<Setup["type"], ScratchProject>;
let checker: TypeChecker | undefined;

beforeAll(async () => {
  const tarball = await packedTarball();
  for (const type of ["module", "commonjs"] as const) {
    const project = createScratchProject({
      dir: join(root, type),
      tarball,
      type,
      install: [...REQUIRED_PEERS, "typescript", "@types/node"],
    });
    project.write("uses-every-subpath.ts", USES_EVERY_SUBPATH);
    project.write("documented-imports.ts", documentedImportsModule(DOCUMENTED));
    project.write("documented-values.mjs", documentedValuesScript(DOCUMENTED));
    project.write("src/my-saver.ts", MY_SAVER_SOURCE);
    for (const file of ["my-saver.ts", "my-saver.conformance.mts", "my-saver.conformance.ts"]) project.write(file, readmeExample(file));
    projects[type] = project;
  }
  checker = createTypeChecker(projects.module.dir);
});

afterAll(() => {
  // The worker runs other test files after this one: the parsed declarations go.
  checker = undefined;
  removeScratch(root);
});

describe("the package's types", () => {
  it.each(SETUPS)(
    'resolve in a "type": "$type" project with module $module, moduleResolution $moduleResolution, skipLibCheck $skipLibCheck',
    async (setup) => {
      const project = projects[setup.type];
      const config = `tsconfig.${setup.moduleResolution}.${setup.module}.json`;
      // tsc --init turns on exactOptionalPropertyTypes with skipLibCheck; @langchain/core's own declarations fail it without.
      // Plain tsc lists no types, as TypeScript 6 and later default to: the package's declarations must bring Node's types themselves.
      const types = setup.skipLibCheck ? ["node"] : [];
      const compilerOptions = {
        module: setup.module,
        moduleResolution: setup.moduleResolution,
        target: "es2022",
        strict: true,
        exactOptionalPropertyTypes: setup.skipLibCheck,
        noEmit: true,
        skipLibCheck: setup.skipLibCheck,
        types,
      };
      project.write(config, JSON.stringify({ compilerOptions, files: ["uses-every-subpath.ts"] }));
      expect(checker!.check(project.dir, config)).toBe("");
      // Checking every library's declarations on a shared 2-core machine takes minutes.
    },
    300_000,
  );
});

describe("every export the README and docs tell a user to import", () => {
  it("is found in the main entry point and its subpaths (README and docs import fakeEmbeddings, storeTest, cacheTest, the adapters, the backends)", () => {
    expect([...(DOCUMENTED.get("langgraph-checkpoint-conformance")?.values ?? [])]).toEqual(
      expect.arrayContaining(["checkpointerTest", "storeTest", "cacheTest", "fakeEmbeddings"]),
    );
    expect([...DOCUMENTED.keys()].length).toBeGreaterThanOrEqual(4);
  });

  it.each(["module", "commonjs"] as const)(
    'type-checks imported by name in a "type": "%s" project',
    (type) => {
      const project = projects[type];
      const config = "tsconfig.documented.json";
      const compilerOptions = {
        module: "nodenext",
        moduleResolution: "nodenext",
        target: "es2022",
        strict: true,
        noEmit: true,
        skipLibCheck: true,
        types: ["node"],
      };
      project.write(config, JSON.stringify({ compilerOptions, files: ["documented-imports.ts"] }));
      expect(checker!.check(project.dir, config)).toBe("");
    },
    300_000,
  );

  it("is defined at run time", async () => {
    const run = await projects.module.node(["documented-values.mjs"]);
    expect(run.stderr).toBe("");
    expect(run.stdout).toMatch(/^checked \d+ documented values$/m);
    expect(run.code).toBe(0);
  }, 60_000);
});

describe("the README's TypeScript, type-checked with tsc as each kind of project has it", () => {
  // module nodenext, strict; no verbatimModuleSyntax (tsc --init's default, which rejects import syntax in every CommonJS .ts file).
  const check = (type: "module" | "commonjs", files: string[]) => {
    const config = `tsconfig.readme.${files.length}.json`;
    const compilerOptions = {
      module: "nodenext",
      moduleResolution: "nodenext",
      target: "es2022",
      strict: true,
      noEmit: true,
      skipLibCheck: true,
      types: ["node"],
    };
    projects[type].write(config, JSON.stringify({ compilerOptions, files }));
    return checker!.check(projects[type].dir, config);
  };

  it("an ESM project: the registration and the .mts script", () => {
    expect(check("module", ["my-saver.ts", "my-saver.conformance.mts"])).toBe("");
  }, 300_000);

  it("a CommonJS project: the registration and the .ts script the README gives for it", () => {
    expect(check("commonjs", ["my-saver.ts", "my-saver.conformance.ts"])).toBe("");
  }, 300_000);

  it("a CommonJS project: the .mts script fails as the README says (@langchain/core's separate ESM and CommonJS types); when this passes, the README's note can go", () => {
    const out = check("commonjs", ["my-saver.conformance.mts"]);
    // The type that differs is @langchain/core's RunnableConfig, several levels down the elaboration (tsc prints "Two different types with this name exist").
    expect(out).toMatch(
      /my-saver\.conformance\.mts\(\d+,\d+\): error TS2345: Argument of type '\(\) => AsyncGenerator<MySaver, void, unknown>' is not assignable to parameter of type 'SaverFactory'/,
    );
    expect(readFileSync(join(REPO_ROOT, "README.md"), "utf8")).toContain('TS2345, "Two different types with this name exist"');
  }, 300_000);
});
