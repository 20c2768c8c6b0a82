/**
 * Part of `npm run build`: a `.d.cts` beside every `.d.ts` in dist, for the
 * exports' "require" condition. The package is ES modules, which Node 20.19+
 * and 22.12+ require() as their namespace object; TypeScript under
 * `module: node16` does not model that and rejects a CommonJS file's import
 * of an ES module's types (TS1479). The same declarations, marked CommonJS,
 * describe exactly what require() returns: this package has no default export.
 */
import { readdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";

const DIST = new URL("../dist", import.meta.url).pathname;

/** `./x.js` → `./x.cjs` in relative specifiers, so the declarations reference each other's `.d.cts`. */
function toRequireDeclaration(declaration: string): string {
  return declaration.replace(/(["'])(\.{1,2}\/[^"'\n]*?)\.js\1/g, "$1$2.cjs$1");
}

let written = 0;
for (const entry of readdirSync(DIST, { recursive: true, withFileTypes: true })) {
  if (!entry.isFile() || !entry.name.endsWith(".d.ts")) continue;
  const path = join(entry.parentPath, entry.name);
  writeFileSync(path.replace(/\.d\.ts$/, ".d.cts"), toRequireDeclaration(readFileSync(path, "utf8")));
  written++;
}
console.log(`require-declarations: ${written} .d.cts files written`);
