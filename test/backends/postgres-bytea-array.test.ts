import fc from "fast-check";
import pg from "pg";
import { describe, expect, it } from "vitest";
import { fastByteaArrayTypes, parseTextArray } from "../../src/backends/postgres/bytea-array.js";

/** bytea[]: pg's TypeId lists no array types. */
const BYTEA_ARRAY_OID = 1001 as Parameters<typeof pg.types.getTypeParser>[0];
const pgDefault = pg.types.getTypeParser(BYTEA_ARRAY_OID, "text") as (text: string) => unknown;
const fast = fastByteaArrayTypes(pg.types)!.getTypeParser(BYTEA_ARRAY_OID, "text") as (text: string) => unknown;

type Element = string | null | Element[];

/** An element as PostgreSQL's array_out writes it: quoted when it is empty, NULL-like, or holds a special character; `"` and `\` escaped. */
function arrayOut(value: Element): string {
  if (value === null) return "NULL";
  if (Array.isArray(value)) return `{${value.map(arrayOut).join(",")}}`;
  const needsQuotes = value === "" || value.toUpperCase() === "NULL" || /[{}," \\\t\n]/.test(value);
  return needsQuotes ? `"${value.replace(/["\\]/g, (c) => `\\${c}`)}"` : value;
}

const hexBytea = fc.uint8Array({ maxLength: 40 }).map((bytes) => `\\x${Buffer.from(bytes).toString("hex")}`);
// The escape format too (octal escapes, doubled backslashes), and text full of the characters array_out quotes.
const escapeBytea = fc.stringMatching(/^([a-z{}," ]|\\\\|\\[0-3][0-7][0-7])*$/);
const leaf = fc.oneof(hexBytea, escapeBytea, fc.constantFrom(null, "", "NULL", "null", "\\x"));
/** Rectangular arrays, as PostgreSQL's are: one to three dimensions. */
const array = fc.oneof(
  fc.array(leaf, { maxLength: 6 }),
  fc
    .integer({ min: 1, max: 4 })
    .chain((width) => fc.array(fc.array(leaf, { minLength: width, maxLength: width }), { minLength: 1, maxLength: 5 })),
  fc.array(fc.array(fc.array(leaf, { minLength: 2, maxLength: 2 }), { minLength: 2, maxLength: 2 }), { minLength: 1, maxLength: 2 }),
);

describe("the suite's bytea[] parser (PostgresSaver's channel values and writes)", () => {
  it("returns what pg's default parser returns, for any array PostgreSQL writes", () => {
    fc.assert(
      fc.property(array, (value) => {
        const text = arrayOut(value);
        expect(fast(text)).toEqual(pgDefault(text));
      }),
      { numRuns: 300, seed: 23 },
    );
  });

  it("reads the row shape PostgresSaver selects, a bounds prefix, an empty array and NULL", () => {
    const rows = [
      '{{"\\\\x6368616e6e656c","\\\\x6a736f6e","\\\\x7b2261223a317d"},{"\\\\x6b","\\\\x656d707479",NULL}}',
      '[0:1]={"\\\\x00ff","\\\\x"}',
      "{}",
      "",
    ];
    for (const text of rows) expect(fast(text)).toEqual(pgDefault(text));
    expect(fast(rows[0]!)).toEqual([
      [Buffer.from("channel"), Buffer.from("json"), Buffer.from('{"a":1}')],
      [Buffer.from("k"), Buffer.from("empty"), null],
    ]);
  });

  it("keeps a megabyte element whole", () => {
    const big = Buffer.alloc(1 << 20, 0xab);
    const text = arrayOut([[`\\x${big.toString("hex")}`, "\\x01"]]);
    const [[parsed, small]] = fast(text) as Buffer[][];
    // Buffer.equals: a deep equality over a megabyte takes seconds.
    expect(parsed!.equals(big)).toBe(true);
    expect(small).toEqual(Buffer.from([1]));
  });

  it("leaves every other type to pg", () => {
    const types = fastByteaArrayTypes(pg.types)!;
    expect(types.getTypeParser(17, "text")).toBe(pg.types.getTypeParser(17, "text"));
    expect(types.getTypeParser(BYTEA_ARRAY_OID, "binary")).toBe(pg.types.getTypeParser(BYTEA_ARRAY_OID, "binary"));
  });

  it("refuses text that is not a whole array", () => {
    expect(() => parseTextArray('{"a', String)).toThrow(/not balanced/);
    expect(() => parseTextArray("{a,b", String)).toThrow(/not balanced/);
  });
});
