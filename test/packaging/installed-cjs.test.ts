/** `npm init -y` writes a CommonJS project: the quickstart must work there, and with another copy of the package, and without tsx. */
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { createScratchProject, REQUIRED_PEERS } from "./scratch-project.js";
import { describeInstalledPackage, IMPORT_SAVER, REQUIRE_SAVER, TYPED_SAVER } from "./installed-package.js";

const installed = describeInstalledPackage("commonjs");

describe("another installed copy of the package", () => {
  it("makes a registration the CLI accepts", async () => {
    const other = createScratchProject({
      dir: join(installed.root, "other-copy"),
      tarball: installed.tarball,
      type: "module",
      install: REQUIRED_PEERS,
    });
    other.write("saver.mjs", IMPORT_SAVER("FromAnotherCopy"));
    const run = await installed.project.npx("checkpoint-conformance", [join(other.dir, "saver.mjs"), "--capabilities", "get_tuple"]);
    expect(run.stdout).toContain("Checkpointer Validation: FromAnotherCopy");
    expect(run.code).toBe(0);
  });
});

describe("a project without tsx", () => {
  it("loads JavaScript savers, and says how to get TypeScript ones loaded", async () => {
    const project = createScratchProject({
      dir: join(installed.root, "no-tsx"),
      tarball: installed.tarball,
      type: "commonjs",
      install: REQUIRED_PEERS,
    });
    project.write("saver.js", REQUIRE_SAVER("PlainJs"));
    project.write("saver.ts", TYPED_SAVER("NeedsTsx"));
    const js = await project.npx("checkpoint-conformance", ["./saver.js", "--capabilities", "get_tuple"]);
    expect(js.stdout).toContain("Result: FULL (1/1)");
    expect(js.code).toBe(0);
    const ts = await project.npx("checkpoint-conformance", ["./saver.ts"]);
    expect(ts.stderr).toContain("install tsx to load .ts files (npm i -D tsx)");
    expect(ts.code).toBe(2);
  });
});
