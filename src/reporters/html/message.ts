import { esc } from "./page.js";

/**
 * A failure message as the saver author reads it: every line, with expected,
 * actual and per-path difference lines marked, and expected beside actual when
 * the message carries both.
 */
export function messageHtml(message: string): string {
  const lines = message.split("\n");
  const pre = `<pre>${lines.map(lineHtml).join("\n")}</pre>`;
  const expected = valueAfter(lines, "expected:");
  const actual = valueAfter(lines, "actual:");
  if (expected === undefined || actual === undefined) return pre;
  return `${sideBySide("expected", expected, "actual", actual)}${pre}`;
}

/** Two values next to each other, each under its heading. */
export function sideBySide(leftTitle: string, left: string, rightTitle: string, right: string): string {
  return `<div class="sbs"><div><h4 class="pass">${esc(leftTitle)}</h4><pre>${esc(left)}</pre></div><div><h4 class="fail">${esc(rightTitle)}</h4><pre>${esc(right)}</pre></div></div>`;
}

function lineHtml(line: string): string {
  const trimmed = line.trimStart();
  const kind = trimmed.startsWith("expected:")
    ? "expected"
    : trimmed.startsWith("actual:")
      ? "actual"
      : /^- .+: (expected|not expected)/.test(trimmed)
        ? "diff"
        : undefined;
  return kind ? `<span class="line-${kind}">${esc(line)}</span>` : esc(line);
}

function valueAfter(lines: readonly string[], prefix: string): string | undefined {
  const line = lines.find((l) => l.trimStart().startsWith(prefix));
  return line?.trimStart().slice(prefix.length).trim();
}
