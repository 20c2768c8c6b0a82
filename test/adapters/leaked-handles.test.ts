import { describe, expect, it } from "vitest";
import { runProcess, type ProcessResult } from "./run-process.js";
import { nodeTestArgs } from "../cli/spawned-fixture.js";
import { OPTIONS, USER_HANDLES_KEPT } from "./fixtures/leaks/user-handles.js";
import { SPECS } from "../../src/kinds/checkpointer/checks/index.js";

// test/adapters/fixtures/leaks: two correct savers, one leaking a setInterval per saver, one a listening server and a
// socket to it, and the user's own timer and server, which must stay as they are. Without the handle guard, jest and
// node:test never end here; a run still going after HANG_MS is killed and fails the test.
const FIXTURES = "test/adapters/fixtures/leaks";
const HANG_MS = 240_000;
/** Each of the two suites runs every spec test of the fixture's capabilities. */
const TESTS = 2 * OPTIONS.capabilities.reduce((n, capability) => n + SPECS[capability]!.tests.length, 0);

const LEFT_OPEN = [
  /checkpoint-conformance: the LeaksInterval conformance suite left \d+ handles open \(\d+ × a timer \(setTimeout\/setInterval\)\); they no longer keep the process alive, but the saver should close them/,
  /checkpoint-conformance: the LeaksServer conformance suite left \d+ handles open \(\d+ × a TCP server, \d+ × a TCP socket\)/,
];

/** The run ended with 0, each suite said what it left open, and the user's own handles were still referenced after the suites. */
function expectEndedAndWarned(run: ProcessResult): void {
  const output = run.stdout + run.stderr;
  expect(run.code, output).toBe(0);
  for (const warning of LEFT_OPEN) expect(output).toMatch(warning);
  expect(output).toContain(USER_HANDLES_KEPT);
}

describe.concurrent("a saver that leaks handles does not keep the test runner's process alive", { timeout: HANG_MS + 30_000 }, () => {
  it("vitest: the run ends, exit 0, each suite names what it left open", async () => {
    const run = await runProcess(process.execPath, ["node_modules/vitest/vitest.mjs", "run", "--config", `${FIXTURES}/vitest.config.ts`], {
      hangAfterMs: HANG_MS,
    });
    expectEndedAndWarned(run);
    expect(run.stdout).toMatch(new RegExp(`Tests\\s+${TESTS} passed \\(${TESTS}\\)`));
  });

  it("jest (in band): the run ends, exit 0 (it never did: 'Jest did not exit')", async () => {
    const run = await runProcess(
      process.execPath,
      ["node_modules/jest/bin/jest.js", "--config", `${FIXTURES}/jest.config.cjs`, "--runInBand"],
      { hangAfterMs: HANG_MS },
    );
    expectEndedAndWarned(run);
    expect(run.stderr).toMatch(new RegExp(`Tests:\\s+${TESTS} passed, ${TESTS} total`));
    expect(run.stderr).not.toContain("did not exit");
  });

  it("node --test: the file's process ends, exit 0 (it never did)", async () => {
    const run = await runProcess(process.execPath, nodeTestArgs([`${FIXTURES}/leaks.node.ts`]), { hangAfterMs: HANG_MS });
    expectEndedAndWarned(run);
    expect(run.stdout).toMatch(new RegExp(`^# pass ${TESTS}$`, "m"));
    expect(run.stdout).toMatch(/^# fail 0$/m);
  });
});
