import { resolve } from "node:path";
import type { Backend } from "../backends/types.js";
import { benchmarkBackends, type BenchOutcome } from "../bench/benchmark-backends.js";
import { exitOnInterrupt, interruptedBy, parkIfInterrupted } from "../cleanup/index.js";
import { renderThroughput, renderThroughputComparison } from "../bench/render.js";
import type { ThroughputResult } from "../bench/throughput.js";
import { registrationBackend } from "../matrix/registration-backend.js";
import type { RegisteredCheckpointer } from "../registration.js";
import { deliver } from "./deliver.js";
import type { CliIo } from "./io.js";

export interface BenchCommand {
  /** The user's module, measured first. */
  registered?: RegisteredCheckpointer;
  /** With --backends: measured after the user's saver. */
  backends?: readonly Backend[];
  sizes?: readonly number[];
  timeoutMs?: number;
  output?: string;
}

/**
 * `--bench`: throughput (ops/s, p50/p99 per operation and thread length) of
 * the module's saver, or of every selected backend side by side. Progress goes
 * to stderr. Exit 0 when every saver that could run was measured, 1 when one failed.
 * Ctrl-C or SIGTERM: what was measured so far, marked interrupted; exit 130/143.
 */
export async function runBenchCommand(command: BenchCommand, io: CliIo): Promise<number> {
  const backends = command.backends ?? [];
  const savers = command.registered ? [registrationBackend(command.registered, { taken: backends }), ...backends] : backends;
  const file = command.output === undefined ? undefined : resolve(io.cwd, command.output);
  const finished: BenchOutcome[] = [];
  let measuring: string | undefined;
  const stopReporting = exitOnInterrupt((signal) => {
    const pending = savers.map((b) => b.id).filter((id) => id !== measuring && !finished.some((o) => o.id === id));
    const note = `INTERRUPTED by ${signal}${measuring === undefined ? "" : ` while measuring ${measuring}`}: a partial result${pending.length > 0 ? `; not measured: ${pending.join(", ")}` : ""}`;
    writeBench(renderBench(finished, note), file, io);
  });
  try {
    const outcomes = await benchmarkBackends(savers, {
      sizes: command.sizes,
      timeoutMs: command.timeoutMs,
      onBackendStart: (b) => {
        if (interruptedBy()) return;
        measuring = b.id;
        io.stderr.write(`Measuring ${b.id} ...\n`);
      },
      onBackendEnd: (outcome) => {
        if (interruptedBy()) return;
        measuring = undefined;
        finished.push(outcome);
      },
    });
    await parkIfInterrupted();
    writeBench(renderBench(outcomes), file, io);
    return outcomes.some((o) => o.status === "error") ? 1 : 0;
  } finally {
    stopReporting();
  }
}

function writeBench(text: string, file: string | undefined, io: CliIo): void {
  const [written] = deliver([{ text, file }], io);
  if (written !== undefined) io.stdout.write(`Throughput written to ${written}\n`);
}

/** A table per saver measured, the side-by-side comparison when there are several, then why any did not run. */
function renderBench(outcomes: readonly BenchOutcome[], interrupted?: string): string {
  const measured: ThroughputResult[] = outcomes.flatMap((o) => (o.status === "ran" ? [o.result] : []));
  const parts = measured.map(renderThroughput);
  if (interrupted !== undefined) parts.unshift(interrupted);
  if (measured.length > 1) parts.push(`Side by side (ops/s)\n\n${renderThroughputComparison(measured)}`);
  const notRun = outcomes.flatMap((o) =>
    o.status === "skipped" ? [`  ${o.id} (skipped): ${o.reason}`] : o.status === "error" ? [`  ${o.id} (failed): ${o.error}`] : [],
  );
  if (notRun.length > 0) parts.push(["Not measured:", ...notRun].join("\n"));
  return `${parts.join("\n\n")}\n`;
}
