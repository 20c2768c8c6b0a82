import { BaseSequencer, type TestSpecification } from "vitest/node";

/**
 * The files that take longest, longest first (measured with `npm run test:cpu`, issue 21): started first, they
 * overlap with the many short files instead of running alone at the end. Without vitest's cache of durations (a
 * clean clone, as in CI) vitest starts the largest files first, and file size says little about time here:
 * backends/matrix.test.ts is one of the smallest and the longest in wall time (its PostgreSQL suites wait on I/O).
 */
const LONG_POLES = [
  "test/backends/matrix.test.ts",
  "test/interrupts/entry-points.test.ts",
  "test/adapters/misbehaving-savers.test.ts",
  "test/backends/cleanup.test.ts",
  "test/kinds/checkpointer/model/model-mutants-1.test.ts",
  "test/cli/supervised-run.test.ts",
  "test/kinds/checkpointer/model/model-mutants-2.test.ts",
  "test/graph/official-savers.test.ts",
  "test/packaging/installed-cjs.test.ts",
  "test/packaging/types.test.ts",
  "test/packaging/installed-esm.test.ts",
  // Over 20 s of wall time in a clean-clone CI run (2026-12-02). vitest orders the files not listed here by size, and
  // most of these are small: they started last and ran alone at the end, with a core idle.
  "test/engine/kinds-entry-points.test.ts",
  "test/cli/shard-merge.test.ts",
  "test/store-mutants.test.ts",
  "test/engine/entry-points.test.ts",
  "test/adapters/vitest-adapter.test.ts",
  "test/adapters/jest-adapter.test.ts",
  "test/kinds/store/model/store-model-mutants.test.ts",
  "test/cache-mutants.test.ts",
  "test/cli/shard-merge-matrix.test.ts",
  "test/adapters/leaked-handles.test.ts",
  "test/mutants.test.ts",
  // The longest of the files that need fresh modules (its own project): it finished last in every run.
  "test/graph/section.test.ts",
];

export default class LongPolesFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const sorted = await super.sort(files);
    const rank = (spec: TestSpecification) => {
      const index = LONG_POLES.findIndex((path) => spec.moduleId.endsWith(`/${path}`));
      return index === -1 ? LONG_POLES.length : index;
    };
    // Array.prototype.sort is stable: the rest keep vitest's order.
    return sorted.sort((a, b) => rank(a) - rank(b));
  }
}
