import { spawn } from "node:child_process";
import { readFileSync, readdirSync } from "node:fs";
import { killTreeSync, settledWithin, trackCleanup } from "../src/cleanup/index.js";

/** One whole-process run: wall time (ms), peak memory of its whole process tree (KB), exit status. */
export interface ProcessRun {
  wallMs: number;
  /**
   * The sum of every process's peak resident memory (VmHWM) in the tree the
   * command started, sampled every few ms: our CLI's child process and the
   * test runner's workers count, not only the first process.
   */
  peakKb: number;
  status: number | null;
  stdout: string;
}

const SAMPLE_MS = 5;

/** `env`: variables set for the measured process on top of this one's. */
export function runProcess(command: string, args: readonly string[], cwd: string, env: Record<string, string> = {}): Promise<ProcessRun> {
  return new Promise((resolve, reject) => {
    const start = performance.now();
    const child = spawn(command, args, {
      cwd,
      env: { ...process.env, NO_COLOR: "1", CONFORMANCE_GRAPH: process.env.CONFORMANCE_GRAPH ?? "", ...env },
      stdio: ["ignore", "pipe", "inherit"],
    });
    const peaks = new Map<number, number>();
    const sample = () => {
      for (const pid of tree(child.pid!)) {
        const kb = peakRss(pid);
        if (kb > (peaks.get(pid) ?? 0)) peaks.set(pid, kb);
      }
    };
    const sampler = setInterval(sample, SAMPLE_MS);
    sample();
    let stdout = "";
    child.stdout.setEncoding("utf8").on("data", (text: string) => (stdout += text));
    const closed = new Promise<void>((done) => child.once("close", () => done()));
    // On Ctrl-C the measured process (same group) writes its partial report into the bench's temp dir: the dir
    // is removed only after it ended (clean-ups run newest first), or it would be written there again.
    const cleanup = trackCleanup({
      run: async () => {
        if (!(await settledWithin(closed, 15_000)) && child.pid) killTreeSync(child.pid);
      },
      runNow: () => {
        if (child.exitCode === null && child.signalCode === null && child.pid) killTreeSync(child.pid);
      },
    });
    child.once("error", reject);
    child.once("close", (status) => {
      void cleanup.run();
      clearInterval(sampler);
      const wallMs = performance.now() - start;
      resolve({ wallMs, peakKb: [...peaks.values()].reduce((a, b) => a + b, 0), status, stdout });
    });
  });
}

/** The process and all its descendants (Linux /proc). */
function tree(root: number): number[] {
  const out: number[] = [];
  const pending = [root];
  while (pending.length > 0) {
    const pid = pending.pop()!;
    out.push(pid);
    try {
      for (const task of readdirSync(`/proc/${pid}/task`)) {
        const children = readFileSync(`/proc/${pid}/task/${task}/children`, "utf8").trim();
        if (children) pending.push(...children.split(/\s+/).map(Number));
      }
    } catch {
      // The process ended between two reads.
    }
  }
  return out;
}

function peakRss(pid: number): number {
  try {
    return Number(/VmHWM:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, "utf8"))?.[1] ?? 0);
  } catch {
    return 0;
  }
}
