import { defineConfig } from "vitest/config";
import LongPolesFirst from "./test/setup/long-poles-first.js";

/** The mutant proofs: CPU-bound and long, so they start first (projects run in name order, after the long poles: test/setup/long-poles-first.ts) and can run alone (--project proofs). */
const PROOFS = ["test/**/*mutants*.test.ts"];
/**
 * The files that need modules loaded fresh: they replace a module (vi.doMock) or a process-wide function. Every
 * other file of the suite shares its worker's loaded modules with the files that worker ran before (isolate:
 * false): LangGraph, @langchain/* and src/ load once per worker instead of once per file (about 2 s of CPU each).
 */
const FRESH_MODULES = ["test/graph/section.test.ts", "test/engine/exit-guard.test.ts"];

export default defineConfig({
  test: {
    testTimeout: 60_000,
    hookTimeout: 180_000,
    // vitest's default is one worker fewer than the cores: on a 2-core CI, one file at a time. Most files wait on
    // processes they spawn, so three share two cores well (measured in issue 21).
    maxWorkers: 3,
    sequence: { sequencer: LongPolesFirst },
    globalSetup: [
      "test/setup/private-tmpdir.ts",
      "test/setup/spawn-dist.ts",
      "test/setup/bundled-fixtures.ts",
      "test/setup/shared-postgres.ts",
    ],
    // cpu-probe is opt-in: CPU per test file (npm run test:cpu).
    setupFiles: ["test/setup/temp-dirs.ts", ...(process.env.CONFORMANCE_CPU_LOG === undefined ? [] : ["test/setup/cpu-probe.ts"])],
    projects: [
      { extends: true, test: { name: "proofs", include: PROOFS } },
      { extends: true, test: { name: "suite", include: ["test/**/*.test.ts"], exclude: [...PROOFS, ...FRESH_MODULES], isolate: false } },
      { extends: true, test: { name: "suite-fresh", include: FRESH_MODULES } },
    ],
  },
});
