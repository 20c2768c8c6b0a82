import { readFileSync } from "node:fs";

/** This package's version; the same relative path from src/engine/ and from dist/engine/. */
export function packageVersion(): string {
  const manifest = JSON.parse(readFileSync(new URL("../../package.json", import.meta.url), "utf8")) as { version: string };
  return manifest.version;
}
