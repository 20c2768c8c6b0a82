import { existsSync, readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { extname } from "node:path";

const TYPESCRIPT = new Set([".ts", ".mts", ".cts", ".tsx"]);

interface Location {
  file: string;
  line: number;
  /** 0-based, as esbuild gives it. */
  column: number;
  text: string;
}

/**
 * A TypeScript syntax error behind a failed import, as `file:line:col: message`
 * and the line with a caret under the column; undefined when the failure is
 * something else. It reads esbuild's error (tsx's compiler), or, when tsx
 * reported something less helpful, compiles the user's file itself.
 */
export function describeSyntaxError(error: unknown, file: string | undefined): string | undefined {
  const location = fromTransformError(error, file) ?? (file && TYPESCRIPT.has(extname(file)) ? compile(file) : undefined);
  if (!location) return undefined;
  return `${location.file}:${location.line}:${location.column + 1}: ${location.text}\n${codeFrame(location)}`;
}

/** tsx's TransformError: "Transform failed with 1 error:\n/path/file.ts:3:23: ERROR: Unexpected \";\"". */
function fromTransformError(error: unknown, file: string | undefined): Location | undefined {
  if (!(error instanceof Error) || !/^Transform failed/.test(error.message)) return undefined;
  const match = /^(.+?):(\d+):(\d+): ERROR: (.*)$/m.exec(error.message);
  if (!match) return undefined;
  // tsx names a .mts file as .ts: when its path does not exist, it is the file we imported.
  const named = existsSync(match[1]) || !file ? match[1] : file;
  return { file: named, line: Number(match[2]), column: Number(match[3]), text: match[4] };
}

function compile(file: string): Location | undefined {
  let esbuild: { transformSync(code: string, options: object): unknown };
  try {
    const fromTsx = createRequire(createRequire(import.meta.url).resolve("tsx"));
    esbuild = fromTsx("esbuild") as typeof esbuild;
  } catch {
    return undefined;
  }
  try {
    esbuild.transformSync(readFileSync(file, "utf8"), { loader: extname(file) === ".tsx" ? "tsx" : "ts", sourcefile: file });
    return undefined;
  } catch (error) {
    const first = (error as { errors?: { text: string; location?: { line: number; column: number } | null }[] }).errors?.[0];
    if (!first?.location) return undefined;
    return { file, line: first.location.line, column: first.location.column, text: first.text };
  }
}

function codeFrame({ file, line, column }: Location): string {
  if (!existsSync(file)) return "";
  const source = readFileSync(file, "utf8").split("\n")[line - 1];
  if (source === undefined) return "";
  const gutter = `${line} | `;
  return `${gutter}${source}\n${" ".repeat(gutter.length - 2)}| ${" ".repeat(column)}^`;
}
