import { XMLParser, XMLValidator } from "fast-xml-parser";
import { describe, expect, it } from "vitest";
import type { ReportDict } from "../../src/index.js";
import { expectGone, runMisbehaving } from "./misbehaving-run.js";

// console.log, process.stdout.write and console.error from the saver: captured in its process and shown
// with the test it belongs to, never inside a machine-readable stdout.
describe("saver output in the supervised CLI run", { timeout: 240_000 }, () => {
  it("--reporter json: stdout is the JSON alone; the output goes to stderr under its test", async () => {
    const run = await runMisbehaving("console-noise.ts", ["--capabilities", "put", "--reporter", "json"]);
    expect(run.code, run.stderr).toBe(0);
    const dict = JSON.parse(run.stdout) as ReportDict;
    expect(dict.checkpointer_name).toBe("NoisySaver");
    expect(run.stderr).toMatch(/saver output \(loading the module[^\n]*\n\s+│ noise while the module loads\n/);
    expect(run.stderr).toMatch(
      /saver output \(put › test_put_returns_config\):\n\s+│ noisy put <not xml> \{not json\n\s+│ raw stdout write\n\s+│ noisy stderr\n/,
    );
    expectGone(run.saverPid);
  });

  it("--reporter junit: valid XML, each test's output in its <system-out>", async () => {
    const run = await runMisbehaving("console-noise.ts", ["--capabilities", "put", "--reporter", "junit"]);
    expect(run.code, run.stderr).toBe(0);
    expect(XMLValidator.validate(run.stdout)).toBe(true);
    const xml = new XMLParser({ ignoreAttributes: false, isArray: (name) => name === "testsuite" || name === "testcase" }).parse(
      run.stdout,
    ) as {
      testsuites: { testsuite: { "@_name": string; testcase: { "@_name": string; "system-out"?: string }[] }[] };
    };
    const put = xml.testsuites.testsuite.find((s) => s["@_name"] === "put")!;
    const roundtrip = put.testcase.find((c) => c["@_name"] === "test_put_roundtrip")!;
    expect(roundtrip["system-out"]).toMatch(/^saver output:\nnoisy put <not xml> \{not json\nraw stdout write\nnoisy stderr/);
    expectGone(run.saverPid);
  });

  it("--reporter verbose: the output is printed under the test's line", async () => {
    const run = await runMisbehaving("console-noise.ts", ["--capabilities", "put", "--reporter", "verbose"]);
    expect(run.code, run.stderr).toBe(0);
    expect(run.stdout).toMatch(/✓ test_put_returns_config \[[^\]]+\]\n\s+saver output \(put › test_put_returns_config\):\n\s+│ noisy put/);
  });
});
