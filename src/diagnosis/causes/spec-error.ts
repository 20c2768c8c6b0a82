import type { FailureInfo } from "../../report/results.js";
import type { ThrownError } from "../../runtime/thrown-error.js";

/** The engine's words before an error it did not throw itself, and where that error came from. */
const ORIGINS: readonly { pattern: RegExp; method?: (m: RegExpExecArray) => string }[] = [
  { pattern: /^(\S+?(?:\(\))?(?: iteration)?) threw /, method: (m) => m[1] },
  { pattern: /^the test threw / },
  { pattern: /^the factory failed to produce a saver: /, method: () => "the factory" },
  { pattern: /^the factory's cleanup failed: /, method: () => "the factory's cleanup" },
];

const FRAME = /^\s+at /;

/**
 * The error behind a failure the assertions did not raise (the saver threw,
 * timed out, or its factory failed), read back from the failure's text: the
 * engine writes `<method> threw <Name>: <message>` and then the user's frames.
 * Undefined for a failed assertion (a ConformanceError).
 */
export function specThrownError(failure: FailureInfo): ThrownError | undefined {
  if (failure.errorName === "ConformanceError") return undefined;
  return errorFromText(failure.errorName, failure.message, failure.frames);
}

function errorFromText(name: string, text: string, frames?: readonly string[]): ThrownError {
  const lines = text.split("\n");
  const body = lines.filter((l) => !FRAME.test(l)).join("\n");
  let message = body;
  let method: string | undefined;
  for (const origin of ORIGINS) {
    const m = origin.pattern.exec(body);
    if (!m) continue;
    message = body.slice(m[0].length);
    method = origin.method?.(m);
    break;
  }
  if (message.startsWith(`${name}: `)) message = message.slice(name.length + 2);
  return {
    name,
    message,
    frames: frames ? [...frames] : lines.filter((l) => FRAME.test(l)).map((l) => l.trim()),
    ...(method !== undefined ? { method } : {}),
  };
}
