import { xmlEscape } from "../xml.js";

/** Text safe inside HTML elements and attribute values. */
export const esc = xmlEscape;

const STYLE = `
:root { --pass: #1a7f37; --fail: #cf222e; --warn: #9a6700; --muted: #57606a; --line: #d0d7de; --bg: #f6f8fa; }
* { box-sizing: border-box; }
body { font: 14px/1.5 system-ui, -apple-system, "Segoe UI", Roboto, sans-serif; margin: 0 auto; max-width: 1200px; padding: 24px; color: #1f2328; }
h1 { font-size: 22px; margin: 0 0 4px; } h2 { font-size: 18px; margin: 28px 0 8px; border-bottom: 1px solid var(--line); padding-bottom: 4px; }
code, pre, .mono { font-family: ui-monospace, SFMono-Regular, Menlo, Consolas, monospace; font-size: 12.5px; }
pre { background: var(--bg); border: 1px solid var(--line); border-radius: 6px; padding: 8px 10px; white-space: pre-wrap; word-break: break-word; margin: 6px 0; }
table { border-collapse: collapse; width: 100%; margin: 6px 0; } th, td { border: 1px solid var(--line); padding: 4px 8px; text-align: left; vertical-align: top; }
th { background: var(--bg); } td.num { text-align: right; font-variant-numeric: tabular-nums; }
.verdict { display: inline-block; font-weight: 700; padding: 2px 10px; border-radius: 12px; color: #fff; }
.verdict.passed { background: var(--pass); } .verdict.failed { background: var(--fail); }
.result { font-size: 16px; font-weight: 600; margin: 8px 0; }
.pass { color: var(--pass); } .fail { color: var(--fail); } .warn { color: var(--warn); } .muted, .na { color: var(--muted); }
details { border: 1px solid var(--line); border-radius: 6px; margin: 8px 0; padding: 6px 10px; }
details > summary { cursor: pointer; font-weight: 600; }
details.failure { border-left: 4px solid var(--fail); } details.deviation { border-left: 4px solid var(--warn); }
.line-expected { color: var(--pass); } .line-actual { color: var(--fail); } .line-diff { color: var(--warn); }
.sbs { display: grid; grid-template-columns: 1fr 1fr; gap: 8px; } .sbs h4 { margin: 4px 0; font-size: 13px; }
.toolbar { margin: 12px 0; display: flex; gap: 8px; align-items: center; } .toolbar input { flex: 1; padding: 4px 8px; }
.hidden { display: none; }
`;

/** Expand/collapse all and a text filter over the failure list; marks the page ready when it ran. */
const SCRIPT = `
(function () {
  var all = function () { return Array.prototype.slice.call(document.querySelectorAll("details")); };
  var expand = document.getElementById("expand-all"), collapse = document.getElementById("collapse-all"), filter = document.getElementById("filter");
  if (expand) expand.addEventListener("click", function () { all().forEach(function (d) { d.open = true; }); });
  if (collapse) collapse.addEventListener("click", function () { all().forEach(function (d) { d.open = false; }); });
  if (filter) filter.addEventListener("input", function () {
    var q = filter.value.toLowerCase();
    Array.prototype.forEach.call(document.querySelectorAll("[data-filter]"), function (el) {
      el.classList.toggle("hidden", q !== "" && el.getAttribute("data-filter").indexOf(q) === -1);
    });
  });
  document.documentElement.setAttribute("data-ready", "true");
})();
`;

/** One self-contained page: inline CSS and JS, no network. */
export function htmlPage(title: string, body: string): string {
  return [
    "<!DOCTYPE html>",
    '<html lang="en">',
    "<head>",
    '<meta charset="utf-8">',
    '<meta name="viewport" content="width=device-width, initial-scale=1">',
    // No request may leave the file: everything is inline.
    `<meta http-equiv="Content-Security-Policy" content="default-src 'none'; style-src 'unsafe-inline'; script-src 'unsafe-inline'; img-src data:">`,
    `<title>${esc(title)}</title>`,
    `<style>${STYLE}</style>`,
    "</head>",
    "<body>",
    body,
    `<script>${SCRIPT}</script>`,
    "</body>",
    "</html>",
    "",
  ].join("\n");
}

/** The buttons and the filter box the script wires up. */
export function toolbar(): string {
  return `<div class="toolbar"><button id="expand-all" type="button">Expand all</button><button id="collapse-all" type="button">Collapse all</button><input id="filter" type="search" placeholder="Filter failures by test, capability, catalog id or message"></div>`;
}
