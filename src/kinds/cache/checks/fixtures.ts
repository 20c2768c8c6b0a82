import type { PendingWrite } from "@langchain/langgraph-checkpoint";
import { MESSAGES } from "../../checkpointer/checks/serialization.js";

/**
 * Values shaped like what LangGraph caches: a task's writes, `[channel, value]`
 * tuples (loop.ts `cache.set([{ key, value: task.writes, ttl }])`).
 */

/** Plain JSON writes: nested objects, strings (non-ASCII too), numbers, booleans, null, empty containers. */
export const JSON_WRITES = (): PendingWrite[] => [
  ["answer", { text: "Paris", confidence: 0.92, sources: [{ url: "https://example.com", rank: 1 }] }],
  ["count", 3],
  ["ratio", -0.5],
  ["label", "é中文 😀"],
  ["done", false],
  ["none", null],
  ["empty", { list: [], object: {} }],
  ["nested", { a: { b: { c: [1, [2, [3]], { d: "deep" }] } } }],
];

/** Writes a graph makes beyond JSON: messages, a Map, a Set, bytes, undefined (all kept by the default serializer). */
export const TYPED_WRITES = (): PendingWrite[] => [
  ["messages", MESSAGES()],
  [
    "map",
    new Map<unknown, unknown>([
      ["a", 1],
      [2, { b: [3] }],
    ]),
  ],
  ["set", new Set(["x", 1])],
  ["bytes", { data: new Uint8Array([0, 1, 127, 255]) }],
  ["nothing", undefined],
  ["sparse", { present: 1, list: [undefined, 2] }],
];

/** A Date write, checked apart: the default serializer returns its ISO string, a richer one a Date (CACHE_BEHAVIOURS reports which). */
export const DATE = new Date("2024-02-29T23:59:58.123Z");
