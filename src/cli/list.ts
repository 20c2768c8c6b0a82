import { SUBJECT_KINDS } from "../kinds/index.js";
import { capabilityIdsOf, capabilityInfoIn } from "../kinds/descriptors.js";
import { GRAPH_SCENARIOS } from "../graph/scenarios/index.js";
import type { SuiteOptions } from "../run/options.js";
import { selectTests } from "../engine/run-plan.js";

/** --list: the spec tests (honouring --capabilities, --skip and --grep, selected as a run selects them) with their catalog ids. */
export function listSpecTests(options: Pick<SuiteOptions, "capabilities" | "grep">): string {
  const out: string[] = [];
  let count = 0;
  // Every kind's, each under its name; a kind none of --capabilities' ids belongs to is left out.
  const kinds = Object.values(SUBJECT_KINDS).filter(
    (k) => !options.capabilities || [...options.capabilities].some((c) => (capabilityIdsOf(k) as readonly string[]).includes(c)),
  );
  for (const subjectKind of kinds) {
    const selected = selectTests(options, "--list", subjectKind).filter((c) => c.tests.length > 0);
    if (selected.length > 0 && subjectKind !== kinds[0])
      out.push(`${subjectKind.title.toUpperCase()} (${subjectKind.registerFunction})`, "");
    for (const { capability, tests } of selected) {
      const { kind, signature } = capabilityInfoIn(subjectKind, capability);
      count += tests.length;
      out.push(`${capability} (${kind}) ${signature}`);
      const width = Math.max(...tests.map((t) => t.name.length));
      for (const t of tests) {
        const flags = [
          t.advisory ? "advisory" : "",
          t.requires?.length ? `needs ${t.requires.join(",")}` : "",
          t.needsHistory ? "not with --latest-only" : "",
        ].filter(Boolean);
        out.push(`  ${t.name.padEnd(width)}  ${t.ids.join(", ")}${flags.length ? ` (${flags.join("; ")})` : ""}`);
        out.push(`  ${" ".repeat(width)}  ${t.description}`);
      }
      out.push("");
    }
  }
  return count > 0 ? `${out.join("\n")}${count} spec tests\n` : "no spec test matches\n";
}

/** --list with the graph scenarios on: their ids (for --graph-scenarios / --graph-skip), names and what each checks. */
export function listGraphScenarios(selected: readonly string[] | undefined): string {
  const scenarios = GRAPH_SCENARIOS.filter((s) => !selected || selected.includes(s.id));
  const width = Math.max(...scenarios.map((s) => s.name.length));
  const lines = scenarios.map(
    (s) => `  ${s.id}  ${s.name.padEnd(width)}  ${s.description}${s.needsHistory ? " (not with --latest-only)" : ""}`,
  );
  return [
    "graph scenarios (each run on the saver and on MemorySaver, transcripts compared)",
    ...lines,
    "",
    `${scenarios.length} graph scenarios`,
    "",
  ].join("\n");
}
