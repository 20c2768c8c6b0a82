import { parseArgs, type ParseArgsConfig } from "node:util";
import { CLI_OPTIONS, type CliOptionName, type CliOptions } from "./options.js";
import { CliUsageError } from "../util/usage-error.js";

export interface CliArgs {
  /** The `<module>` positional; undefined when not given. */
  module: string | undefined;
  options: CliOptions;
}

/** Parses argv (without node and the script) into typed options; bad usage throws CliUsageError. */
export function parseCliArgs(argv: readonly string[]): CliArgs {
  const config: NonNullable<ParseArgsConfig["options"]> = {};
  for (const [name, entry] of Object.entries(CLI_OPTIONS)) {
    config[name] = {
      type: entry.type,
      ...("multiple" in entry ? { multiple: entry.multiple } : {}),
      ...("short" in entry ? { short: entry.short } : {}),
    };
  }
  let parsed;
  try {
    parsed = parseArgs({ args: joinNegativeNumbers(argv), options: config, allowPositionals: true, strict: true });
  } catch (error) {
    throw new CliUsageError(`${parseErrorText(error)}; run checkpoint-conformance --help for the options`);
  }
  if (parsed.positionals.length > 1) {
    throw new CliUsageError(
      `expected one <module>, got ${parsed.positionals.length}: ${parsed.positionals.join(" ")}; quote a path that has spaces`,
    );
  }
  const values = parsed.values as Record<string, never>;
  const options = Object.fromEntries(
    (Object.keys(CLI_OPTIONS) as CliOptionName[]).map((name) => [name, CLI_OPTIONS[name].parse(values[name])]),
  ) as CliOptions;
  return { module: parsed.positionals[0], options };
}

/**
 * parseArgs reads "--seed -5" as two options; the seed a model failure prints
 * may be negative, so a negative number after an option that takes a value is its value.
 */
function joinNegativeNumbers(argv: readonly string[]): string[] {
  const out: string[] = [];
  for (let i = 0; i < argv.length; i++) {
    const name = argv[i].startsWith("--") ? argv[i].slice(2) : undefined;
    const takesValue = name !== undefined && name in CLI_OPTIONS && CLI_OPTIONS[name as CliOptionName].type === "string";
    if (takesValue && /^-\d+$/.test(argv[i + 1] ?? "")) out.push(`${argv[i]}=${argv[++i]}`);
    else out.push(argv[i]);
  }
  return out;
}

/** parseArgs' messages carry advice for script authors; keep the part that names the option. */
function parseErrorText(error: unknown): string {
  const message = error instanceof Error ? error.message : String(error);
  const unknown = /Unknown option '([^']+)'/.exec(message);
  if (unknown) return `unknown option ${unknown[1]}`;
  const missing = /Option '([^']+)' argument missing/.exec(message);
  if (missing) return `option ${missing[1].replace(/ <value>$/, "")} needs a value`;
  return message.split("\n", 1)[0].replace(/\. To specify.*$/, "");
}
