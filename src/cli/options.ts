import { CAPABILITY_IDS, isCapability, type Capability } from "../capabilities.js";
import { isReporterName, REPORTER_NAMES, type ReporterName } from "../reporters/index.js";
import type { ValidateOptions } from "../runner.js";
import { CliUsageError } from "./usage-error.js";

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
    help: `run only these capabilities, comma-separated (${CAPABILITY_IDS.join(",")})`,
    parse: (raw) => (raw === undefined ? undefined : capabilityList(raw, "--capabilities")),
    apply: (value, options) => (value ? { ...options, capabilities: value } : options),
  }),
  skip: option({
    type: "string",
    arg: "LIST",
    help: "do not run these capabilities, comma-separated",
    parse: (raw) => (raw === undefined ? undefined : capabilityList(raw, "--skip")),
    apply: (value, options) =>
      value ? { ...options, capabilities: [...(options.capabilities ?? CAPABILITY_IDS)].filter((c) => !value.includes(c)) } : options,
  }),
  reporter: option({
    type: "string",
    multiple: true,
    arg: "NAME[:FILE]",
    help: `report format, repeatable: ${REPORTER_NAMES.join("|")}; with :FILE it is written to FILE (default pretty)`,
    parse: (raw) => (raw ?? []).map(reporterTarget),
  }),
  output: option({ type: "string", arg: "FILE", help: "write the reports that have no :FILE to FILE instead of stdout", parse: (raw) => raw }),
  timeout: option({
    type: "string",
    arg: "MS",
    help: "time limit per spec test and per factory step, in ms (default 5000)",
    parse: (raw) => (raw === undefined ? undefined : positiveInteger(raw, "--timeout")),
    apply: (value, options) => (value ? { ...options, timeoutMs: value } : options),
  }),
  strict: option({ type: "boolean", help: "exit 1 unless every detected capability passes (default: the base ones)", parse: (raw) => raw ?? false }),
  grep: option({
    type: "string",
    arg: "PATTERN",
    help: "run only spec tests whose name, description or catalog id contains PATTERN",
    parse: (raw) => raw,
    apply: (value, options) => (value ? { ...options, grep: value } : options),
  }),
  list: option({ type: "boolean", help: "print the spec tests with their catalog ids and exit", parse: (raw) => raw ?? false }),
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

function capabilityList(raw: string, flag: string): Capability[] {
  const items = raw.split(",").map((s) => s.trim()).filter((s) => s !== "");
  for (const item of items) {
    if (!isCapability(item)) throw new CliUsageError(`unknown capability "${item}" in ${flag}; known: ${CAPABILITY_IDS.join(", ")}`);
  }
  if (items.length === 0) throw new CliUsageError(`${flag} needs a comma-separated list of capabilities, e.g. ${flag} put,list`);
  return items as Capability[];
}

function positiveInteger(raw: string, flag: string): number {
  const value = Number(raw);
  if (!Number.isInteger(value) || value <= 0) throw new CliUsageError(`${flag} must be a positive whole number of ms, got "${raw}"; e.g. ${flag} 10000`);
  return value;
}
