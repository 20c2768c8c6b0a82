/**
 * One deterministic value formatter and structural diff, shared by assertions
 * and reporters, so a failure reads the same everywhere.
 */

const MAX_STRING = 200;
const MAX_ITEMS = 20;
const MAX_DEPTH = 6;

/** Formats any value on one line, deterministically (object keys in insertion order). */
export function formatValue(value: unknown): string {
  return format(value, 0, new WeakSet());
}

function format(value: unknown, depth: number, seen: WeakSet<object>): string {
  if (value === undefined) return "undefined";
  if (value === null) return "null";
  switch (typeof value) {
    case "string":
      return JSON.stringify(value.length > MAX_STRING ? `${value.slice(0, MAX_STRING)}…(${value.length} chars)` : value);
    case "number":
      return Object.is(value, -0) ? "-0" : String(value);
    case "bigint":
      return `${value}n`;
    case "boolean":
      return String(value);
    case "symbol":
      return value.toString();
    case "function":
      return `[Function ${(value as { name?: string }).name || "anonymous"}]`;
  }
  const obj = value as object;
  if (seen.has(obj)) return "[Circular]";
  if (depth >= MAX_DEPTH) return Array.isArray(obj) ? "[…]" : "{…}";
  seen.add(obj);
  try {
    if (obj instanceof Date) return `Date(${Number.isNaN(obj.getTime()) ? "Invalid" : obj.toISOString()})`;
    if (obj instanceof Error) return `${obj.name}(${JSON.stringify(obj.message)})`;
    if (ArrayBuffer.isView(obj)) {
      const bytes = new Uint8Array(obj.buffer, obj.byteOffset, obj.byteLength);
      const shown = Array.from(bytes.slice(0, MAX_ITEMS)).join(", ");
      return `${obj.constructor.name}(${bytes.length}) [${shown}${bytes.length > MAX_ITEMS ? ", …" : ""}]`;
    }
    if (Array.isArray(obj)) {
      const items = obj.slice(0, MAX_ITEMS).map((v) => format(v, depth + 1, seen));
      if (obj.length > MAX_ITEMS) items.push(`…${obj.length - MAX_ITEMS} more`);
      return `[${items.join(", ")}]`;
    }
    if (obj instanceof Map) {
      const items = [...obj.entries()]
        .slice(0, MAX_ITEMS)
        .map(([k, v]) => `${format(k, depth + 1, seen)} => ${format(v, depth + 1, seen)}`);
      return `Map(${obj.size}) {${items.join(", ")}}`;
    }
    if (obj instanceof Set) {
      const items = [...obj.values()].slice(0, MAX_ITEMS).map((v) => format(v, depth + 1, seen));
      return `Set(${obj.size}) {${items.join(", ")}}`;
    }
    const keys = Object.keys(obj);
    const name = className(obj);
    const prefix = name ? `${name} ` : "";
    if (keys.length === 0) return `${prefix}{}`;
    const entries = keys.slice(0, MAX_ITEMS).map((k) => `${formatKey(k)}: ${format((obj as Record<string, unknown>)[k], depth + 1, seen)}`);
    if (keys.length > MAX_ITEMS) entries.push(`…${keys.length - MAX_ITEMS} more`);
    return `${prefix}{ ${entries.join(", ")} }`;
  } finally {
    seen.delete(obj);
  }
}

function className(obj: object): string | undefined {
  const proto = Object.getPrototypeOf(obj);
  if (proto === null || proto === Object.prototype) return undefined;
  const name = (proto as { constructor?: { name?: string } }).constructor?.name;
  return name && name !== "Object" ? name : undefined;
}

function formatKey(key: string): string {
  return /^[A-Za-z_$][\w$]*$/.test(key) ? key : JSON.stringify(key);
}

/** One place where two values differ. `path` is like `checkpoint.channel_values.msg`. */
export interface Difference {
  path: string;
  expected: unknown;
  actual: unknown;
  /** Set when a key is present on one side only. */
  note?: "missing" | "unexpected";
}

export interface DiffOptions {
  /** Compare channel versions semantically: 1, "1" and 1.0 are equal. */
  looseNumbers?: boolean;
  /** The most differences to collect. Default 10. */
  max?: number;
}

/**
 * Structural diff: the paths where `actual` differs from `expected`. Objects
 * compare by own enumerable keys (a key holding `undefined` equals an absent
 * key, as JSON storage cannot tell them apart); typed arrays by bytes.
 */
export function diffValues(expected: unknown, actual: unknown, options: DiffOptions = {}): Difference[] {
  const out: Difference[] = [];
  walk(expected, actual, "", out, options.max ?? 10, options.looseNumbers ?? false, new WeakSet());
  return out;
}

function walk(
  expected: unknown,
  actual: unknown,
  path: string,
  out: Difference[],
  max: number,
  loose: boolean,
  seen: WeakSet<object>,
): void {
  if (out.length >= max) return;
  if (Object.is(expected, actual)) return;
  if (loose && isVersionLike(expected) && isVersionLike(actual) && normaliseVersion(expected) === normaliseVersion(actual)) return;
  const here = path || "(value)";
  if (typeof expected !== "object" || typeof actual !== "object" || expected === null || actual === null) {
    out.push({ path: here, expected, actual });
    return;
  }
  if (seen.has(expected)) return;
  seen.add(expected);
  if (ArrayBuffer.isView(expected) || ArrayBuffer.isView(actual)) {
    if (!ArrayBuffer.isView(expected) || !ArrayBuffer.isView(actual) || !sameBytes(expected, actual)) {
      out.push({ path: here, expected, actual });
    }
    return;
  }
  if (expected instanceof Date || actual instanceof Date) {
    if (!(expected instanceof Date && actual instanceof Date && expected.getTime() === actual.getTime())) {
      out.push({ path: here, expected, actual });
    }
    return;
  }
  if (Array.isArray(expected) !== Array.isArray(actual)) {
    out.push({ path: here, expected, actual });
    return;
  }
  if (expected instanceof Map || expected instanceof Set || actual instanceof Map || actual instanceof Set) {
    const e = expected instanceof Map || expected instanceof Set ? [...expected.entries()] : expected;
    const a = actual instanceof Map || actual instanceof Set ? [...actual.entries()] : actual;
    if (expected.constructor !== actual.constructor) out.push({ path: here, expected, actual });
    else walk(e, a, path, out, max, loose, seen);
    return;
  }
  if (Array.isArray(expected) && Array.isArray(actual)) {
    if (expected.length !== actual.length) {
      out.push({ path: `${here}.length`, expected: expected.length, actual: actual.length });
    }
    const n = Math.min(expected.length, actual.length);
    for (let i = 0; i < n; i++) {
      // Identical items are skipped before their path is built: long arrays are mostly equal.
      if (!Object.is(expected[i], actual[i])) walk(expected[i], actual[i], `${path}[${i}]`, out, max, loose, seen);
    }
    return;
  }
  const e = expected as Record<string, unknown>;
  const a = actual as Record<string, unknown>;
  // Own keys only: a missing "constructor" or "toString" key must not read Object.prototype's.
  const has = (o: object, key: string) => Object.hasOwn(o, key);
  for (const key of Object.keys(e)) {
    const expectedValue = e[key];
    const actualValue = has(a, key) ? a[key] : undefined;
    if (actualValue === undefined) {
      if (expectedValue !== undefined)
        out.push({ path: path ? `${path}.${key}` : key, expected: expectedValue, actual: undefined, note: "missing" });
      continue;
    }
    if (Object.is(expectedValue, actualValue)) continue; // equal: no path to build
    walk(expectedValue, actualValue, path ? `${path}.${key}` : key, out, max, loose, seen);
    if (out.length >= max) return;
  }
  for (const key of Object.keys(a)) {
    if (out.length >= max) return;
    if ((!has(e, key) || e[key] === undefined) && a[key] !== undefined) {
      out.push({ path: path ? `${path}.${key}` : key, expected: undefined, actual: a[key], note: "unexpected" });
    }
  }
}

function isVersionLike(v: unknown): v is string | number {
  return typeof v === "number" || typeof v === "string";
}

/** Python's rule: two versions are equal when their string forms agree up to the first ".". */
export function normaliseVersion(v: string | number): string {
  return String(v).split(".")[0];
}

/** Byte equality as one memory comparison (values of several MB are compared). */
function sameBytes(a: ArrayBufferView, b: ArrayBufferView): boolean {
  if (a.byteLength !== b.byteLength) return false;
  return Buffer.compare(new Uint8Array(a.buffer, a.byteOffset, a.byteLength), new Uint8Array(b.buffer, b.byteOffset, b.byteLength)) === 0;
}

/** Renders a diff as indented lines: `- path: expected «x», got «y»`. */
export function formatDiff(diffs: readonly Difference[]): string[] {
  return diffs.map((d) => {
    if (d.note === "missing") return `- ${d.path}: expected ${formatValue(d.expected)}, but the key is missing`;
    if (d.note === "unexpected") return `- ${d.path}: not expected, got ${formatValue(d.actual)}`;
    return `- ${d.path}: expected ${formatValue(d.expected)}, got ${formatValue(d.actual)}`;
  });
}
