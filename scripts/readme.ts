/** `npm run readme`: regenerates the README's generated blocks (capability table, deviations). */
import { readFileSync, writeFileSync } from "node:fs";
import { renderReadme } from "./readme-blocks.js";

const path = new URL("../README.md", import.meta.url);
const before = readFileSync(path, "utf8");
const after = await renderReadme(before);
if (after !== before) writeFileSync(path, after);
console.log(after === before ? "README.md is up to date" : "README.md regenerated");
