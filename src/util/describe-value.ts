import { formatValue } from "../format.js";

/** A short description of a value for misuse errors: its type and a glimpse. */
export function describeValue(value: unknown): string {
  if (value === undefined) return "undefined";
  if (value === null) return "null";
  if (typeof value === "function") return `a function (${(value as { name?: string }).name || "anonymous"})`;
  if (Array.isArray(value)) return `an array ${truncate(formatValue(value))}`;
  if (typeof value === "object") {
    const name = Object.getPrototypeOf(value)?.constructor?.name;
    return name && name !== "Object" ? `an instance of ${name}` : `a plain object ${truncate(formatValue(value))}`;
  }
  return `${typeof value} ${truncate(formatValue(value))}`;
}

function truncate(s: string): string {
  return s.length > 80 ? `${s.slice(0, 77)}...` : s;
}

/** An error's message, or a description of a thrown non-Error value. */
export function errorText(error: unknown): string {
  if (error instanceof Error) return error.message;
  return `a non-Error value ${formatValue(error)}`;
}
