/**
 * The README's generated blocks, between `<!-- name:start -->` and
 * `<!-- name:end -->` markers. `npm run readme` rewrites them; a test fails
 * when the README is out of date, so tables are never hand-kept.
 */
import { CAPABILITIES } from "../src/capabilities.js";
import { SPECS } from "../src/spec/index.js";

export type BlockRenderers = Record<string, () => string | Promise<string>>;

function capabilityTable(): string {
  const rows = CAPABILITIES.map((c) => {
    const tests = SPECS[c.id]?.tests ?? [];
    const required = tests.filter((t) => !t.advisory).length;
    const advisory = tests.length - required;
    const ids = [...new Set(tests.flatMap((t) => t.ids.map((id) => id.split("-")[0])))].join(", ");
    const count = advisory > 0 ? `${required} + ${advisory} advisory` : `${required}`;
    return `| \`${c.id}\` | ${c.kind} | \`${c.signature.replace(/\|/g, "\\|")}\` | ${c.summary} | ${count} | ${ids} |`;
  });
  return [
    "| capability | kind | method | what it means | spec tests | catalog sections |",
    "| --- | --- | --- | --- | --- | --- |",
    ...rows,
  ].join("\n");
}

export const BLOCKS: BlockRenderers = {
  capabilities: capabilityTable,
};

/** Replaces every generated block of `readme` with its fresh content. */
export async function renderReadme(readme: string, blocks: BlockRenderers = BLOCKS): Promise<string> {
  let out = readme;
  for (const [name, render] of Object.entries(blocks)) {
    const start = `<!-- ${name}:start -->`;
    const end = `<!-- ${name}:end -->`;
    const i = out.indexOf(start);
    const j = out.indexOf(end);
    if (i < 0 || j < i) continue;
    out = `${out.slice(0, i + start.length)}\n${await render()}\n${out.slice(j)}`;
  }
  return out;
}
