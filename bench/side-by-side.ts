/**
 * The bench's first table: our tool next to @langchain/langgraph-checkpoint-validation
 * on the same savers, with the ratio and issue 22's target for each row.
 */
import type { HeadToHead } from "./head-to-head.js";
import type { SuiteSpeedResult, Timing } from "./suite-speed.js";

interface Row {
  what: string;
  ours: string;
  theirs: string;
  ratio?: number;
  target: string;
  calls?: string;
}

const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;
const megabytes = (kb: number | undefined) => `${Math.round((kb ?? 0) / 1024)} MB`;
const count = (n: number) => n.toLocaleString("en-US");
const runsNote = (t: Timing) => (t.runs > 1 ? ` (median of ${t.runs})` : "");

function headToHeadRow(h: HeadToHead, target: string): Row {
  return {
    what: `${h.subject}: ${h.ours.label} / ${h.theirs.label}`,
    ours: `${seconds(h.ours.median)}${runsNote(h.ours)}`,
    theirs: `${seconds(h.theirs.median)}${runsNote(h.theirs)}`,
    ratio: h.ours.median / h.theirs.median,
    target,
    calls: h.calls ? `${count(h.calls.ours)} / ${count(h.calls.theirs)}` : undefined,
  };
}

/** The rows of whatever was measured (a bench cut short renders what it has). */
export function renderSideBySide(parts: { speed?: SuiteSpeedResult; remoteLike?: HeadToHead; postgres?: HeadToHead }): string {
  const rows: Row[] = [];
  if (parts.remoteLike) rows.push(headToHeadRow(parts.remoteLike, "≤ 1.0 (aim 0.5), every model sequence run"));
  if (parts.postgres) rows.push(headToHeadRow(parts.postgres, "-"));
  if (parts.speed) {
    const { ours, theirs } = parts.speed.processes;
    rows.push(
      {
        what: `PostgresSaver: ${parts.speed.postgresSuites.label}`,
        ours: seconds(parts.speed.postgresSuites.median),
        theirs: "-",
        target: "≤ 4 s",
      },
      {
        what: `PostgresSaver: ${parts.speed.postgresFloor.label}`,
        ours: seconds(parts.speed.postgresFloor.median),
        theirs: "-",
        target: "the least a run that checks those cases costs",
      },
      {
        what: "MemorySaver, whole process, time: our CLI (default options) / the existing tool",
        ours: seconds(ours.median),
        theirs: seconds(theirs.median),
        ratio: parts.speed.ratio,
        target: "≤ 1.0",
      },
      {
        what: "MemorySaver, whole process, peak memory (process tree)",
        ours: megabytes(ours.peakKb),
        theirs: megabytes(theirs.peakKb),
        ratio: parts.speed.memoryRatio,
        target: "< 1.0",
      },
    );
  }
  const lines = rows.map(
    (r) =>
      `| ${r.what} | ${r.ours} | ${r.theirs} | ${r.ratio === undefined ? "-" : `**${r.ratio.toFixed(2)}**`} | ${r.target} | ${r.calls ?? "-"} |`,
  );
  return [
    "| subject: ours / theirs | ours | existing tool | ours / theirs | target (issue 22) | saver calls per run, ours / theirs |",
    "| --- | --- | --- | --- | --- | --- |",
    ...lines,
  ].join("\n");
}
