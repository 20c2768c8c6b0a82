import type { Pool } from "pg";

type PgTypes = typeof import("pg").types;
type PoolTypes = NonNullable<ConstructorParameters<typeof Pool>[0]>["types"];

/** PostgreSQL's OID of `bytea[]`. */
const BYTEA_ARRAY_OID = 1001;

/** A parsed array: its elements, nested one level per dimension (SQL NULL is null). */
export type ParsedArray<T> = (T | null | ParsedArray<T>)[];

/**
 * The type parsers of the suite's own pg pools: pg's defaults, but `bytea[]`
 * (PostgresSaver reads every checkpoint's channel values and pending writes as
 * one) parsed in slices instead of one character at a time. pg's default
 * (postgres-array) spends most of a PostgreSQL run's CPU on the megabyte values
 * of the serialization tests; this one returns the same arrays of Buffers.
 */
export function fastByteaArrayTypes(types: PgTypes): PoolTypes {
  const parseBytea = types.getTypeParser(17, "text") as (text: string) => Buffer;
  const parseByteaArray = (text: string) => (text ? parseTextArray(text, parseBytea) : null);
  return {
    getTypeParser: ((oid: number, format?: "text" | "binary") =>
      oid === BYTEA_ARRAY_OID && format !== "binary" ? parseByteaArray : types.getTypeParser(oid, format)) as PgTypes["getTypeParser"],
  };
}

/**
 * Parses PostgreSQL's text output of an array (`{a,"b c",NULL,{d}}`, with an
 * optional `[1:2]=` bounds prefix) as postgres-array 2.0 does: unquoted NULL is
 * null, every other element goes through `transform`, `\` escapes the next
 * character inside quotes. Quoted runs are copied with `slice`, not character
 * by character.
 */
export function parseTextArray<T>(source: string, transform: (element: string) => T): ParsedArray<T> {
  let position = source[0] === "[" ? source.indexOf("=") + 1 : 0;
  const unbalanced = () => new Error("array dimension not balanced");

  const quoted = (): string => {
    let text = "";
    position++; // the opening quote
    for (;;) {
      const quote = source.indexOf('"', position);
      if (quote === -1) throw unbalanced();
      const backslash = source.indexOf("\\", position);
      if (backslash !== -1 && backslash < quote) {
        text += source.slice(position, backslash) + source.charAt(backslash + 1);
        position = backslash + 2;
        continue;
      }
      text += source.slice(position, quote);
      position = quote + 1;
      return text;
    }
  };

  const unquoted = (): string => {
    const start = position;
    while (position < source.length && source[position] !== "," && source[position] !== "}") position++;
    return source.slice(start, position);
  };

  const level = (): ParsedArray<T> => {
    if (source[position] !== "{") throw unbalanced();
    position++;
    const entries: ParsedArray<T> = [];
    if (source[position] === "}") {
      position++;
      return entries;
    }
    for (;;) {
      const first = source[position];
      if (first === "{") entries.push(level());
      else if (first === '"') entries.push(transform(quoted()));
      else {
        const text = unquoted();
        entries.push(text === "NULL" ? null : transform(text));
      }
      const separator = source[position++];
      if (separator === "}") return entries;
      if (separator !== ",") throw unbalanced();
    }
  };

  return level();
}
