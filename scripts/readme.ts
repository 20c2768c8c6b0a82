/** `npm run readme`: regenerates the generated blocks of the README and docs (capability table, deviations). */
import { readFileSync, writeFileSync } from "node:fs";
import { FILES_WITH_BLOCKS, renderReadme } from "./readme-blocks.js";

for (const file of FILES_WITH_BLOCKS) {
  const path = new URL(`../${file}`, import.meta.url);
  const before = readFileSync(path, "utf8");
  const after = await renderReadme(before);
  if (after !== before) writeFileSync(path, after);
  console.log(after === before ? `${file} is up to date` : `${file} regenerated`);
}
