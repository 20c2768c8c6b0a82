import type { TestRunnerFunctions } from "../../src/adapters/vitest.js";

export interface RecordedTest {
  path: string[];
  status: "passed" | "failed" | "skipped";
  message?: string;
}

interface Block {
  name: string;
  beforeAll: (() => Promise<void>)[];
  afterAll: (() => Promise<void>)[];
  children: (Block | Leaf)[];
}

interface Leaf {
  name: string;
  fn?: (...args: unknown[]) => unknown;
}

/**
 * A minimal test runner with vitest's describe/it/beforeAll/afterAll shape:
 * records what an adapter registers, then runs it in order the way vitest
 * does (a failed beforeAll fails the block's tests; `context.skip` skips).
 */
export function fakeRunner(): { functions: TestRunnerFunctions; run(): Promise<{ tests: RecordedTest[]; hookErrors: string[] }> } {
  const root: Block = { name: "", beforeAll: [], afterAll: [], children: [] };
  const stack: Block[] = [root];
  const current = () => stack[stack.length - 1];
  const it = Object.assign((name: string, fn: (...args: unknown[]) => unknown) => void current().children.push({ name, fn }), {
    skip: (name: string) => void current().children.push({ name }),
  });
  const functions: TestRunnerFunctions = {
    describe(name, fn) {
      const block: Block = { name, beforeAll: [], afterAll: [], children: [] };
      current().children.push(block);
      stack.push(block);
      fn();
      stack.pop();
    },
    it,
    beforeAll: (fn) => void current().beforeAll.push(fn),
    afterAll: (fn) => void current().afterAll.push(fn),
  };
  const tests: RecordedTest[] = [];
  const hookErrors: string[] = [];
  const runBlock = async (block: Block, path: string[], setupError?: string): Promise<void> => {
    let error = setupError;
    for (const hook of block.beforeAll) {
      if (error === undefined) await hook().catch((e: unknown) => (error = String(e)));
    }
    for (const child of block.children) {
      if ("children" in child) await runBlock(child, [...path, child.name], error);
      else tests.push(await runLeaf(child, [...path, child.name], error));
    }
    for (const hook of block.afterAll) await hook().catch((e: unknown) => hookErrors.push(String(e)));
  };
  return {
    functions,
    async run() {
      await runBlock(root, []);
      return { tests, hookErrors };
    },
  };
}

async function runLeaf(leaf: Leaf, path: string[], setupError: string | undefined): Promise<RecordedTest> {
  if (!leaf.fn) return { path, status: "skipped" };
  if (setupError !== undefined) return { path, status: "failed", message: setupError };
  let skipped: string | undefined;
  try {
    await leaf.fn({ skip: (note?: string) => void (skipped = note ?? "") });
  } catch (error) {
    return { path, status: "failed", message: error instanceof Error ? error.message : String(error) };
  }
  return skipped !== undefined ? { path, status: "skipped", message: skipped } : { path, status: "passed" };
}
