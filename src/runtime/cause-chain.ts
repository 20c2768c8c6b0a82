import { formatValue } from "../format.js";

/** At most this many causes are shown under an error (a cycle or a very deep chain stops there). */
const MAX_CAUSES = 5;

/**
 * The error's `cause` chain as lines to put under its message, one per cause:
 * `  caused by: Error: read ECONNRESET (code ECONNRESET)`. Empty when it has no
 * cause. A lost connection behind `TypeError: fetch failed` shows only there.
 */
export function causeChainText(error: unknown): string {
  const lines: string[] = [];
  const seen = new Set<unknown>([error]);
  let cause = error instanceof Error ? error.cause : undefined;
  while (cause !== undefined && cause !== null && !seen.has(cause) && lines.length < MAX_CAUSES) {
    seen.add(cause);
    lines.push(`  caused by: ${describeCause(cause)}`);
    cause = cause instanceof Error ? cause.cause : undefined;
  }
  return lines.length > 0 ? `\n${lines.join("\n")}` : "";
}

function describeCause(cause: unknown): string {
  if (!(cause instanceof Error)) return formatValue(cause);
  const code = (cause as { code?: unknown }).code;
  return `${cause.name}: ${cause.message.split("\n", 1)[0]}${typeof code === "string" && !cause.message.includes(code) ? ` (code ${code})` : ""}`;
}

/**
 * The error text (with its cause chain) reads as a lost or refused connection
 * to the backend, not as the saver's own logic: a failure that shows it and
 * passes alone is the transport's, never called a concurrency bug of the saver.
 */
export function isTransportErrorText(text: string): boolean {
  return /\b(ECONNRESET|ECONNREFUSED|ECONNABORTED|EPIPE|ETIMEDOUT|ENOTFOUND|EAI_AGAIN|EHOSTUNREACH|UND_ERR_\w+)\b|fetch failed|socket hang up|other side closed|Connection terminated|connection (?:closed|reset|lost|refused)/i.test(
    text,
  );
}
