import type { BaseCheckpointSaver } from "@langchain/langgraph-checkpoint";
import type { Difference } from "../../../format.js";
import { formatValue } from "../../../format.js";
import type { CatalogId } from "../checks/types.js";
import { withSlowCallGrace, type LoadWatch, type SlowCall } from "../../../runtime/slow-call.js";
import { userFrames } from "../../../runtime/user-frames.js";
import { thrownError, type ThrownError } from "../../../runtime/thrown-error.js";
import { DECLARABLE_BEHAVIOURS, type DeclarableBehaviour } from "./behaviours.js";
import { diffLines } from "./compare.js";
import { answerLine, comparisonId } from "./comparison-id.js";
import type { ReferenceModel } from "./reference-model.js";
import { tsLiteral } from "./ts-literal.js";

/**
 * The saver and the model disagree: the operation, the one clause of the
 * comparison that failed (`id`; `family` is every clause the command compares),
 * what the call answered against the model, and the differences.
 */
export class ModelDisagreement extends Error {
  override readonly name = "ModelDisagreement";
  readonly id: CatalogId;
  readonly lines: readonly string[];

  constructor(
    readonly operation: string,
    readonly family: readonly CatalogId[],
    lines: readonly string[],
    readonly differences: readonly Difference[] = [],
    /** The saver's error, when the disagreement is that it rejected. */
    readonly thrown?: ThrownError,
  ) {
    const id = comparisonId(operation, family, differences);
    const answer = answerLine(operation, differences);
    const all = answer === undefined ? lines : [answer, ...lines];
    super([`${operation} disagrees with the reference model [${id}]`, ...all.map((l) => `  ${l}`)].join("\n"));
    this.id = id;
    this.lines = all;
  }

  /** The one catalog id, as a list (what reports print). */
  get ids(): readonly CatalogId[] {
    return [this.id];
  }
}

/** A sequence run while others are in flight: a call past the timeout gets the grace, and a slow one that settled is told. */
export interface SequenceLoad extends LoadWatch {
  onSlowCall(call: SlowCall): void;
}

/** What every sequence reports to the run: a declared behaviour that did explain a disagreement. */
export type ObservationSink = (behaviour: DeclarableBehaviour, example: readonly string[]) => void;

/**
 * The per-sequence state shared by its commands: the transcript (the
 * reproduction's lines), fresh channel versions, the call wrapper with its
 * timeout, and how declared behaviours turn disagreements into observations.
 */
export class SequenceEnv {
  readonly transcript: string[] = [];
  /** Whether put or putWrites has been called (lazily-created storage exists then). */
  private written = false;
  /** Whether any command has called the saver yet (every call is recorded, or runs through `call` or `recordOnFailure`). */
  private used = false;
  private version = 0;
  private readonly versionsIn = new Map<string, number>();

  constructor(
    readonly declared: ReadonlyMap<DeclarableBehaviour, string>,
    private readonly observe: ObservationSink,
    private readonly timeoutMs: number,
    /** Set when other sequences or tests may be in flight (src/runtime/slow-call.ts). */
    private readonly load?: SequenceLoad,
  ) {}

  /** A channel version no earlier put of this sequence used, so a (channel, version) never gets two values. */
  nextVersion(): number {
    return ++this.version;
  }

  /**
   * A channel version counted per (thread, namespace): unique within it, so a (thread, namespace, channel,
   * version) never gets two values, but repeated across namespaces and threads, where a saver must keep
   * them apart (KEY-10: a graph and its subgraph both write `messages` at version 1).
   */
  nextVersionIn(threadId: string, ns: string): number {
    const key = JSON.stringify([threadId, ns]);
    const next = (this.versionsIn.get(key) ?? 0) + 1;
    this.versionsIn.set(key, next);
    return next;
  }

  /** No command has called the saver yet: its next calls are its very first (lazy setup). */
  get untouched(): boolean {
    return !this.used;
  }

  record(line: string): void {
    this.used = true;
    this.transcript.push(line);
  }

  /** Runs a read whose line joins the reproduction only when it disagrees (bulk checks would be noise). */
  async recordOnFailure(line: string, read: () => Promise<void>): Promise<void> {
    this.used = true;
    try {
      await read();
    } catch (error) {
      this.record(line);
      throw error;
    }
  }

  /**
   * Calls the saver with the timeout. A rejection where the model expects success is a
   * disagreement, unless a declared behaviour explains it (then `undefined` is returned):
   * delete-thread-before-setup-rejects, or the behaviour the caller names for this call.
   */
  async call<T>(
    operation: string,
    ids: readonly CatalogId[],
    work: () => Promise<T>,
    rejectionDeclaredAs?: DeclarableBehaviour,
  ): Promise<{ value: T } | undefined> {
    const beforeFirstWrite = !this.written;
    this.used = true;
    if (operation === "put()" || operation === "putWrites()") this.written = true;
    try {
      return {
        value: await withSlowCallGrace(
          work(),
          this.timeoutMs,
          () => `in ${operation}`,
          this.load,
          (slow) => this.load?.onSlowCall(slow),
        ),
      };
    } catch (error) {
      const lines = ["expected: to resolve", `actual:   rejected with ${formatValue(error)}`];
      // Where in the saver it threw: the first frames of the user's code.
      lines.push(...userFrames(error).map((frame) => `            ${frame}`));
      if (operation.startsWith("deleteThread") && beforeFirstWrite && this.explains("delete-thread-before-setup-rejects", lines)) {
        return undefined;
      }
      if (rejectionDeclaredAs !== undefined && this.explains(rejectionDeclaredAs, lines)) return undefined;
      throw new ModelDisagreement(operation, ids, lines, [], thrownError(error, operation));
    }
  }

  /**
   * Fails on `strict` differences, unless the saver declared ignoring taskPath and the
   * comparison with the (taskId, idx) order has none: then it is an observation. So is any
   * difference when the caller names a declared behaviour this call exercises (`exercised`).
   */
  expectSame(
    operation: string,
    ids: readonly CatalogId[],
    strict: Difference[],
    taskIdOrder: () => Difference[],
    exercised?: DeclarableBehaviour,
  ): void {
    if (strict.length === 0) return;
    const lines = diffLines(strict);
    if (this.declared.has("ignores-task-path") && taskIdOrder().length === 0 && this.explains("ignores-task-path", lines)) return;
    if (exercised !== undefined && this.explains(exercised, lines)) return;
    throw new ModelDisagreement(operation, ids, lines, strict);
  }

  private explains(behaviour: DeclarableBehaviour, lines: readonly string[]): boolean {
    if (!this.declared.has(behaviour)) return false;
    this.observe(behaviour, lines);
    this.record(`// (declared: ${DECLARABLE_BEHAVIOURS[behaviour].description})`);
    return true;
  }
}

/** The state fast-check threads through a sequence's commands. */
export interface ModelState {
  model: ReferenceModel;
  env: SequenceEnv;
}

export interface RealState {
  saver: BaseCheckpointSaver;
}

/** Renders a call's argument as TypeScript. */
export const ts = tsLiteral;
