import { diffValues, formatDiff, formatValue, type DiffOptions } from "./format.js";

/**
 * A contract violation: which clause, and what was expected vs what happened.
 * The runner adds the test name and catalog ids when it reports it.
 * @public
 */
export class ConformanceError extends Error {
  override readonly name = "ConformanceError";
  readonly clause: string;
  readonly expected: unknown;
  readonly actual: unknown;
  readonly hasValues: boolean;
  readonly details: readonly string[];

  constructor(clause: string, options: { expected?: unknown; actual?: unknown; details?: readonly string[] } = {}) {
    super(renderMessage(clause, options));
    this.clause = clause;
    this.expected = options.expected;
    this.actual = options.actual;
    this.hasValues = "expected" in options || "actual" in options;
    this.details = options.details ?? [];
  }
}

function renderMessage(clause: string, options: { expected?: unknown; actual?: unknown; details?: readonly string[] }): string {
  const lines = [clause];
  if ("expected" in options || "actual" in options) {
    lines.push(`  expected: ${formatValue(options.expected)}`);
    lines.push(`  actual:   ${formatValue(options.actual)}`);
  }
  for (const d of options.details ?? []) lines.push(`  ${d}`);
  return lines.join("\n");
}

/** Fails with a clause and no values. */
export function fail(clause: string, details?: readonly string[]): never {
  throw new ConformanceError(clause, { details });
}

/** Deep equality (a key holding `undefined` equals an absent key); the failure lists each differing path. */
export function expectEqual(actual: unknown, expected: unknown, clause: string, options: DiffOptions = {}): void {
  const diffs = diffValues(expected, actual, options);
  if (diffs.length === 0) return;
  const simple = typeof expected !== "object" || expected === null || typeof actual !== "object" || actual === null;
  throw new ConformanceError(clause, {
    expected,
    actual,
    details: simple ? [] : ["differences:", ...formatDiff(diffs).map((l) => `  ${l}`)],
  });
}

/** Strict identity (`Object.is`), for primitives where the type matters. */
export function expectSame(actual: unknown, expected: unknown, clause: string): void {
  if (!Object.is(actual, expected)) throw new ConformanceError(clause, { expected, actual });
}

export function expectTrue(condition: unknown, clause: string, details?: readonly string[]): asserts condition {
  if (!condition) throw new ConformanceError(clause, { details });
}

export function expectDefined<T>(value: T, clause: string): asserts value is NonNullable<T> {
  if (value === undefined || value === null) {
    throw new ConformanceError(clause, { expected: "a value", actual: value });
  }
}

export function expectUndefined(value: unknown, clause: string): void {
  if (value !== undefined) throw new ConformanceError(clause, { expected: undefined, actual: value });
}

export function expectLength(value: unknown, length: number, clause: string): void {
  if (!Array.isArray(value)) throw new ConformanceError(clause, { expected: `an array of length ${length}`, actual: value });
  if (value.length !== length) {
    throw new ConformanceError(clause, {
      expected: `${length} item(s)`,
      actual: value,
      details: [`got ${value.length} item(s)`],
    });
  }
}

/** The promise must reject; returns the rejection. */
export async function expectRejects(promise: () => Promise<unknown>, clause: string): Promise<unknown> {
  let result: unknown;
  try {
    result = await promise();
  } catch (error) {
    return error;
  }
  throw new ConformanceError(clause, { expected: "a rejected promise", actual: `resolved to ${formatValue(result)}` });
}

/** The promise must resolve (a rejection is reported as the clause, with the error). */
export async function expectResolves<T>(promise: () => Promise<T>, clause: string): Promise<T> {
  try {
    return await promise();
  } catch (error) {
    throw new ConformanceError(clause, { expected: "to resolve", actual: `rejected with ${formatValue(error)}` });
  }
}

/** An own key must be absent (not merely `undefined`). */
export function expectNoOwnKey(obj: unknown, key: string, clause: string): void {
  if (obj !== null && typeof obj === "object" && Object.hasOwn(obj, key)) {
    throw new ConformanceError(clause, {
      expected: `no own key ${JSON.stringify(key)}`,
      actual: obj,
    });
  }
}
