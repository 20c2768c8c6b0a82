/**
 * `npm run matrix [-- --backends memory,sqlite] [--out DIR] [other CLI options]`:
 * the CLI's `--backends` mode (graph scenarios on unless --no-graph) on the
 * selected backends (default: CONFORMANCE_BACKENDS, else all), printed as one
 * table and written to DIR/matrix.md and DIR/matrix.json (DIR defaults to
 * ./conformance-matrix). Any other checkpoint-conformance option is passed on
 * (e.g. --model 100, --capabilities put,list). Exit code as the CLI's.
 */
import { join, resolve } from "node:path";
import { BACKENDS_ENV } from "../src/backends/index.js";
import { runCli } from "../src/cli/run-cli.js";

const args = process.argv.slice(2);
const outDir = resolve(takeOption(args, "--out") ?? "conformance-matrix");
const backends = takeOption(args, "--backends") ?? process.env[BACKENDS_ENV] ?? "all";
const [markdown, json] = [join(outDir, "matrix.md"), join(outDir, "matrix.json")];

const io = { stdout: process.stdout, stderr: process.stderr, env: process.env, cwd: process.cwd() };
const reporters = ["--reporter", "pretty", "--reporter", `markdown:${markdown}`, "--reporter", `json:${json}`];
process.exitCode = await runCli(["--backends", backends, ...reporters, ...args], io);
if (process.exitCode !== 2) process.stdout.write(`Wrote ${markdown} and ${json}\n`);

/** Removes `--flag VALUE` or `--flag=VALUE` from args and returns VALUE. */
function takeOption(argv: string[], flag: string): string | undefined {
  const index = argv.findIndex((arg) => arg === flag || arg.startsWith(`${flag}=`));
  if (index === -1) return undefined;
  const [arg, next] = argv.splice(index, argv[index] === flag ? 2 : 1);
  return arg === flag ? next : arg.slice(flag.length + 1);
}
