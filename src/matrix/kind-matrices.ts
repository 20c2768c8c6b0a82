import type { MatrixBackend } from "../backends/types.js";
import type { SharedResources } from "../backends/shared-resources.js";
import { parkIfInterrupted } from "../cleanup/index.js";
import type { ValidateOptions } from "../engine/validate.js";
import { kindDescriptor } from "../kinds/descriptors.js";
import { renderMatrixTerminal } from "../reporters/matrix/render-terminal.js";
import type { BackendOutcome, MatrixResult } from "../reporters/matrix/types.js";
import { runMatrix } from "./run-matrix.js";
import { matrixVerdict } from "./verdict.js";

/** The built-in stores or caches of one kind, as one matrix. */
export interface KindMatrix {
  kind: "store" | "cache";
  backends: readonly MatrixBackend[];
}

export interface KindMatricesOptions {
  validate: ValidateOptions;
  /** Judge each backend on its base capabilities only (`--base-only`). */
  baseOnly?: boolean;
  /** Where the titles, tables and failing backends are written. */
  write(text: string): void;
  /** ANSI colours in the tables. */
  color?: boolean;
  /** The run's shared servers (the PostgreSQL the savers' matrix started); default: each matrix its own. */
  shared?: SharedResources;
  onBackendStart?(backend: MatrixBackend): void;
  onBackendEnd?(outcome: BackendOutcome): void;
}

/**
 * The store and cache matrices, one table per kind, after the savers'. The
 * graph scenarios are a saver's section: a store's or cache's run has its own
 * (the store model, the behaviour profile). Resolves to the exit code: 0 when
 * every one passes, 1 when one does not, 2 when nothing could run.
 */
export async function runKindMatrices(kinds: readonly KindMatrix[], options: KindMatricesOptions): Promise<number> {
  let exit = 0;
  for (const { kind, backends } of kinds) {
    options.write(kindMatrixTitle(kind, backends));
    const result = await runMatrix(backends, {
      validate: { ...options.validate, graph: false },
      ...(options.shared ? { shared: options.shared } : {}),
      ...(options.onBackendStart ? { onBackendStart: options.onBackendStart } : {}),
      ...(options.onBackendEnd ? { onBackendEnd: options.onBackendEnd } : {}),
    });
    await parkIfInterrupted();
    const ended = kindMatrixEnd(kind, result, options);
    options.write(ended.text);
    exit = Math.max(exit, ended.exit);
  }
  return exit;
}

/** The line before a kind's backends run. */
export function kindMatrixTitle(kind: KindMatrix["kind"], backends: readonly MatrixBackend[]): string {
  return `\n${kindDescriptor(kind).title} matrix: ${backends.map((b) => b.id).join(", ")}\n`;
}

/** A kind's table and failing backends, and its exit code: 0 when every one passes, 1 when one does not, 2 when nothing could run. */
export function kindMatrixEnd(
  kind: KindMatrix["kind"],
  result: MatrixResult,
  options: { baseOnly?: boolean; color?: boolean },
): { text: string; exit: number } {
  const title = kindDescriptor(kind).title;
  const verdict = matrixVerdict(result, { baseOnly: options.baseOnly ?? false });
  const failing = verdict.failing.map(({ id, why }) => `${kind}:${id}: ${why}\n`).join("");
  return {
    text: `\n${title}s: ${renderMatrixTerminal(result, { color: options.color === true })}${failing}`,
    exit: verdict.nothingRan ? 2 : verdict.passed ? 0 : 1,
  };
}
