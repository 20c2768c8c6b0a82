import { readFileSync } from "node:fs";
import { XMLParser } from "fast-xml-parser";
import { describe, expect, it } from "vitest";
import { expectUsageError } from "./expect-usage-error.js";
import { specFor } from "../../src/kinds/checkpointer/checks/index.js";
import { FIXTURES, runCliProcess } from "./run-cli-process.js";
import { spawnedFixture } from "./spawned-fixture.js";
import { makeTempDir } from "../temp-dir.js";

const fixture = (name: string) => `${FIXTURES}/${name}`;
const ANSI = /\x1b\[/;

// Each case is a real `node` process (from dist/ when the build is fresh, else the sources through tsx): slow on a
// loaded machine, hence the generous limit.
describe.concurrent("checkpoint-conformance CLI (subprocess)", { timeout: 240_000 }, () => {
  it("runs a TypeScript ESM module: pretty on stdout, JUnit to a file a real XML parser reads; exit 0", async () => {
    const dir = makeTempDir("cli-junit-");
    const run = await runCliProcess([
      fixture("memory.ts"),
      "--capabilities",
      "put_writes,delete_thread,copy_thread",
      "--reporter",
      "pretty",
      "--reporter",
      `junit:${dir}/report.xml`,
    ]);
    expect(run.code, run.stderr).toBe(0);
    expect(run.stdout).toContain("Checkpointer Validation: MemorySaver (ts)");
    expect(run.stdout).toContain("Checking MemorySaver (ts) (3 capabilities)");
    expect(run.stdout).toMatch(/Result: /);
    expect(run.stdout).not.toMatch(ANSI);

    const xml = new XMLParser({
      ignoreAttributes: false,
      attributeNamePrefix: "",
      isArray: (name) => ["testsuite", "testcase", "property"].includes(name),
    }).parse(readFileSync(`${dir}/report.xml`, "utf8"));
    const suites = xml.testsuites.testsuite as {
      name: string;
      tests: string;
      failures: string;
      testcase?: { name: string; classname: string; skipped?: unknown; failure?: unknown }[];
    }[];
    expect(suites.map((s) => s.name)).toEqual(expect.arrayContaining(["put_writes", "delete_thread", "copy_thread", "put"]));
    const putWrites = suites.find((s) => s.name === "put_writes")!;
    expect(putWrites.testcase).toHaveLength(specFor("put_writes")!.tests.length);
    expect(putWrites.testcase!.every((c) => c.classname === "put_writes" && c.failure === undefined)).toBe(true);
    const copyThread = suites.find((s) => s.name === "copy_thread")!;
    expect(copyThread.testcase).toHaveLength(specFor("copy_thread")!.tests.length);
    expect(copyThread.testcase!.every((c) => c.skipped !== undefined)).toBe(true);
    expect(xml.testsuites.failures).toBe("0");
  });

  // From the sources whatever dist/ holds: this is the test of a clean clone's path (tsx, before any build), and the
  // fixture, plain JavaScript, imports the sources, which only a process with tsx's loader can.
  it("runs a named export of an ESM .mjs module with --export, from the sources through tsx; json on stdout, progress on stderr", async () => {
    const run = await runCliProcess(
      [fixture("memory-named.mjs"), "--export", "memory", "--capabilities", "delete_thread", "--reporter", "json"],
      {},
      "sources",
    );
    expect(run.code, run.stderr).toBe(0);
    const dict = JSON.parse(run.stdout);
    expect(dict.checkpointer_name).toBe("MemorySaver (mjs)");
    expect(dict.results.delete_thread).toMatchObject({ passed: true, tests_failed: 0 });
    expect(run.stderr).toContain("Checking MemorySaver (mjs)");
    expect(run.stderr).toContain("delete_thread: passed");
  });

  it("accepts a CommonJS @langchain/langgraph-checkpoint-validation initializer, calling its hooks", async () => {
    const run = await runCliProcess([fixture("memory-initializer.cjs"), "--capabilities", "delete_thread", "--reporter", "dots"]);
    expect(run.code, run.stderr).toBe(0);
    expect(run.stdout).toMatch(/delete_thread: \.+/);
    expect(run.stdout).toContain("MemorySaver (validation initializer, cjs)");
    // The hooks' stderr writes are saver output: captured by the supervised run and shown (with a bar) where it happened.
    const hooks = run.stdout.split("\n").flatMap((l) => /│ (initializer .*)$/.exec(l)?.[1] ?? []);
    expect(hooks[0]).toBe("initializer beforeAll ran");
    expect(hooks).toContain("initializer destroyCheckpointer ran");
    expect(hooks.at(-1)).toBe("initializer afterAll ran");
  });

  it("exits 1 on a broken saver and names the failing spec tests with their catalog ids (markdown)", async () => {
    const run = await runCliProcess([spawnedFixture(fixture("broken.ts")), "--capabilities", "get_tuple", "--reporter", "markdown"]);
    expect(run.code, run.stderr).toBe(1);
    expect(run.stdout).toContain("## Checkpointer conformance: DropsCustomMetadata");
    expect(run.stdout).toMatch(/\| `get_tuple` \| base \| ❌ failed \|/);
    // Grouped by cause: the cause names the ids, and the test is listed under it.
    expect(run.stdout).toMatch(/<summary>1\) [^\n]*\[GT-06, JS-09[^\n]*<\/summary>/);
    expect(run.stdout).toContain("<code>get_tuple › test_get_tuple_metadata");
    expect(run.stderr).toContain("get_tuple: failed");
  });

  it("a broken extended capability the saver offers exits 1 by default (and with --strict, the older flag for it); --base-only exits 0", async () => {
    const args = [spawnedFixture(fixture("copy-thread-noop.ts")), "--capabilities", "delete_thread,copy_thread", "--reporter", "json"];
    const [byDefault, strict, baseOnly] = await Promise.all([
      runCliProcess(args),
      runCliProcess([...args, "--strict"]),
      runCliProcess([...args, "--base-only"]),
    ]);
    expect(JSON.parse(byDefault.stdout).results.copy_thread.passed).toBe(false);
    expect(byDefault.code, byDefault.stderr).toBe(1);
    expect(strict.code, strict.stderr).toBe(1);
    expect(baseOnly.code, baseOnly.stderr).toBe(0);
  });

  it.each([
    ["a missing file", [fixture("does-not-exist.ts")], ["cannot find the file", "check the path"]],
    [
      "an export that is a saver, not a registration",
      [fixture("saver-not-registration.mjs")],
      ["not a registration", "an instance of MemorySaver", "checkpointerTest()"],
    ],
    ["a module that throws on import", [fixture("throws-on-import.mjs")], ["failed to load: DATABASE_URL is not set"]],
    ["an unknown option", [fixture("memory.ts"), "--colour"], ["unknown option --colour", "--help"]],
  ])("exits 2 with one line on %s", async (_case, args, phrases) => {
    expectUsageError(await runCliProcess(args), ...phrases);
  });
});
