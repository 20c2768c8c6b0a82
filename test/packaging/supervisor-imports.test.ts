import { build } from "esbuild";
import { describe, expect, it } from "vitest";

/**
 * The supervising CLI process parses options, starts the child and renders the
 * report; it never runs a saver. Loading the spec suites there (and with them
 * @langchain/langgraph-checkpoint, @langchain/core and zod: about 500 modules)
 * cost it about 35 MB and a core's worth of start-up while the child loaded the
 * same modules (docs/performance.md).
 */
const PARENT_MODULES = ["src/cli/main.ts", "src/cli/run-cli.ts", "src/cli/check-command.ts"];

async function staticClosure(roots: readonly string[]): Promise<Map<string, string | undefined>> {
  const { metafile } = await build({
    entryPoints: [...roots],
    bundle: true,
    write: false,
    metafile: true,
    platform: "node",
    format: "esm",
    packages: "external",
    splitting: true,
    outdir: "unused",
    logLevel: "silent",
  });
  const importedBy = new Map<string, string | undefined>(roots.map((root) => [root, undefined]));
  const pending = [...roots];
  while (pending.length > 0) {
    const file = pending.shift()!;
    for (const dependency of metafile.inputs[file]?.imports ?? []) {
      if (dependency.kind !== "import-statement" || importedBy.has(dependency.path)) continue;
      importedBy.set(dependency.path, file);
      pending.push(dependency.path);
    }
  }
  return importedBy;
}

describe("the supervising CLI process", () => {
  it("loads no package but Node's own on a check run (the saver's dependencies load in the child only)", async () => {
    const importedBy = await staticClosure(PARENT_MODULES);
    const chains = [...importedBy.keys()]
      .filter((file) => !file.startsWith("src/") && !file.startsWith("node:"))
      .map((pkg) => {
        const chain = [pkg];
        for (let file = importedBy.get(pkg); file; file = importedBy.get(file)) chain.unshift(file);
        return chain.join(" -> ");
      });
    expect(chains).toEqual([]);
  });
});
