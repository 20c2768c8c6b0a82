import type { CheckpointMetadata, PendingWrite } from "@langchain/langgraph-checkpoint";
import { HumanMessage, isBaseMessage } from "@langchain/core/messages";
import type { RunnableConfig } from "@langchain/core/runnables";
import { expectDefined, expectEqual, expectLength, fail } from "../../../assert.js";
import { formatValue } from "../../../format.js";
import { generateConfig, generateMetadata, putTestCheckpoint } from "../../../test-utils.js";
import type { ExtraTests } from "./extra-tests.js";
import { listAll } from "./helpers.js";
import { pendingWritesOf } from "./pending-writes.js";
import type { SpecContext, SpecTest } from "./types.js";
import { expectAllKept, throughReference } from "./value-checks.js";
// OVER_TWO_MIB is just past a 2 MiB row (D1, Cosmos DB) and far past 1 MiB (Firestore) and 400 KB (DynamoDB).
import { FIVE_MIB, OBJECT_MEMBER_CHANNELS, OVER_TWO_MIB, largeText } from "./adversarial-pools.js";

/**
 * VAL: values are data. Falsy and empty values, names that mean something to
 * LangGraph, JavaScript or a query language, typed values and large values
 * must come back exactly as put, in every position (channel values, metadata,
 * pending writes). Every expectation here is what MemorySaver, SqliteSaver and
 * PostgresSaver return (measured), except where a test says otherwise.
 */

/** Falsy and empty values, each under its own key. */
const FALSY: Record<string, unknown> = {
  zero: 0,
  emptyString: "",
  no: false,
  nothing: null,
  emptyArray: [],
  emptyObject: {},
  nested: { zero: 0, emptyString: "", no: false, nothing: null, list: [0, "", false, null, [], {}] },
};

/**
 * Names that are syntax somewhere: LangGraph's reserved channels, keys every
 * JavaScript object inherits (`obj[key]` and `key in obj` see them), and
 * key-path syntax of document stores and JSON path queries. `__proto__` is
 * left out: the default serializer itself drops it (measured on MemorySaver
 * and SqliteSaver), so no saver can be asked to keep it.
 */
const CHANNEL_NAMES = [
  "__start__",
  "__pregel_tasks",
  "constructor",
  "prototype",
  "toString",
  "hasOwnProperty",
  "a.b",
  "a[0]",
  "$x",
  "sp ace",
];

/**
 * Write channels: as CHANNEL_NAMES without the Object.prototype members. All
 * three official savers mishandle a write to those (upstream `WRITES_IDX_MAP[channel] || idx`;
 * see docs/deviations.md), so only the advisory VAL-10 asks for them.
 */
const WRITE_CHANNEL_NAMES = ["__start__", "__pregel_push", "__end__", "prototype", "a.b", "a[0]", "$x", "sp ace"];

/**
 * Write channels that are members of every object: `WRITES_IDX_MAP[channel]` finds a function
 * for them (Object.prototype itself for `__proto__`).
 */
const INHERITED_WRITE_CHANNELS = OBJECT_MEMBER_CHANNELS;

/** Metadata keys with path syntax next to the nested object such a path would name, and inherited names. */
const PATH_METADATA: Record<string, unknown> = {
  "a.b": 1,
  a: { b: 2 },
  "a[0]": 3,
  $x: 4,
  "x/y": 5,
  "sp ace": 6,
  constructor: "c",
  prototype: "p",
};

const TYPED_METADATA = (): Record<string, unknown> => ({
  at: new Date("2024-02-29T23:59:58.123Z"),
  bytes: new Uint8Array([0, 1, 255]),
  map: new Map<unknown, unknown>([
    ["a", 1],
    [2, "b"],
  ]),
  set: new Set(["x", 1]),
  message: new HumanMessage({ content: "hello", id: "human-1" }),
});

const channelVersions = (values: Record<string, unknown>) => Object.fromEntries(Object.keys(values).map((k) => [k, 1]));

async function putValues(ctx: SpecContext, values: Record<string, unknown>, metadata: CheckpointMetadata = generateMetadata()) {
  const threadId = ctx.threadId("val");
  const config = await putTestCheckpoint(ctx.saver, { threadId, channelValues: values, metadata });
  const tuple = await ctx.saver.getTuple(config);
  expectDefined(tuple, "getTuple(config returned by put) must find the checkpoint just put");
  return { threadId, config, tuple };
}

/** Puts `values` as channels (version 1 each); getTuple, and list when offered, must return every value and version. */
async function expectChannelsKept(ctx: SpecContext, values: Record<string, unknown>, why: string): Promise<void> {
  const { threadId, tuple } = await putValues(ctx, values);
  expectAllKept(tuple.checkpoint.channel_values, values, "getTuple: channel_values", why);
  expectAllKept(tuple.checkpoint.channel_versions, channelVersions(values), "getTuple: channel_versions", why);
  if (!ctx.has("list")) return;
  const listed = await listAll(ctx.saver, generateConfig(threadId));
  expectLength(listed, 1, "list() of a thread with one checkpoint must yield it once");
  expectAllKept(listed[0]!.checkpoint.channel_values, values, "list: channel_values", why);
}

async function writesAfter(
  ctx: SpecContext,
  writes: PendingWrite[],
  taskId = "val-task",
): Promise<{ config: RunnableConfig; writes: Awaited<ReturnType<typeof pendingWritesOf>> }> {
  const config = await putTestCheckpoint(ctx.saver, { threadId: ctx.threadId("val") });
  await ctx.saver.putWrites(config, writes, taskId);
  return { config, writes: await pendingWritesOf(ctx.saver, config, "after putWrites") };
}

/** The pending writes must be exactly `expected`, in order; the failure names the first write that differs. */
function expectWritesKept(actual: readonly unknown[][], expected: PendingWrite[], taskId: string, why: string): void {
  expected.forEach(([channel, value], i) => {
    const found = actual.find((w) => w[1] === channel);
    if (found === undefined) {
      fail(`the write ${formatValue(value)} on channel ${JSON.stringify(channel)} came back as no write at all; ${why}`, [
        `channels read back: ${formatValue(actual.map((w) => w[1]))}`,
      ]);
    }
    expectEqual(
      found[2],
      value,
      `the write on channel ${JSON.stringify(channel)}: ${formatValue(value)} came back as ${formatValue(found[2])}; ${why}`,
    );
    expectEqual(
      actual[i],
      [taskId, channel, value],
      `pendingWrites[${i}] must be the write at index ${i} of the call, [${JSON.stringify(taskId)}, ${JSON.stringify(channel)}, value]`,
    );
  });
  expectLength(actual, expected.length, `exactly the ${expected.length} writes put must come back`);
}

/** putWrites of `text` to channel "large" rejects (allowed for what the backend cannot store), or getTuple returns it whole. */
async function expectWrittenWholeOrRejected(ctx: SpecContext, config: RunnableConfig, text: string, what: string): Promise<void> {
  try {
    await ctx.saver.putWrites(config, [["large", text]], "val-task");
  } catch {
    return; // rejecting a value the backend cannot store is allowed
  }
  expectWriteWhole(await pendingWritesOf(ctx.saver, config, "after a large putWrites"), text, what);
}

/** The write on channel "large" that putWrites accepted must be among `written`, whole. */
function expectWriteWhole(written: readonly unknown[][], text: string, what: string): void {
  const found = written.find((w) => w[1] === "large");
  if (found === undefined) fail(`${what} was accepted by putWrites but came back as no write at all; reject what cannot be stored`);
  expectWhole(found[2], text, `${what} written`);
}

/** A large string must come back whole; the failure says how much came back. */
function expectWhole(actual: unknown, expected: string, what: string): void {
  if (typeof actual !== "string") fail(`${what} came back as ${formatValue(actual)}`);
  if (actual.length !== expected.length) {
    fail(
      `${what} came back ${actual.length < expected.length ? "truncated" : "longer"}: ${actual.length.toLocaleString("en-US")} of ${expected.length.toLocaleString("en-US")} characters. A saver may reject a value its backend cannot store (with an error), never store part of it`,
    );
  }
  if (actual !== expected) {
    let i = 0;
    while (actual[i] === expected[i]) i++;
    fail(
      `${what} came back altered at position ${i.toLocaleString("en-US")}: ${formatValue(expected.slice(i, i + 16))} became ${formatValue(actual.slice(i, i + 16))}`,
    );
  }
}

const putTests: SpecTest[] = [
  {
    name: "test_val_falsy_channel_values",
    ids: ["VAL-01"],
    methods: ["IM-put-falsy-values"],
    description: 'channel values 0, "", false, null, [] and {} (top level and nested) read back as put, by getTuple and list',
    async run(ctx) {
      await expectChannelsKept(ctx, FALSY, "a falsy value is a value (a `value || default` or `if (value)` drops it)");
    },
  },
  {
    name: "test_val_falsy_metadata",
    ids: ["VAL-02"],
    methods: ["IM-put-falsy-values"],
    description: 'metadata step 0 and custom keys holding 0, "", false, null, [] and {} read back as put',
    async run(ctx) {
      const metadata = generateMetadata("input", 0, FALSY);
      const { tuple } = await putValues(ctx, {}, metadata);
      expectAllKept(
        tuple.metadata,
        { source: "input", step: 0, ...FALSY },
        "metadata",
        "a falsy metadata value is a value, not an absent key",
      );
    },
  },
  {
    name: "test_val_channel_names_as_data",
    ids: ["VAL-04"],
    methods: ["IM-put-document-field-paths"],
    description: "channels named __start__, __pregel_tasks, constructor, toString, a.b, $x and the like read back as put",
    async run(ctx) {
      const values = Object.fromEntries(CHANNEL_NAMES.map((name, i) => [name, { channel: name, i }]));
      await expectChannelsKept(ctx, values, "a channel name is data: not an inherited property (`name in obj`), not a key path");
    },
  },
  {
    name: "test_val_metadata_keys_as_data",
    ids: ["VAL-06"],
    methods: ["IM-put-document-field-paths"],
    description: "metadata keys a.b, a[0], $x, x/y, constructor stay single keys, next to a nested {a: {b}}",
    async run(ctx) {
      const { tuple } = await putValues(ctx, {}, generateMetadata("loop", 1, PATH_METADATA));
      expectAllKept(
        tuple.metadata,
        PATH_METADATA,
        "metadata",
        "a metadata key is one key: not a path into nested objects, not an operator",
      );
    },
  },
  {
    name: "test_val_typed_metadata",
    ids: ["VAL-08"],
    methods: ["IM-put-json-serialization"],
    description: "metadata holding a Date, Uint8Array, Map, Set and a LangChain message reads back as the default serializer returns it",
    async run(ctx) {
      const expected = (await throughReference(TYPED_METADATA())) as Record<string, unknown>;
      const { tuple } = await putValues(ctx, {}, generateMetadata("loop", 1, TYPED_METADATA()));
      expectAllKept(
        tuple.metadata,
        expected,
        "metadata",
        "metadata goes through the serializer like channel values (MemorySaver returns exactly this)",
      );
      const message = (tuple.metadata as Record<string, unknown>).message;
      if (!isBaseMessage(message))
        fail("metadata.message must read back as a LangChain message instance (revived by the serializer), not a plain object", [
          `got ${formatValue(message)}`,
        ]);
    },
  },
];

/** Strings whose text is JSON of another type: a client that decodes replies as JSON turns them into 42, true, null, [] ... */
const JSON_LOOKING_STRINGS: Record<string, string> = {
  number: "42",
  boolean: "true",
  null: "null",
  array: "[]",
  object: "{}",
  float: "-1.5e3",
  quoted: '"x"',
};

const putWritesTests: SpecTest[] = [
  {
    name: "test_val_strings_that_look_like_json",
    ids: ["VAL-17"],
    methods: ["IM-putWrites-client-decoding"],
    description: 'string channel and write values "42", "true", "null", "[]", "{}" read back as those strings, not decoded again',
    async run(ctx) {
      const why =
        'a string is a string: a value stored as JSON must be decoded once (a client or driver that decodes JSON-looking replies again turns "42" into 42)';
      const writes: PendingWrite[] = Object.entries(JSON_LOOKING_STRINGS);
      const [{ writes: actual }] = await Promise.all([writesAfter(ctx, writes), expectChannelsKept(ctx, JSON_LOOKING_STRINGS, why)]);
      expectWritesKept(actual, writes, "val-task", why);
    },
  },
  {
    name: "test_val_falsy_write_values",
    ids: ["VAL-03"],
    methods: ["IM-put-falsy-values", "IM-putWrites-undefined-value"],
    description: 'write values 0, "", false, null, [], {} and undefined read back as put',
    async run(ctx) {
      const writes: PendingWrite[] = [...Object.entries(FALSY), ["undef", undefined]];
      const { writes: actual } = await writesAfter(ctx, writes);
      expectWritesKept(actual, writes, "val-task", "a falsy write value is a value (undefined included: the default serializer keeps it)");
    },
  },
  {
    name: "test_val_write_channel_names_as_data",
    ids: ["VAL-05"],
    methods: ["IM-put-document-field-paths"],
    description: "writes to __start__, __pregel_push, __end__, prototype, a.b, $x and the like come back on their channels, in call order",
    async run(ctx) {
      const writes: PendingWrite[] = WRITE_CHANNEL_NAMES.map((name, i) => [name, { channel: name, i }]);
      const { writes: actual } = await writesAfter(ctx, writes);
      expectWritesKept(
        actual,
        writes,
        "val-task",
        "only __error__, __scheduled__, __interrupt__ and __resume__ are special (WRITES_IDX_MAP); every other channel is stored at its index",
      );
    },
  },
  {
    name: "test_val_large_value_kept_or_rejected",
    ids: ["VAL-09"],
    methods: ["IM-putWrites-size-limit"],
    description: "a 2.1 MB string written is read back whole, or putWrites rejects it; it is never truncated",
    async run(ctx) {
      const text = largeText(OVER_TWO_MIB);
      const what = `a ${text.length.toLocaleString("en-US")}-character string`;
      const config = await putTestCheckpoint(ctx.saver, { threadId: ctx.threadId("val-large") });
      await expectWrittenWholeOrRejected(ctx, config, text, what);
    },
  },
  {
    name: "test_val_five_mib_strings_kept_or_rejected",
    ids: ["VAL-11"],
    methods: ["IM-put-size-limit", "IM-putWrites-size-limit"],
    description:
      "a 5 MiB string put as a channel value and written as a pending write is read back whole, or put/putWrites rejects it; it is never cut",
    async run(ctx) {
      const text = largeText(FIVE_MIB);
      const what = `a ${text.length.toLocaleString("en-US")}-character string`;
      const threadId = ctx.threadId("val-5mib");
      let config: RunnableConfig | undefined;
      try {
        config = await putTestCheckpoint(ctx.saver, { threadId, channelValues: { large: text } });
      } catch {
        // rejecting a value the backend cannot store is allowed; storing part of it is not (checked below)
      }
      if (config === undefined) {
        const stored = await ctx.saver.getTuple(generateConfig(threadId));
        if (stored !== undefined) expectWhole(stored.checkpoint.channel_values.large, text, `${what} put as channel value "large"`);
        await expectWrittenWholeOrRejected(ctx, await putTestCheckpoint(ctx.saver, { threadId: ctx.threadId("val-5mib") }), text, what);
        return;
      }
      // One read checks the channel value and the write on its checkpoint: each read of 5 MiB costs the saver a parse.
      let written = true;
      try {
        await ctx.saver.putWrites(config, [["large", text]], "val-task");
      } catch {
        written = false; // rejecting a value the backend cannot store is allowed
      }
      const stored = await ctx.saver.getTuple(config);
      expectDefined(stored, "getTuple(config returned by put) must find the checkpoint holding the 5 MiB channel value");
      expectWhole(stored.checkpoint.channel_values.large, text, `${what} put as channel value "large"`);
      if (written) expectWriteWhole(stored.pendingWrites ?? [], text, what);
    },
  },
  {
    name: "test_val_write_channels_named_like_object_members",
    ids: ["VAL-10"],
    methods: ["IM-putWrites-prototype-channel"],
    advisory: true,
    advisoryReason:
      "measured: SqliteSaver and PostgresSaver throw on these channels and MemorySaver lets the repeat replace the first value; all three look the index up with WRITES_IDX_MAP[channel], which finds inherited members (docs/deviations.md)",
    description: "writes to channels constructor, toString, hasOwnProperty, valueOf and __proto__ are stored, first writer wins",
    async run(ctx) {
      const first: PendingWrite[] = [
        ["before", 0],
        ...INHERITED_WRITE_CHANNELS.map((name, i): PendingWrite => [name, i + 1]),
        ["after", 5],
      ];
      const config = await putTestCheckpoint(ctx.saver, { threadId: ctx.threadId("val") });
      for (const [label, writes] of [
        ["", first],
        [" repeated with new values", first.map(([channel]): PendingWrite => [channel, "again"])],
      ] as const) {
        try {
          await ctx.saver.putWrites(config, writes, "val-task");
        } catch (error) {
          fail(
            `putWrites${label} to channels named ${INHERITED_WRITE_CHANNELS.join(", ")} should store them like any channel, but rejected: ${formatValue(error)}; look channels up with Object.hasOwn(WRITES_IDX_MAP, channel)`,
          );
        }
      }
      const actual = await pendingWritesOf(ctx.saver, config, "after putWrites");
      expectWritesKept(
        actual,
        first,
        "val-task",
        "these are regular channels: stored at their index, first writer wins (WRITES_IDX_MAP[channel] finds an inherited function for them; use Object.hasOwn)",
      );
    },
  },
];

/** The VAL tests, each in the suite of the capability it checks. */
export const adversarialValueTests: ExtraTests = {
  put: putTests,
  put_writes: putWritesTests,
};
