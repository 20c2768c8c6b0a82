import { spawnSync } from "node:child_process";

/** One whole-process run: wall time (ms), peak resident memory (KB, from GNU time), exit status. */
export interface ProcessRun {
  wallMs: number;
  peakKb: number;
  status: number | null;
  stdout: string;
}

const GNU_TIME = "/usr/bin/time";

export function runProcess(command: string, args: readonly string[], cwd: string): ProcessRun {
  const start = performance.now();
  const result = spawnSync(GNU_TIME, ["-f", "__peak_kb=%M", command, ...args], {
    cwd,
    encoding: "utf8",
    env: { ...process.env, NO_COLOR: "1", CONFORMANCE_GRAPH: process.env.CONFORMANCE_GRAPH ?? "" },
    maxBuffer: 64 * 1024 * 1024,
  });
  const wallMs = performance.now() - start;
  if (result.error) throw new Error(`could not run ${GNU_TIME} ${command}: ${result.error.message} (install GNU time: apt-get install time)`);
  const peak = /__peak_kb=(\d+)/.exec(result.stderr ?? "");
  return { wallMs, peakKb: peak ? Number(peak[1]) : Number.NaN, status: result.status, stdout: result.stdout ?? "" };
}
