import { countsOf, isCountedFailure } from "../report/conformance-report.js";
import type { ProgressHooks } from "../run/progress.js";
import type { Palette } from "../reporters/palette.js";
import type { ProgressStream } from "../util/text.js";

export type { ProgressStream };

/**
 * What the CLI shows while it runs when no live reporter does: on a terminal
 * one line rewritten in place, elsewhere one line per capability.
 */
export function progressLine(stream: ProgressStream, palette: Palette): ProgressHooks {
  const live = stream.isTTY === true;
  let done = 0;
  let selected = new Set<string>();
  let ran = 0;
  let failed = 0;
  const rewrite = (capability: string) => {
    const failures = failed > 0 ? `, ${palette.red(`${failed} failed`)}` : "";
    stream.write(`\r\x1b[K  ${palette.dim(`[${done + 1}/${selected.size}]`)} ${capability}: ${ran} tests run${failures}`);
  };
  return {
    onRunStart({ subjectName, capabilities }) {
      selected = new Set(capabilities);
      stream.write(`Checking ${subjectName} (${selected.size} ${selected.size === 1 ? "capability" : "capabilities"})\n`);
    },
    onCapabilityStart(capability) {
      if (live && selected.has(capability)) rewrite(capability);
    },
    onTestResult(capability, _name, _passed, _error, result) {
      ran++;
      if (isCountedFailure(result)) failed++;
      if (live) rewrite(capability);
    },
    onCapabilityEnd(capability, result) {
      // Capabilities left out by --capabilities/--skip are in the final report, not in the progress.
      if (!selected.has(capability)) return;
      done++;
      if (live) return;
      if (result.status === "skipped" || result.status === "not-implemented") {
        stream.write(`  ${capability}: ${result.status} (${result.reason})\n`);
        return;
      }
      const counts = countsOf(result);
      const verdict = result.status === "failed" ? palette.red(result.status) : result.status;
      stream.write(`  ${capability}: ${verdict} (${counts.passed} passed, ${counts.failed} failed)\n`);
    },
    onRunEnd() {
      if (live) stream.write("\r\x1b[K");
    },
  };
}
