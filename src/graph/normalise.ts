import type { RunnableConfig } from "@langchain/core/runnables";
import type { StateSnapshot } from "@langchain/langgraph";

const UUID = /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/gi;

/**
 * Replaces run-specific ids by labels given in order of first appearance:
 * checkpoint ids become `C0, C1, …`, task ids `T0, …`, any other UUID (thread
 * ids, message ids, task ids inside a namespace) `U0, …`. Two runs of the same
 * scenario then produce the same transcript exactly when they behave the same.
 */
export class IdLabels {
  /**
   * @param compareParents false for a latest-only saver: it keeps no parent, so
   * a snapshot's parentConfig is left out (and takes no label) on both runs.
   */
  constructor(private readonly compareParents = true) {}

  private readonly labels = new Map<string, string>();
  private readonly counts = { C: 0, T: 0, U: 0 };

  private label(kind: "C" | "T" | "U", id: string): string {
    let label = this.labels.get(id);
    if (label === undefined) {
      label = `${kind}${this.counts[kind]++}`;
      this.labels.set(id, label);
    }
    return label;
  }

  checkpoint(id: unknown): string {
    return typeof id === "string" ? this.label("C", id) : String(id);
  }

  task(id: unknown): string {
    return typeof id === "string" ? this.label("T", id) : String(id);
  }

  text(s: string): string {
    return s.replace(UUID, (m) => this.labels.get(m) ?? this.label("U", m));
  }

  /** A config as `C3`, or `ns#C3` in a subgraph namespace; `-` when it names no checkpoint. */
  config(config: RunnableConfig | undefined): string {
    const c = config?.configurable ?? {};
    const ns = typeof c.checkpoint_ns === "string" && c.checkpoint_ns !== "" ? `${this.text(c.checkpoint_ns)}#` : "";
    return c.checkpoint_id === undefined ? `${ns}-` : `${ns}${this.checkpoint(c.checkpoint_id)}`;
  }

  /** Deep copy with every UUID inside strings labelled; class instances through their JSON form. */
  value(v: unknown): unknown {
    if (typeof v === "string") return this.text(v);
    if (v === null || typeof v !== "object") return v;
    if (Array.isArray(v)) return v.map((x) => this.value(x));
    if (v instanceof Error) return { error: v.name, message: this.text(v.message) };
    const proto = Object.getPrototypeOf(v);
    if (proto !== Object.prototype && proto !== null && typeof (v as { toJSON?: unknown }).toJSON === "function") {
      return this.value((v as { toJSON(): unknown }).toJSON());
    }
    const out: Record<string, unknown> = {};
    for (const [k, x] of Object.entries(v)) out[k] = this.value(x);
    return out;
  }

  /**
   * An invoke output: interrupt ids change on every run, so only their values
   * are kept, sorted (parallel interrupts arrive in completion order).
   */
  output(out: unknown): unknown {
    if (out === null || typeof out !== "object" || !("__interrupt__" in out)) return this.value(out);
    const { __interrupt__: interrupts, ...rest } = out as { __interrupt__: { value?: unknown }[] };
    return { ...(this.value(rest) as object), __interrupt__: interrupts.map((i) => this.value(i.value)).sort(byJson) };
  }

  /** A thrown error: its class and message, ids labelled. */
  error(error: unknown): unknown {
    return error instanceof Error ? { threw: { name: error.name, message: this.text(error.message) } } : { threw: this.value(error) };
  }

  /** What a snapshot shows a graph user, without timestamps and raw ids. */
  snapshot(s: StateSnapshot): unknown {
    const { thread_id: _thread, parents, ...metadata } = (s.metadata ?? {}) as Record<string, unknown>;
    return {
      checkpoint: this.config(s.config),
      parent: !this.compareParents ? "(not compared: latest-only)" : s.parentConfig ? this.config(s.parentConfig) : null,
      values: this.value(s.values),
      next: [...s.next],
      metadata: {
        ...(this.value(metadata) as object),
        parents: Object.fromEntries(
          Object.entries((parents ?? {}) as Record<string, string>).map(([ns, id]) => [this.text(ns), this.checkpoint(id)]),
        ),
      },
      tasks: s.tasks.map((t) => ({
        id: this.task(t.id),
        name: t.name,
        path: this.value(t.path),
        error: t.error === undefined ? undefined : this.value(errorFields(t.error)),
        interrupts: t.interrupts.map((i) => this.value(i.value)),
        result: this.value(t.result),
        state: t.state === undefined ? undefined : isSnapshot(t.state) ? this.snapshot(t.state) : this.config(t.state),
      })),
    };
  }
}

function isSnapshot(state: unknown): state is StateSnapshot {
  return typeof state === "object" && state !== null && "values" in state && "next" in state;
}

/** Errors in pending writes are stored as `{message, name}` (or an Error); only those two fields compare. */
function errorFields(error: unknown): unknown {
  if (error === null || typeof error !== "object") return error;
  const { name, message } = error as { name?: unknown; message?: unknown };
  return { name, message };
}

const byJson = (a: unknown, b: unknown): number => {
  const [x, y] = [JSON.stringify(a), JSON.stringify(b)];
  return x < y ? -1 : x > y ? 1 : 0;
};
