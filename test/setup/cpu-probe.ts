import { appendFileSync, readFileSync } from "node:fs";
import { afterAll } from "vitest";

/**
 * Opt-in vitest setupFile (CONFORMANCE_CPU_LOG=<file>, see `npm run test:cpu`): appends one line per test
 * file with the CPU it cost, its own process's (utime+stime) and its waited-for children's (cutime+cstime),
 * in seconds, and its wall time. CPU time stays meaningful on a loaded machine; wall time does not.
 * Files run one after another in a worker (forked; in the suite project one worker runs several, sharing the modules
 * it loaded: vitest.config.ts), so the deltas are the file's, the modules it was first to load included.
 */
const LOG = process.env.CONFORMANCE_CPU_LOG;
const TICKS_PER_SECOND = 100;

function cpuSeconds(): { own: number; children: number } {
  // Fields after the command name (which is in parentheses and may contain spaces): field 14 is index 11 here.
  const stat = readFileSync("/proc/self/stat", "utf8");
  const fields = stat
    .slice(stat.lastIndexOf(")") + 2)
    .split(" ")
    .map(Number);
  const [utime, stime, cutime, cstime] = fields.slice(11, 15) as [number, number, number, number];
  return { own: (utime + stime) / TICKS_PER_SECOND, children: (cutime + cstime) / TICKS_PER_SECOND };
}

if (LOG !== undefined) {
  // Taken when this setup file loads, before the test file's imports: their cost is the file's too.
  const start = { ...cpuSeconds(), wall: Date.now() };
  // vitest 4 passes the suite second; the first parameter must be a destructuring pattern.
  // eslint-disable-next-line no-empty-pattern
  afterAll(({}, suite) => {
    const end = cpuSeconds();
    const file = suite.file.filepath;
    const own = end.own - start.own;
    const children = end.children - start.children;
    const wall = (Date.now() - start.wall) / 1000;
    appendFileSync(
      LOG,
      `${file.replace(`${process.cwd()}/`, "")}\t${(own + children).toFixed(2)}\t${own.toFixed(2)}\t${children.toFixed(2)}\t${wall.toFixed(1)}\n`,
    );
  });
}
