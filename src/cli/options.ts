import { BACKEND_IDS, STORE_CACHE_BACKEND_IDS } from "../backends/ids.js";
import { ALL_CAPABILITY_IDS, CAPABILITY_IDS } from "../kinds/descriptors.js";
import { checkTimeoutMs } from "../util/timeout.js";
import { checkConcurrency, checkRetries, DEFAULT_CONCURRENCY, DEFAULT_RETRIES } from "../run/options.js";
import type { GraphOptions } from "../graph/options.js";
import { MODEL_DEFAULTS, type ModelOptions } from "../kinds/checkpointer/model/options.js";
import { isReporterName, REPORTER_NAMES, type ReporterName } from "../reporters/index.js";
import type { ValidateOptions } from "../engine/validate.js";
import {
  backendList,
  capabilityList,
  commaList,
  positiveInteger,
  positiveIntegerList,
  scenarioList,
  seedValue,
  wholeNumber,
} from "./option-values.js";
import { CliUsageError } from "../util/usage-error.js";
import { parseShard } from "../runtime/shard.js";

type Raw<Type extends "string" | "boolean", Multiple extends boolean> = Type extends "boolean"
  ? boolean | undefined
  : Multiple extends true
    ? string[] | undefined
    : string | undefined;

/** One command-line option: how node:util parseArgs reads it, its help line, and what it means. */
interface CliOption<Type extends "string" | "boolean", Multiple extends boolean, Value> {
  type: Type;
  multiple?: Multiple;
  short?: string;
  /** Placeholder of the value in --help, e.g. "MS". */
  arg?: string;
  help: string;
  parse(raw: Raw<Type, Multiple>): Value;
  /** Its effect on validate()'s options, applied in table order. */
  apply?(value: Value, options: ValidateOptions): ValidateOptions;
}

function option<Type extends "string" | "boolean", Multiple extends boolean = false, Value = Raw<Type, Multiple>>(
  spec: CliOption<Type, Multiple, Value>,
): CliOption<Type, Multiple, Value> {
  return spec;
}

/**
 * Every option of the CLI. Adding one is one entry here: parseArgs, --help and
 * validate()'s options all derive from this table.
 */
export const CLI_OPTIONS = {
  export: option({ type: "string", arg: "NAME", help: "use this named export instead of the default export", parse: (raw) => raw }),
  capabilities: option({
    type: "string",
    arg: "LIST",
    help: `run only these capabilities, comma-separated (a saver's: ${CAPABILITY_IDS.join(",")}; --list shows a store's and a cache's)`,
    parse: (raw) => (raw === undefined ? undefined : capabilityList(raw, "--capabilities")),
    apply: (value, options) => (value ? { ...options, capabilities: value } : options),
  }),
  skip: option({
    type: "string",
    arg: "LIST",
    help: "do not run these capabilities, comma-separated",
    parse: (raw) => (raw === undefined ? undefined : capabilityList(raw, "--skip")),
    apply: (value, options) =>
      value ? { ...options, capabilities: [...(options.capabilities ?? ALL_CAPABILITY_IDS)].filter((c) => !value.includes(c)) } : options,
  }),
  reporter: option({
    type: "string",
    multiple: true,
    arg: "NAME[:FILE]",
    help: `report format, repeatable: ${REPORTER_NAMES.join("|")}; with :FILE it is written to FILE (default pretty)`,
    parse: (raw) => (raw ?? []).map(reporterTarget),
  }),
  output: option({
    type: "string",
    arg: "FILE",
    help: "write the reports that have no :FILE to FILE instead of stdout",
    parse: (raw) => raw,
  }),
  timeout: option({
    type: "string",
    arg: "MS",
    help: "time limit per saver call and per factory step, in ms (default 5000): a call pending this long is a hang; a test may take up to 20x this",
    parse: (raw) => (raw === undefined ? undefined : checkTimeoutMs(positiveInteger(raw, "--timeout", "10000", "ms"), "--timeout")),
    apply: (value, options) => (value ? { ...options, timeoutMs: value } : options),
  }),
  retries: option({
    type: "string",
    arg: "N",
    help: `run a failing spec test up to N more times, on the same saver (default ${DEFAULT_RETRIES}; 0 turns it off; a timeout is retried once); one that then passes is FLAKY`,
    parse: (raw) => (raw === undefined ? undefined : checkRetries(wholeNumber(raw, "--retries", "2"), "--retries")),
    apply: (value, options) => (value === undefined ? options : { ...options, retries: value }),
  }),
  concurrency: option({
    type: "string",
    arg: "N",
    help: `run up to N spec tests at once in the whole run, capabilities at once, each on its own saver (default ${DEFAULT_CONCURRENCY}; 1: one after another); a test that fails only with others running is reported as a concurrency bug; a call slower than the timeout with others running may take up to 4× it (slow under load, not a hang)`,
    parse: (raw) => (raw === undefined ? undefined : checkConcurrency(positiveInteger(raw, "--concurrency", "4"), "--concurrency")),
    apply: (value, options) => (value === undefined ? options : { ...options, concurrency: value }),
  }),
  "allow-flaky": option({
    type: "boolean",
    help: "count FLAKY tests (failed, then passed on a retry) as passed; they are still reported as flaky",
    parse: (raw) => raw ?? false,
    apply: (value, options) => (value ? { ...options, allowFlaky: true } : options),
  }),
  "latest-only": option({
    type: "boolean",
    help: "the saver keeps only the latest checkpoint per thread and namespace: history tests are not applicable, the level says (latest-only)",
    parse: (raw) => raw ?? false,
    apply: (value, options) => (value ? { ...options, profile: "latest-only" as const } : options),
  }),
  "base-only": option({
    type: "boolean",
    help: "exit 0 when the base capabilities pass, even if an extended one the subject offers fails (default: every offered capability must pass)",
    parse: (raw) => raw ?? false,
  }),
  strict: option({
    type: "boolean",
    help: "every capability the subject offers must pass: the default now, kept for older scripts",
    parse: (raw) => raw ?? false,
  }),
  grep: option({
    type: "string",
    arg: "PATTERN",
    help: "run only spec tests whose name, description or catalog id contains PATTERN",
    parse: (raw) => raw,
    apply: (value, options) => (value ? { ...options, grep: value } : options),
  }),
  "skip-test": option({
    type: "string",
    multiple: true,
    arg: "NAME|ID",
    help: "leave out these spec tests, by name or catalog id, comma-separated, repeatable (reported as skipped; --grep selects instead)",
    parse: (raw) =>
      raw === undefined || raw.length === 0
        ? undefined
        : raw.flatMap((item) => commaList(item, "--skip-test", "test_put_stores_only_changed_channels")),
    apply: (value, options) => (value ? { ...options, skipTests: value } : options),
  }),
  graph: option({
    type: "boolean",
    help: "also run the graph scenarios (real LangGraph runs compared with MemorySaver; on by default with --backends)",
    parse: (raw) => raw ?? false,
    apply: (value, options) => (value ? { ...options, graph: graphObject(options.graph) } : options),
  }),
  "graph-scenarios": option({
    type: "string",
    arg: "LIST",
    help: "run only these graph scenarios, e.g. G07,G08 (turns the graph scenarios on)",
    parse: (raw) => (raw === undefined ? undefined : scenarioList(raw, "--graph-scenarios")),
    apply: (value, options) => (value ? { ...options, graph: { ...graphObject(options.graph), scenarios: value } } : options),
  }),
  "graph-skip": option({
    type: "string",
    arg: "LIST",
    help: "do not run these graph scenarios (turns the graph scenarios on)",
    parse: (raw) => (raw === undefined ? undefined : scenarioList(raw, "--graph-skip")),
    apply: (value, options) => (value ? { ...options, graph: { ...graphObject(options.graph), skip: value } } : options),
  }),
  "no-graph": option({
    type: "boolean",
    help: "do not run the graph scenarios (the default without --backends)",
    parse: (raw) => raw ?? false,
    apply: (value, options) => {
      if (!value) return options;
      if (options.graph !== undefined)
        throw new CliUsageError("--no-graph contradicts --graph, --graph-scenarios and --graph-skip; keep one of them");
      return { ...options, graph: false };
    },
  }),
  model: option({
    type: "string",
    arg: "RUNS",
    help: `run RUNS random operation sequences against the reference model (MODEL section; default ${MODEL_DEFAULTS.runs} on whole runs, none with --capabilities/--skip/--grep); 0 turns it off`,
    parse: (raw) => (raw === undefined ? undefined : wholeNumber(raw, "--model", "100")),
    apply: (value, options) => {
      if (value === undefined) return options;
      return { ...options, model: value === 0 ? false : { ...modelObject(options.model), runs: value } };
    },
  }),
  seed: option({
    type: "string",
    arg: "N|random",
    help: `seed of the model sequences (default ${MODEL_DEFAULTS.seed}, so runs repeat); "random" explores and prints the seed it drew`,
    parse: (raw) => (raw === undefined ? undefined : seedValue(raw, "--seed")),
    apply: (value, options) => {
      if (value === undefined) return options;
      if (options.model === false) throw new CliUsageError("--seed applies to the model mode, which --model 0 turns off; drop one of them");
      return { ...options, model: { ...modelObject(options.model), seed: value } };
    },
  }),
  path: option({
    type: "string",
    arg: "P",
    help: "replay path of a model failure, printed with it; needs its --seed",
    parse: (raw) => raw,
    apply: (value, options) => {
      if (value === undefined) return options;
      if (options.model === false) throw new CliUsageError("--path applies to the model mode, which --model 0 turns off; drop one of them");
      const model = modelObject(options.model);
      if (model.seed === undefined || model.seed === "random")
        throw new CliUsageError(
          `--path replays a model failure only with the seed printed beside it; add --seed N (the MODEL section's replay line has both)`,
        );
      return { ...options, model: { ...model, path: value } };
    },
  }),
  shard: option({
    type: "string",
    arg: "I/N",
    help: "run only shard I of N (every Nth capability, graph scenario and model sequence; with --backends, every Nth backend); merge the shards' report-json reports with: checkpoint-conformance merge",
    parse: (raw) => (raw === undefined ? undefined : parseShard(raw, "--shard")),
    apply: (value, options) => (value ? { ...options, shard: value } : options),
  }),
  backends: option({
    type: "string",
    arg: "LIST|all",
    help: `run the matrix on these built-in backends (${BACKEND_IDS.join(",")}); with <module>, your saver is one more column; stores and caches (${STORE_CACHE_BACKEND_IDS.join(",")}) get a table each; "all" runs every saver, store and cache (store:pglite only when named)`,
    parse: (raw) => (raw === undefined ? undefined : backendList(raw, "--backends")),
  }),
  bench: option({
    type: "boolean",
    help: "measure throughput (ops/s, p50/p99 per operation) instead of checking conformance",
    parse: (raw) => raw ?? false,
  }),
  "bench-sizes": option({
    type: "string",
    arg: "LIST",
    help: "thread lengths to measure at with --bench (default 10,100,1000)",
    parse: (raw) => (raw === undefined ? undefined : positiveIntegerList(raw, "--bench-sizes", "10,100,1000")),
  }),
  list: option({
    type: "boolean",
    help: "print the spec tests with their catalog ids and exit (with --graph, the graph scenarios too)",
    parse: (raw) => raw ?? false,
  }),
  help: option({ type: "boolean", short: "h", help: "print this help and exit", parse: (raw) => raw ?? false }),
  version: option({ type: "boolean", short: "v", help: "print the version and exit", parse: (raw) => raw ?? false }),
};

export type CliOptionName = keyof typeof CLI_OPTIONS;
/** The parsed value of every option, typed by its table entry. */
export type CliOptions = { [K in CliOptionName]: ReturnType<(typeof CLI_OPTIONS)[K]["parse"]> };

/** validate()'s options from the parsed command line. */
export function toValidateOptions(values: CliOptions): ValidateOptions {
  let options: ValidateOptions = {};
  for (const name of Object.keys(CLI_OPTIONS) as CliOptionName[]) {
    const entry = CLI_OPTIONS[name] as CliOption<"string" | "boolean", boolean, unknown>;
    if (entry.apply) options = entry.apply(values[name], options);
  }
  return options;
}

export interface ReporterTarget {
  name: ReporterName;
  /** Undefined: stdout (or --output). */
  file?: string;
}

function reporterTarget(raw: string): ReporterTarget {
  const colon = raw.indexOf(":");
  const name = colon === -1 ? raw : raw.slice(0, colon);
  const file = colon === -1 ? undefined : raw.slice(colon + 1);
  if (!isReporterName(name)) {
    throw new CliUsageError(`unknown reporter "${name}" in --reporter ${raw}; use one of ${REPORTER_NAMES.join(", ")}`);
  }
  if (file === "") throw new CliUsageError(`--reporter ${raw} has an empty file name; write --reporter ${name}:FILE`);
  return { name, file };
}

function graphObject(current: ValidateOptions["graph"]): GraphOptions {
  return typeof current === "object" ? current : {};
}

function modelObject(current: ValidateOptions["model"]): ModelOptions {
  return typeof current === "object" ? current : {};
}
