/**
 * The generated blocks of the README and docs, between `<!-- name:start -->`
 * and `<!-- name:end -->` markers. `npm run readme` rewrites them; a test
 * fails when a file is out of date, so tables are never hand-kept.
 */
import { execFile } from "node:child_process";
import { promisify } from "node:util";
import { CAPABILITIES } from "../src/kinds/checkpointer/capabilities.js";
import { SPECS } from "../src/kinds/checkpointer/checks/index.js";
import { BACKENDS } from "../src/backends/index.js";

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

/** Every deviation the built-in backends declare, grouped by the backends that share it. */
function deviationTable(): string {
  const rows = new Map<string, { backends: string[]; what: string; reason: string }>();
  for (const backend of BACKENDS) {
    for (const d of backend.knownDeviations) {
      const what = [...(d.tests ?? []), ...(d.ids ?? [])].map((t) => `\`${t}\``).join(", ");
      const key = `${what}|${d.reason}`;
      const row = rows.get(key) ?? { backends: [], what, reason: d.reason };
      row.backends.push(`\`${backend.id}\``);
      rows.set(key, row);
    }
  }
  return [
    "| backends | spec tests / graph scenarios | reason |",
    "| --- | --- | --- |",
    ...[...rows.values()].map((r) => `| ${r.backends.join(", ")} | ${r.what} | ${r.reason.replace(/\|/g, "\\|")} |`),
  ].join("\n");
}

/** What the CLI prints for a correct saver (MemorySaver), from a real run; only the model's duration is elided. */
async function correctSaverOutput(): Promise<string> {
  const root = new URL("..", import.meta.url).pathname;
  const { stdout } = await promisify(execFile)(process.execPath, ["--import", "tsx", "src/cli/main.ts", "test/cli/fixtures/memory.ts"], {
    cwd: root,
    env: { ...process.env, NO_COLOR: "1" },
  });
  return ["```text", stdout.replace(/, \d+(\.\d+)? m?s\)/g, ", … s)").trimEnd(), "```"].join("\n");
}

export const BLOCKS: BlockRenderers = {
  capabilities: capabilityTable,
  deviations: deviationTable,
  "correct-saver-output": correctSaverOutput,
};

/** The files that hold generated blocks, relative to the repository root. */
export const FILES_WITH_BLOCKS = ["README.md", "docs/backends.md", "docs/cli.md"];

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
