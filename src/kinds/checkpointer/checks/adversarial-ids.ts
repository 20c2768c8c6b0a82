/**
 * Ids that real backends confuse: a key-value saver that joins ids with ":"
 * and scans by glob pattern, a SQL saver that matches with LIKE or under a
 * case-insensitive collation, a saver that normalises unicode or truncates
 * long keys. Every id here is a different id; none may stand for another.
 *
 * Each pool is a list of suffixes: a test prefixes them with a fresh random
 * base (`ctx.threadId()`), so a saver shared by many tests and runs still
 * isolates them.
 */

/** A 1,100-character id and one that differs from it only in its last character (truncation at 255 or 1,024 merges them). */
const LONG = "long-".padEnd(1_099, "x");

/** Ids that are all stored, one checkpoint each: prefixes, suffixes, separators, quotes, case, unicode forms, length. */
export const STORED_IDS: readonly string[] = [
  "user",
  "user:2",
  "user2",
  "user|2",
  "user/2",
  "user#2",
  "user.2",
  "user 2",
  "abc",
  "Abc",
  "a'b\"c`d",
  "back\\slash",
  "caf\u00e9", // é precomposed (NFC)
  "cafe\u0301", // e + combining acute (NFD): a different id
  "emoji-\u{1F9F5}-\u{1D11E}", // 🧵 and 𝄞, beyond the BMP
  `${LONG}1`,
  `${LONG}2`,
];

/**
 * Ids that are never stored. Each is a pattern (glob, regex, LIKE) or a
 * case/prefix variant that a saver treating ids as syntax resolves to a stored id,
 * or a stored id with trailing spaces, which SQL's PAD SPACE collations (MySQL,
 * SQL Server, CHAR columns) compare equal to it.
 */
export const PATTERN_IDS: readonly string[] = [
  "a*c",
  "a?c",
  "[aA]bc",
  "a%",
  "a_c",
  "us",
  "use",
  "user*",
  "user%",
  "u.*",
  "ABC",
  "CAF\u00c9",
  "abc ",
  "user  ",
  LONG,
];

/** Namespaces stored in one thread, one checkpoint each (LangGraph namespaces look like `node:task|node:task`). */
export const STORED_NAMESPACES: readonly string[] = ["", "sub", "sub:1", "sub1", "sub|inner:2", "Sub", "s%b", "caf\u00e9", "cafe\u0301"];

/** Namespaces never stored, that a pattern- or case-matching saver resolves to a stored one. */
export const PATTERN_NAMESPACES: readonly string[] = ["s*", "su?", "sub%", "s_b", "SUB", "sub:*", "sub "];

/** Task ids for one checkpoint's writes (LangGraph's are uuids; the contract takes any string). */
export const TASK_IDS: readonly string[] = [
  "task",
  "task ",
  "task:1",
  "task1",
  "TASK",
  "Task",
  "t%sk",
  "t_sk",
  "task,0",
  "t\u00e1sk",
  "ta\u0301sk",
  `${LONG}1`,
  `${LONG}2`,
];

/**
 * An id as a failure message shows it: JSON-quoted with everything outside
 * printable ASCII escaped (so NFC and NFD forms look different), long ids abbreviated.
 */
export function showId(id: string): string {
  const escaped = (s: string) => JSON.stringify(s).replace(/[^\x20-\x7e]/gu, (ch) => `\\u{${ch.codePointAt(0)!.toString(16)}}`);
  if (id.length <= 60) return escaped(id);
  return `${escaped(id.slice(0, 12))}…${escaped(id.slice(-6))} (${id.length} chars)`;
}
