import type { CheckpointPendingWrite } from "@langchain/langgraph-checkpoint";
import { HumanMessage, isBaseMessage } from "@langchain/core/messages";
import { expectDefined, expectEqual, expectLength, fail } from "../../../assert.js";
import { formatValue } from "../../../format.js";
import { generateConfig, putTestCheckpoint } from "../../../test-utils.js";
import type { ExtraTests } from "./extra-tests.js";
import { listAll } from "./helpers.js";
import type { SpecContext, SpecTest } from "./types.js";
import { throughReference } from "./value-checks.js";

/**
 * VAL-12/13: a typed value the serializer carries, as the WHOLE value of a
 * pending write (not nested in an object, which SER-07..10 cover). The
 * serializer's type for such a value is not always "json" (`"bytes"` for a
 * top-level Uint8Array), so a saver that drops the type, or stores the value
 * in a text column, loses it. Each kind is its own check, so the failure
 * names the kind.
 */

interface TypedKind {
  /** What the report calls the value. */
  label: string;
  make(): unknown;
  /** Checks before deep equality with `expected`, the value read back through the default serializer. */
  check?(actual: unknown, expected: unknown, where: string): void;
}

const ONE_MIB = 1024 * 1024;

const TYPED_KINDS: TypedKind[] = [
  { label: "a Date (the default serializer returns its ISO string)", make: () => new Date("2024-02-29T23:59:58.123Z") },
  {
    label: "a Map",
    make: () =>
      new Map<unknown, unknown>([
        ["a", 1],
        [2, { b: [3] }],
      ]),
  },
  { label: "a Set", make: () => new Set<unknown>(["x", 1, "y"]) },
  {
    label: "a LangChain HumanMessage",
    make: () => new HumanMessage({ content: "hello", id: "human-1" }),
    check(actual, _expected, where) {
      if (!isBaseMessage(actual))
        fail(`${where}: a HumanMessage must read back as a LangChain message instance (revived by the serializer), not a plain object`, [
          `got ${formatValue(actual)}`,
        ]);
    },
  },
];

/** Every byte value, in an order no run of equal bytes hides a shift. */
function patternBytes(length: number): Uint8Array {
  const bytes = new Uint8Array(length);
  for (let i = 0; i < length; i++) bytes[i] = (i * 7) % 256;
  return bytes;
}

// 5 MiB: past the 1 MiB (Firestore), 2 MB (D1) and 4 MB (MySQL's max_allowed_packet before 8.0) limits where a
// backend may cut bytes instead of rejecting them.
const BYTES_KINDS: TypedKind[] = [
  { label: "a Uint8Array of every byte value 0..255", make: () => Uint8Array.from({ length: 256 }, (_, i) => i), check: checkBytes },
  { label: "a 1 MiB Uint8Array", make: () => patternBytes(ONE_MIB), check: checkBytes },
  { label: "a 5 MiB Uint8Array", make: () => patternBytes(5 * ONE_MIB), check: checkBytes },
];

/** The same bytes; the failure names the first byte that differs, so a text round trip (U+FFFD for bytes >= 128) shows at once. */
function checkBytes(actual: unknown, expected: unknown, where: string): void {
  if (!(actual instanceof Uint8Array)) fail(`${where}: bytes must read back as a Uint8Array`, [`got ${formatValue(actual)}`]);
  const bytes = expected as Uint8Array;
  let i = 0;
  while (i < bytes.length && bytes[i] === actual[i]) i++;
  if (i === bytes.length && actual.length === bytes.length) return;
  const count = (n: number) => n.toLocaleString("en-US");
  fail(
    `${where} came back altered: ${count(actual.length)} bytes for ${count(bytes.length)}; the first difference is at byte ${count(i)}: ${formatValue(bytes.slice(i, i + 4))} became ${formatValue(actual.slice(i, i + 4))}. Store the bytes as bytes, not as text`,
  );
}

/** Runs `call`; a rejection fails the check with the kind and the call in its message. */
async function orFail<T>(call: () => Promise<T>, what: string, hint: string): Promise<T> {
  try {
    return await call();
  } catch (error) {
    return fail(`${what} rejected: ${formatValue(error)}; ${hint}`);
  }
}

function expectWrite(writes: readonly CheckpointPendingWrite[] | undefined, kind: TypedKind, expected: unknown, where: string): void {
  const write = `putWrites(config, [["value", ${kind.label}]], "val-task")`;
  expectLength(writes ?? [], 1, `${where}: after ${write}, pendingWrites must hold that one write`);
  const [taskId, channel, actual] = writes![0]!;
  expectEqual([taskId, channel], ["val-task", "value"], `${where}: the write of ${kind.label} must keep its task id and channel`);
  kind.check?.(actual, expected, `${where}: the write of ${kind.label}`);
  expectEqual(
    actual,
    expected,
    `${where}: the write of ${kind.label} must read back as the default serializer returns it (MemorySaver's serializer), but came back as ${formatValue(actual)}`,
  );
}

/** Writes `kind` as the whole value of one pending write; getTuple, and list when offered, must return it. */
async function expectTypedWriteKept(ctx: SpecContext, kind: TypedKind): Promise<void> {
  const expected = await throughReference(kind.make());
  const threadId = ctx.threadId("val-typed-write");
  const config = await putTestCheckpoint(ctx.saver, { threadId });
  const hint = "store the type dumpsTyped returns with each write and load the write with that type";
  await orFail(
    () => ctx.saver.putWrites(config, [["value", kind.make()]], "val-task"),
    `putWrites of ${kind.label} as a whole write value`,
    hint,
  );
  const tuple = await orFail(() => ctx.saver.getTuple(config), `getTuple after a write of ${kind.label}`, hint);
  expectDefined(tuple, "getTuple(config returned by put) must find the checkpoint just put");
  expectWrite(tuple.pendingWrites, kind, expected, "getTuple");
  if (!ctx.has("list")) return;
  const listed = await orFail(() => listAll(ctx.saver, generateConfig(threadId)), `list after a write of ${kind.label}`, hint);
  expectLength(listed, 1, "list() of a thread with one checkpoint must yield it once");
  expectWrite(listed[0]!.pendingWrites, kind, expected, "list");
}

const tests: SpecTest[] = [
  {
    name: "test_val_typed_whole_write_values",
    ids: ["VAL-12"],
    methods: ["IM-put-json-serialization"],
    description:
      "a Date, a Map, a Set and a HumanMessage, each the whole value of a write, read back as the default serializer returns them",
    async run(ctx) {
      for (const kind of TYPED_KINDS) await expectTypedWriteKept(ctx, kind);
    },
  },
  {
    name: "test_val_bytes_whole_write_values",
    ids: ["VAL-13"],
    methods: ["IM-putWrites-bytes-value"],
    advisory: true,
    advisoryReason:
      'measured: MemorySaver 1.2.2 drops the write\'s "bytes" type, so getTuple rejects (not valid JSON); SqliteSaver 1.0.4 reads write values as TEXT, so bytes that are not UTF-8 come back altered; PostgresSaver passes (docs/deviations.md)',
    description:
      "a Uint8Array of all 256 byte values, a 1 MiB and a 5 MiB Uint8Array, each the whole value of a write, read back as the same bytes",
    async run(ctx) {
      for (const kind of BYTES_KINDS) await expectTypedWriteKept(ctx, kind);
    },
  },
];

/** The typed-write VAL tests, in the put_writes suite. */
export const typedWriteValueTests: ExtraTests = { put_writes: tests };
