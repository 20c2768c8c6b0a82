/**
 * `npm run matrix [-- --backends memory,sqlite] [--out DIR]`: the full suite on
 * every selected backend (default: CONFORMANCE_BACKENDS, else all), printed as
 * one backend x capability table and written to DIR/matrix.md and DIR/matrix.json
 * (DIR defaults to ./conformance-matrix). Exits 1 when a backend that ran
 * misses the base level or one could not start.
 */
import { mkdir, writeFile } from "node:fs/promises";
import { join, resolve } from "node:path";
import { parseArgs } from "node:util";
import { BACKENDS, renderMatrixJson, renderMatrixMarkdown, renderMatrixTerminal, runMatrix, selectBackends } from "../src/backends/index.js";

const { values } = parseArgs({
  options: { out: { type: "string", default: "conformance-matrix" }, backends: { type: "string" } },
});
const backends = selectBackends(BACKENDS, values.backends);
const outDir = resolve(values.out!);

const result = await runMatrix(backends, {
  onBackendStart: (b) => process.stderr.write(`running ${b.id} ...\n`),
});
process.stdout.write(renderMatrixTerminal(result));
await mkdir(outDir, { recursive: true });
await writeFile(join(outDir, "matrix.md"), renderMatrixMarkdown(result));
await writeFile(join(outDir, "matrix.json"), renderMatrixJson(result));
process.stdout.write(`Wrote ${join(outDir, "matrix.md")} and ${join(outDir, "matrix.json")}\n`);

const ok = result.outcomes.every((o) => o.status === "skipped" || (o.status === "ran" && o.report.passedAllBase()));
process.exitCode = ok ? 0 : 1;
