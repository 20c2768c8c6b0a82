import { JsonPlusSerializer } from "@langchain/langgraph-checkpoint";
import { AIMessage, HumanMessage, isBaseMessage, type BaseMessage } from "@langchain/core/messages";
import { expectDefined, expectEqual, fail } from "../../../assert.js";
import { formatValue } from "../../../format.js";
import { generateCheckpoint, generateConfig, generateMetadata } from "../../../test-utils.js";
import type { ExtraTests } from "./extra-tests.js";
import type { CatalogId, ImplementationMethodId, SpecContext, SpecTest } from "./types.js";

/**
 * SER: values a real graph stores must round-trip through the saver exactly as
 * through MemorySaver, i.e. through the default JsonPlusSerializer (the
 * reference). Each value is checked on both storage paths: as a channel value
 * of a checkpoint and as a pending write. All are required: MemorySaver,
 * SqliteSaver and PostgresSaver keep every one of them (measured).
 */

interface SerCase {
  id: CatalogId;
  name: string;
  /** What kind of value, as the report should name it. */
  label: string;
  make(): unknown;
  /** Extra checks beyond structural equality with the reference. */
  check?(actual: unknown, where: string): void;
  /** Implementation methods beyond the serializer's (docs/implementation-methods.md). */
  methods?: readonly ImplementationMethodId[];
}

function deeplyNested(depth: number): unknown {
  let value: unknown = { leaf: "bottom", list: [1, [2, [3]]] };
  for (let i = 0; i < depth; i++) value = i % 2 === 0 ? { level: i, child: value } : [i, value];
  return value;
}

export const MESSAGES = (): BaseMessage[] => [
  new HumanMessage({ content: "What is the weather in Paris?", id: "human-1" }),
  new AIMessage({
    content: "",
    id: "ai-1",
    tool_calls: [{ id: "call-1", name: "get_weather", args: { city: "Paris", units: ["C"] }, type: "tool_call" }],
  }),
];

export function checkMessages(actual: unknown, where: string): void {
  const expected = MESSAGES();
  if (!Array.isArray(actual) || actual.length !== expected.length) {
    fail(`${where}: a list of LangChain messages must read back as a list of ${expected.length} messages`, [`got ${formatValue(actual)}`]);
  }
  actual.forEach((message: unknown, i) => {
    if (!isBaseMessage(message)) {
      fail(`${where}[${i}] must read back as a LangChain message instance (revived by the serializer), not a plain object`, [
        `got ${formatValue(message)}`,
      ]);
    }
    expectEqual(message.getType(), expected[i].getType(), `${where}[${i}] must keep its message type`);
    expectEqual(message.id, expected[i].id, `${where}[${i}] must keep its id`);
    expectEqual(message.content, expected[i].content, `${where}[${i}] must keep its content`);
  });
  expectEqual(
    (actual[1] as AIMessage).tool_calls,
    (expected[1] as AIMessage).tool_calls,
    `${where}[1] (an AIMessage) must keep its tool_calls`,
  );
}

const CASES: SerCase[] = [
  {
    id: "SER-01",
    name: "test_ser_every_json_type",
    label: "every JSON type",
    make: () => ({
      string: "text",
      empty: "",
      int: 42,
      negative: -7,
      // biome-ignore lint/suspicious/noApproximativeNumericConstant: a float as users store one, not Math.PI
      float: 3.14159,
      large: Number.MAX_SAFE_INTEGER,
      tiny: 5e-324,
      yes: true,
      no: false,
      nothing: null,
      emptyObject: {},
      emptyArray: [],
      mixed: [1, "two", null, false, { three: 3 }, [4]],
    }),
  },
  { id: "SER-02", name: "test_ser_deep_nesting", label: "a value nested 100 levels deep", make: () => deeplyNested(100) },
  {
    id: "SER-03",
    name: "test_ser_large_array",
    label: "an array of 5,000 floats, strings and objects",
    make: () => Array.from({ length: 5_000 }, (_, i) => (i % 3 === 0 ? i / 7 : i % 3 === 1 ? `s${i}` : { i })),
  },
  {
    id: "SER-04",
    name: "test_ser_long_string",
    label: "a 1.1 MB string",
    methods: ["IM-put-size-limit"],
    make: () => `${"0123456789abcdef".repeat(68_750)}end`,
  },
  {
    id: "SER-05",
    name: "test_ser_unicode",
    label: "astral unicode, combining marks, control and NUL characters",
    make: () => ({
      emoji: "hi 😀👍🏽",
      music: "𝄞",
      max: "\u{10FFFF}",
      mixed: "é中文ﬀ e\u0301",
      control: "tab\tnew\nline",
      nul: "a\u0000b",
      "key 😀": 1,
    }),
  },
  {
    id: "SER-06",
    name: "test_ser_undefined_in_objects",
    label: "undefined inside objects and arrays",
    make: () => ({ present: 1, absent: undefined, list: [undefined, 2, undefined], nested: { gone: undefined } }),
  },
  {
    id: "SER-07",
    name: "test_ser_nested_uint8array",
    label: "a Uint8Array inside an object",
    make: () => ({ bytes: new Uint8Array([0, 1, 127, 128, 255]), empty: new Uint8Array(0) }),
  },
  {
    id: "SER-08",
    name: "test_ser_date",
    label: "a Date (the reference stores its ISO string)",
    make: () => ({ at: new Date("2024-02-29T23:59:58.123Z") }),
  },
  {
    id: "SER-09",
    name: "test_ser_map_and_set",
    label: "a Map and a Set",
    make: () => ({
      map: new Map<unknown, unknown>([
        ["a", 1],
        [2, { b: [3] }],
      ]),
      set: new Set(["x", 1, "y"]),
    }),
  },
  {
    id: "SER-10",
    name: "test_ser_langchain_messages",
    label: "LangChain messages (HumanMessage, AIMessage with tool_calls)",
    make: MESSAGES,
    check: checkMessages,
  },
];

const reference = new JsonPlusSerializer();

const referenceValues = new Map<string, Promise<unknown>>();

/**
 * The value as MemorySaver would read it back: through the default serializer.
 * Computed once per case: it depends only on the case, and the large ones are costly.
 */
function referenceRoundTrip(c: SerCase): Promise<unknown> {
  let value = referenceValues.get(c.id);
  if (value === undefined) {
    value = reference.dumpsTyped(c.make()).then(([type, bytes]) => reference.loadsTyped(type, bytes));
    referenceValues.set(c.id, value);
  }
  return value;
}

async function roundTrip(ctx: SpecContext, value: unknown) {
  const config = await ctx.saver.put(
    generateConfig(ctx.threadId("ser")),
    generateCheckpoint({ channelValues: { value }, channelVersions: { value: 1 } }),
    generateMetadata(),
    { value: 1 },
  );
  await ctx.saver.putWrites(config, [["value", value]], "ser-task");
  const tuple = await ctx.saver.getTuple(config);
  expectDefined(tuple, "getTuple(config returned by put) must find the checkpoint");
  return { channelValue: tuple.checkpoint.channel_values.value, pendingWrite: tuple.pendingWrites?.find((w) => w[1] === "value")?.[2] };
}

function toSpecTest(c: SerCase): SpecTest {
  return {
    name: c.name,
    ids: [c.id],
    methods: ["IM-put-json-serialization", ...(c.methods ?? [])],
    description: `${c.label} round-trips as through MemorySaver, as a channel value and as a pending write`,
    requires: ["put_writes"],
    async run(ctx) {
      const expected = await referenceRoundTrip(c);
      const { channelValue, pendingWrite } = await roundTrip(ctx, c.make());
      for (const [where, actual] of [
        ["checkpoint.channel_values.value", channelValue],
        ["pendingWrites value", pendingWrite],
      ] as const) {
        expectEqual(
          actual,
          expected,
          `${where}: ${c.label} must read back exactly as MemorySaver (the default JsonPlusSerializer) reads it back; the saver loses part of it`,
        );
        c.check?.(actual, where);
      }
    },
  };
}

/** The SER tests, run in the put suite. */
export const serializationTests: ExtraTests = {
  put: CASES.map(toSpecTest),
};
