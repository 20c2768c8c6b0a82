import { DeltaSnapshot } from "@langchain/langgraph-checkpoint";

/**
 * A value as a TypeScript expression that rebuilds it: JSON where JSON is
 * exact, `new Map(...)` / `new Set(...)` for revived types, `new DeltaSnapshot(...)`, and short forms
 * for the generators' large values so a reproduction stays readable.
 */
export function tsLiteral(value: unknown): string {
  if (value === undefined) return "undefined";
  if (typeof value === "string") {
    if (value.length > 200 && isOneCharRepeated(value)) return `${JSON.stringify(value[0])}.repeat(${value.length})`;
    return JSON.stringify(value);
  }
  if (value === null || typeof value !== "object") return JSON.stringify(value);
  if (value instanceof DeltaSnapshot) return `new DeltaSnapshot(${tsLiteral(value.value)})`;
  if (value instanceof Map) return `new Map(${tsLiteral([...value.entries()])})`;
  if (value instanceof Set) return `new Set(${tsLiteral([...value.values()])})`;
  if (Array.isArray(value)) {
    if (value.length > 100 && value.every((item, i) => item === i)) return `Array.from({ length: ${value.length} }, (_, i) => i)`;
    return `[${value.map(tsLiteral).join(", ")}]`;
  }
  const entries = Object.entries(value as Record<string, unknown>).map(([k, v]) => `${JSON.stringify(k)}: ${tsLiteral(v)}`);
  return `{${entries.join(", ")}}`;
}

/** Whether a string is one UTF-16 unit repeated: compared with a repeated copy (a memory comparison, not a loop over a million characters). */
function isOneCharRepeated(value: string): boolean {
  return value === value[0].repeat(value.length);
}
