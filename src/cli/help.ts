import { CLI_OPTIONS } from "./options.js";

/** --help, generated from the option table. */
export function helpText(version: string): string {
  const rows = Object.entries(CLI_OPTIONS).map(([name, entry]) => {
    const short = "short" in entry && entry.short ? `-${entry.short}, ` : "    ";
    const flag = `${short}--${name}${"arg" in entry && entry.arg ? ` ${entry.arg}` : ""}`;
    return `  ${flag.padEnd(30)} ${entry.help}`;
  });
  return [
    `checkpoint-conformance ${version}: checks a LangGraph.js checkpointer, store or cache against its contract`,
    "",
    "Usage: checkpoint-conformance <module> [options]",
    "       checkpoint-conformance [<module>] --backends LIST|all [options]   (the matrix: built-in savers side by side)",
    "       checkpoint-conformance [<module>] --bench [--backends LIST] [--bench-sizes LIST]   (throughput)",
    "       checkpoint-conformance merge <shard-report.json>... [--reporter NAME[:FILE]]... [--output FILE] [--base-only]",
    "                                                   (one report, or one matrix, from the report-json reports of every --shard I/N run)",
    "",
    "  <module>  a .ts, .mts, .cts (these need tsx: npm i -D tsx), .js, .mjs or .cjs file, or a package name, whose default export",
    "            (or --export NAME) is checkpointerTest(...) (a BaseCheckpointSaver), storeTest(...) (a BaseStore),",
    "            cacheTest(...) (a BaseCache), or a @langchain/langgraph-checkpoint-validation initializer",
    "",
    "Options:",
    ...rows,
    "",
    "Exit codes: 0 every capability the subject offers passes (with --base-only: the base ones) and so do the graph scenarios",
    "            and model runs that ran (the model runs by default), on every backend that ran; 1 they do not (or a saver could not run); 2 bad usage or an error of the tool itself.",
    "",
    "Examples:",
    "  npx checkpoint-conformance ./my-saver.ts",
    "  npx checkpoint-conformance ./my-saver.ts --reporter pretty --reporter junit:conformance.xml",
    "  npx checkpoint-conformance ./my-saver.ts --capabilities put,list --grep metadata --reporter verbose",
    "  npx checkpoint-conformance ./my-saver.ts --graph-scenarios G07,G08 --model 200",
    "  npx checkpoint-conformance ./my-saver.ts --seed random",
    "  npx checkpoint-conformance ./my-saver.ts --backends memory,sqlite --reporter pretty --reporter markdown:matrix.md",
    "  npx checkpoint-conformance ./my-saver.ts --bench --backends memory,sqlite,postgres",
    "  npx checkpoint-conformance ./my-saver.ts --shard 2/3 --reporter report-json:reports/shard-2.json",
    "  npx checkpoint-conformance merge reports/*.json --reporter pretty --reporter junit:conformance.xml",
    "",
  ].join("\n");
}
