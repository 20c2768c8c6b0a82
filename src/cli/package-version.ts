import { readFileSync } from "node:fs";

/** This package's version; the same relative path from src/cli/ and from dist/cli/. */
export function packageVersion(): string {
  const manifest = JSON.parse(readFileSync(new URL("../../package.json", import.meta.url), "utf8")) as { version: string };
  return manifest.version;
}
