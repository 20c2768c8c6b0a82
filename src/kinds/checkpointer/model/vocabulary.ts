/** A call a command makes to the saver: the method and its arguments. */
export interface SaverCall {
  method: string;
  args: readonly unknown[];
}

/** An input the model's generators never give a saver, and why it is outside the model's contract. */
export interface VocabularyRule {
  /** The saver method whose calls the rule checks. */
  method: string;
  /** The input, as "a ..." (what a call outside the rule carries). */
  input: string;
  /** Why the generators leave it out: the clause that makes it advisory or unspecified. */
  reason: string;
  outside(call: SaverCall): boolean;
}

type Args = readonly unknown[];
const rule = (method: string, input: string, reason: string, argsOutside: (args: Args) => boolean): VocabularyRule => ({
  method,
  input,
  reason,
  outside: (call) => call.method === method && argsOutside(call.args),
});

const configurableOf = (config: unknown) => (config as { configurable?: Record<string, unknown> } | undefined)?.configurable;
const writesOf = (args: Args) => (Array.isArray(args[1]) ? (args[1] as unknown[][]) : []);
const PUT_CONFIG_KEYS = ["thread_id", "checkpoint_ns", "checkpoint_id"];
const PRUNE_STRATEGIES = [undefined, "keep_latest", "delete"];

/**
 * The generators' vocabulary: what the commands of a model sequence never pass the saver. Every sequence is
 * checked against it (VocabularyGuard), so a known miss whose bug needs such an input is out of the model's reach
 * by construction.
 */
export const VOCABULARY = {
  "v4-checkpoints": rule(
    "put",
    "a put of a checkpoint with v < 4",
    "sequences put v4 checkpoints only (JS-12 migrates v < 4)",
    (args) => ((args[1] as { v?: number } | undefined)?.v ?? 4) < 4,
  ),
  "scalar-list-filters": rule(
    "list",
    "a list filter with an object value",
    "nested filter values are unspecified (LS-16 ADV), so filters are scalars",
    (args) => Object.values((args[1] as { filter?: object } | undefined)?.filter ?? {}).some((v) => v !== null && typeof v === "object"),
  ),
  "list-config-without-checkpoint-id": rule(
    "list",
    "a list config with a checkpoint_id",
    "a checkpoint_id in list's config is advisory (LS-18)",
    (args) => configurableOf(args[0])?.checkpoint_id !== undefined,
  ),
  "put-config-keys": rule(
    "put",
    "a put config with a key other than thread_id, checkpoint_ns and checkpoint_id",
    "extra keys in put's returned config are advisory (JS-08)",
    (args) => Object.keys(configurableOf(args[0]) ?? {}).some((key) => !PUT_CONFIG_KEYS.includes(key)),
  ),
  "put-writes-with-namespace": rule(
    "putWrites",
    "a putWrites config without checkpoint_ns",
    "putWrites always gets checkpoint_ns (JS-07: MemorySaver throws without it)",
    (args) => configurableOf(args[0])?.checkpoint_ns === undefined,
  ),
  "prune-strategies": rule(
    "prune",
    "a prune strategy other than keep_latest and delete",
    "unknown strategies are unspecified (PR-09), so not generated",
    (args) => !PRUNE_STRATEGIES.includes((args[1] as { strategy?: string } | undefined)?.strategy),
  ),
  "write-channel-names": rule(
    "putWrites",
    "a write channel named like an Object.prototype member",
    "write channels named like Object.prototype members are advisory (VAL-10: every official saver fails it), so not generated",
    (args) => writesOf(args).some(([channel]) => typeof channel === "string" && channel in Object.prototype),
  ),
  "write-values-not-bytes": rule(
    "putWrites",
    "a write whose whole value is a Uint8Array",
    "a Uint8Array as the whole value of a write is advisory (VAL-13: MemorySaver and SqliteSaver fail it), so not generated",
    (args) => writesOf(args).some(([, value]) => value instanceof Uint8Array),
  ),
} as const satisfies Record<string, VocabularyRule>;

export type VocabularyRuleName = keyof typeof VOCABULARY;

const RULES = Object.entries(VOCABULARY) as [VocabularyRuleName, VocabularyRule][];

/** The saver methods some rule checks. */
export const CHECKED_METHODS: readonly string[] = [...new Set(RULES.map(([, r]) => r.method))];

/** The first rule `call` is outside of, if any. */
export function ruleBrokenBy(call: SaverCall): VocabularyRuleName | undefined {
  return RULES.find(([, rule]) => rule.outside(call))?.[0];
}

/** A command called the saver outside the vocabulary: a bug of the model mode's generators, never the saver's. */
export class OutsideVocabularyError extends Error {
  override readonly name = "OutsideVocabularyError";

  constructor(
    readonly rule: VocabularyRuleName,
    readonly call: SaverCall,
  ) {
    super(
      `a command called the saver with ${VOCABULARY[rule].input}, outside the generators' vocabulary (rule ${rule}: ${VOCABULARY[rule].reason}): a bug of the model mode, not of the saver`,
    );
  }
}

/**
 * Checks one sequence's calls against the vocabulary: `watch` gives the saver the commands call, on which a call
 * outside a rule throws before reaching the saver; `throwIfBroken` then fails the sequence with it, even when a
 * command caught the error (one expecting a rejection).
 */
export class VocabularyGuard {
  private broken?: OutsideVocabularyError;

  watch<S extends object>(saver: S): S {
    const checked =
      (method: string, original: (...args: unknown[]) => unknown, target: S) =>
      (...args: unknown[]) => {
        const rule = ruleBrokenBy({ method, args });
        if (rule !== undefined) throw (this.broken ??= new OutsideVocabularyError(rule, { method, args }));
        return original.apply(target, args);
      };
    return new Proxy(saver, {
      get(target, key) {
        const value: unknown = Reflect.get(target, key, target);
        if (typeof value !== "function" || key === "constructor") return value;
        // Called on the saver itself, so its private fields keep working.
        const method = value as (...args: unknown[]) => unknown;
        return typeof key === "string" && CHECKED_METHODS.includes(key) ? checked(key, method, target) : method.bind(target);
      },
    });
  }

  throwIfBroken(): void {
    if (this.broken) throw this.broken;
  }
}
