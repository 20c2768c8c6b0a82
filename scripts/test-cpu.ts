/**
 * `npm run test:cpu [-- vitest arguments]`: runs the tests (all, or the files
 * named) and prints the CPU each test file cost, most first: its worker's own
 * and that of the processes it started and waited for (test/setup/cpu-probe.ts).
 * and the whole run's (vitest's main process and the run's PostgreSQL server
 * included, test/setup/shared-postgres.ts). CPU time, unlike wall time, means
 * something on a loaded machine. Exit code as vitest's.
 */
import { spawnSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";

const dir = mkdtempSync(join(tmpdir(), "test-cpu-"));
const log = join(dir, "cpu.tsv");
try {
  const vitest = spawnSync("npx", ["vitest", "run", ...process.argv.slice(2)], {
    stdio: "inherit",
    env: { ...process.env, CONFORMANCE_CPU_LOG: log },
  });
  const rows = readFileSync(log, "utf8")
    .trim()
    .split("\n")
    .map((line) => line.split("\t"))
    .map(([file, total, own, children, wall]) => ({
      file: file!,
      total: Number(total),
      own: Number(own),
      children: Number(children),
      wall: Number(wall),
    }))
    .sort((a, b) => b.total - a.total);
  const sum = (key: "total" | "own" | "children") => rows.reduce((s, r) => s + r[key], 0).toFixed(1);
  process.stdout.write(`\nCPU s   (worker + children)   wall s   file\n`);
  for (const r of rows)
    process.stdout.write(
      `${r.total.toFixed(1).padStart(6)}   (${r.own.toFixed(1).padStart(6)} + ${r.children.toFixed(1).padStart(6)})   ${r.wall.toFixed(0).padStart(6)}   ${r.file}\n`,
    );
  process.stdout.write(
    `${sum("total").padStart(6)}   (${sum("own").padStart(6)} + ${sum("children").padStart(6)})            ${rows.length} files\n`,
  );
  const procStat = readFileSync("/proc/self/stat", "utf8");
  const stat = procStat
    .slice(procStat.lastIndexOf(")") + 2)
    .split(" ")
    .map(Number);
  // cutime + cstime (fields 16 and 17), in 1/100 s: every process of the run, all waited for.
  process.stdout.write(`${((stat[13]! + stat[14]!) / 100).toFixed(1).padStart(6)}   the whole run\n`);
  process.exitCode = vitest.status ?? 1;
} finally {
  rmSync(dir, { recursive: true, force: true });
}
