import type { ThrownError } from "../../runtime/thrown-error.js";
import type { FailureItem } from "../../report/types.js";
import { firstLine } from "../../util/text.js";

/**
 * Parts of a message that change from run to run or test to test without
 * changing what went wrong: uuids (thread and checkpoint ids), ISO timestamps,
 * long hex strings, and numbers. Replaced by one placeholder each.
 */
const VOLATILE: readonly [RegExp, string][] = [
  [/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/gi, "<id>"],
  [/\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(?:\.\d+)?(?:Z|[+-]\d{2}:?\d{2})?/g, "<time>"],
  [/\b[0-9a-f]{12,}\b/gi, "<hex>"],
  [/\d+(?:\.\d+)?/g, "<n>"],
];

/** The message with its volatile parts replaced, so two failures of one bug compare equal. */
export function normaliseMessage(text: string): string {
  return VOLATILE.reduce((out, [pattern, placeholder]) => out.replace(pattern, placeholder), text).trim();
}

/** A stack frame without its directory (`at put (my-saver.ts:41:12)`): the same on every machine a shard ran on. */
export function frameKey(frame: string): string {
  return frame.replace(/(?:file:\/\/)?[^\s()]*[/\\]([^/\\\s()]+:\d+(?::\d+)?)/g, "$1");
}

/** What makes two thrown errors one: the name, the normalised message and the top user frame (not the method, which a probe does not know). */
export function errorSignature(error: ThrownError): string {
  const message = error.name === "TimeoutError" ? hangOf(error.message) : error.message;
  return [error.name, normaliseMessage(message), error.frames[0] ? frameKey(error.frames[0]) : ""].join("\u0000");
}

/**
 * A timeout's message without how long it waited and why that long (the plain timeout, the grace, the grace cut
 * short: src/runtime/slow-call.ts): `timed out in getTuple()`. One hang is one cause, whatever load each test met.
 */
function hangOf(message: string): string {
  return message.replace(/^timed out after [\d,]+ ms /, "timed out ").replace(/ \([^()]*\): a hang, not load$/, "");
}

/**
 * What makes two failures one cause: the same saver error (name, normalised
 * message, top user frame), or the same clause confirmed by a targeted probe,
 * or else the same failing clause on the same input (catalog ids and
 * normalised message, within one section).
 */
export function causeKey(item: FailureItem): string {
  if (item.error) return ["error", errorSignature(item.error)].join("\u0000");
  if (item.confirmed) return ["probe", item.section, item.confirmed.key].join("\u0000");
  return ["clause", item.section, item.ids.join(","), normaliseMessage(item.message)].join("\u0000");
}

/** One line that names the cause: the saver's error and where it was thrown, or the clause that failed. */
export function causeTitle(item: FailureItem, cwd = process.cwd()): string {
  if (item.error) return errorTitle(item.error, cwd);
  if (item.confirmed) return `${item.section}: ${item.confirmed.title}${item.ids.length > 0 ? ` [${item.ids.join(", ")}]` : ""}`;
  const ids = item.ids.length > 0 ? ` [${item.ids.join(", ")}]` : "";
  const where = item.section === "spec" ? "" : `${item.label}: `;
  return `${where}${firstLine(item.message)}${ids}`;
}

function errorTitle(error: ThrownError, cwd: string): string {
  const thrower = error.method ? `${error.method} threw ` : "";
  const frame = error.frames[0] ? ` ${shortFrame(error.frames[0], cwd)}` : "";
  return `${thrower}${error.name}: ${firstLine(error.message)}${frame}`;
}

/** A frame with its path relative to the working directory when it is inside it. */
export function shortFrame(frame: string, cwd: string): string {
  const prefix = `${cwd.replace(/[/\\]$/, "")}/`;
  return frame
    .replace(/file:\/\//g, "")
    .split(prefix)
    .join("");
}
