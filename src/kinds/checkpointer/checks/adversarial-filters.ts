import { fail } from "../../../assert.js";
import { formatValue } from "../../../format.js";
import { generateCheckpoint, generateConfig, generateMetadata } from "../../../test-utils.js";
import { listAll } from "./helpers.js";
import type { ExtraTests } from "./extra-tests.js";
import type { SpecContext, SpecTest } from "./types.js";

/**
 * FLT: list()'s metadata filter where backends get it wrong. A filter entry
 * matches a checkpoint whose metadata has that top-level key with a strictly
 * equal value (LS-16); falsy values are values, null is not absence, and a key
 * the metadata lacks never matches.
 */

/** Custom metadata of the filter data, by checkpoint label. */
const METADATA: Record<string, Record<string, unknown>> = {
  falsy: { count: 0, flag: false, label: "", empty: null, team: "a" },
  truthy: { count: 1, flag: true, label: "x", empty: "null", team: "a" },
  texts: { count: "0", flag: "false", label: " ", empty: "", team: "b", extra: 1 },
  numbers: { count: 1.5, flag: 1, label: 0, empty: 0, team: "b", extra: "1" },
  bare: {},
};

interface FilterData {
  threadId: string;
  /** Checkpoint label -> id. */
  ids: Map<string, string>;
}

async function putFilterData(ctx: SpecContext): Promise<FilterData> {
  const threadId = ctx.threadId("flt");
  const ids = new Map<string, string>();
  let parent: string | undefined;
  let step = 0;
  for (const [label, extra] of Object.entries(METADATA)) {
    const checkpoint = generateCheckpoint();
    await ctx.saver.put(generateConfig(threadId, "", parent), checkpoint, generateMetadata("loop", step++, extra), {});
    ids.set(label, checkpoint.id);
    parent = checkpoint.id;
  }
  return { threadId, ids };
}

/** Lists with the filter and fails unless exactly the checkpoints with the `expected` labels come back. */
async function expectFilterYields(
  ctx: SpecContext,
  data: FilterData,
  filter: Record<string, unknown>,
  expected: readonly string[],
  rule: string,
): Promise<void> {
  const listed = await listAll(ctx.saver, generateConfig(data.threadId), { filter });
  const labelOf = (id: string | undefined) =>
    [...data.ids].find(([, stored]) => stored === id)?.[0] ?? `unknown checkpoint ${formatValue(id)}`;
  const got = listed.map((t) => labelOf(t.checkpoint?.id)).sort();
  const want = [...expected].sort();
  if (got.join() === want.join()) return;
  const show = (labels: readonly string[]) =>
    labels.length === 0 ? "none" : labels.map((l) => (METADATA[l] ? `${l} ${formatValue(METADATA[l])}` : l)).join("; ");
  const everything = got.length === data.ids.size && want.length < data.ids.size;
  const ignored = everything ? await customKeysIgnored(ctx, data.threadId, { team: "b" }, data.ids.size) : undefined;
  if (ignored !== undefined)
    fail(`list() with filter ${formatValue(filter)} yielded all ${got.length} checkpoints of the thread: ${ignored}`, [
      `expected only ${show(want)}`,
    ]);
  fail(`list() with filter ${formatValue(filter)} yielded the checkpoints with metadata ${show(got)}, expected ${show(want)}: ${rule}`);
}

/**
 * When a filter yielded every checkpoint, whether the saver ignores custom
 * metadata keys altogether (a known pattern: a saver that keeps only the keys
 * source, step and parents of CheckpointMetadata's type). Then that, not the
 * test's own rule, is what the author must fix. `plain` is a truthy custom
 * filter that matches some, not all, of the thread's `total` checkpoints.
 */
async function customKeysIgnored(
  ctx: SpecContext,
  threadId: string,
  plain: Record<string, unknown>,
  total: number,
): Promise<string | undefined> {
  const listed = await listAll(ctx.saver, generateConfig(threadId), { filter: plain });
  if (listed.length !== total) return undefined;
  return (
    `the saver ignores filters on custom metadata keys altogether (filter ${formatValue(plain)} yields every checkpoint of the thread too): ` +
    "list() must apply every filter key, not only source, step and parents (LangGraph writes run_id, user config keys and more into metadata) [LS-09]"
  );
}

const falsyValues: SpecTest = {
  name: "test_flt_falsy_filter_values_filter",
  ids: ["FLT-01"],
  methods: ["IM-list-filter-falsy"],
  needsHistory: true,
  description: "filter values 0, false and \"\" match exactly the checkpoints with that value (they are not 'no filter')",
  async run(ctx) {
    const data = await putFilterData(ctx);
    const rule = 'a falsy filter value (0, false, "") is a value to match, not an absent filter entry';
    await expectFilterYields(ctx, data, { count: 0 }, ["falsy"], rule);
    await expectFilterYields(ctx, data, { flag: false }, ["falsy"], rule);
    await expectFilterYields(ctx, data, { label: "" }, ["falsy"], rule);
    await expectFilterYields(ctx, data, { label: "", team: "b" }, [], rule);
  },
};

const nullIsNotAbsent: SpecTest = {
  name: "test_flt_null_filter_value_is_not_absence",
  ids: ["FLT-02"],
  methods: ["IM-list-filter-null"],
  needsHistory: true,
  description: "filter {key: null} matches metadata holding null, not metadata lacking the key",
  async run(ctx) {
    const data = await putFilterData(ctx);
    await expectFilterYields(
      ctx,
      data,
      { empty: null },
      ["falsy"],
      "a null filter value matches a stored null only; metadata without the key does not match it",
    );
  },
};

const typeStrict: SpecTest = {
  name: "test_flt_filter_values_are_type_strict",
  ids: ["FLT-03"],
  methods: ["IM-list-filter-text-compare"],
  needsHistory: true,
  description: 'filter values compare type-strictly: 1, "1", true, "true", 0, false, "" and null are all different',
  async run(ctx) {
    const data = await putFilterData(ctx);
    const rule = "filter values compare with strict equality: a number, a string, a boolean and null never equal each other";
    await expectFilterYields(ctx, data, { flag: true }, ["truthy"], rule);
    await expectFilterYields(ctx, data, { flag: 1 }, ["numbers"], rule);
    await expectFilterYields(ctx, data, { flag: "false" }, ["texts"], rule);
    await expectFilterYields(ctx, data, { count: "0" }, ["texts"], rule);
    await expectFilterYields(ctx, data, { label: 0 }, ["numbers"], rule);
    await expectFilterYields(ctx, data, { empty: "" }, ["texts"], rule);
    await expectFilterYields(ctx, data, { empty: "null" }, ["truthy"], rule);
    await expectFilterYields(ctx, data, { extra: 1 }, ["texts"], rule);
  },
};

const missingKeys: SpecTest = {
  name: "test_flt_missing_key_never_matches",
  ids: ["FLT-04"],
  methods: ["IM-list-filter-missing-key"],
  needsHistory: true,
  description: "a filter key the metadata lacks rules the checkpoint out, also next to keys that match",
  async run(ctx) {
    const data = await putFilterData(ctx);
    const rule =
      "every filter key must be present in the metadata and equal; a checkpoint whose metadata lacks a filter key does not match";
    await expectFilterYields(ctx, data, { extra: "1" }, ["numbers"], rule);
    await expectFilterYields(ctx, data, { team: "a", extra: 1 }, [], rule);
    await expectFilterYields(ctx, data, { team: "b", extra: "1" }, ["numbers"], rule);
    await expectFilterYields(ctx, data, { source: "loop", missing: "x" }, [], rule);
  },
};

/** Top-level metadata keys that look like path syntax, next to the nested values such a path would reach instead. */
const PATH_LIKE_METADATA = { "a.b": 1, a: { b: 2 }, "arr[0]": 5, arr: [6], "x y": 3, 'q"k': 4, "user:id": 8, $: 7, plain: 9 };

const keysAreData: SpecTest = {
  name: "test_flt_filter_keys_are_top_level_keys",
  ids: ["FLT-05"],
  methods: ["IM-list-filter-key-as-path", "IM-put-document-field-paths"],
  needsHistory: true,
  description: 'a filter key with path syntax ("a.b", "arr[0]") names that top-level metadata key, not a nested path',
  async run(ctx) {
    const threadId = ctx.threadId("flt");
    const checkpoint = generateCheckpoint();
    await ctx.saver.put(generateConfig(threadId), checkpoint, generateMetadata("loop", 0, PATH_LIKE_METADATA), {});
    await ctx.saver.put(generateConfig(threadId, "", checkpoint.id), generateCheckpoint(), generateMetadata("loop", 1), {});
    const cases: [Record<string, unknown>, number][] = [
      [{ "a.b": 1 }, 1],
      [{ "a.b": 2 }, 0],
      [{ "arr[0]": 5 }, 1],
      [{ "arr[0]": 6 }, 0],
      [{ "x y": 3 }, 1],
      [{ 'q"k': 4 }, 1],
      [{ "user:id": 8 }, 1],
      [{ $: 7 }, 1],
    ];
    for (const [filter, expected] of cases) {
      const listed = await listAll(ctx.saver, generateConfig(threadId), { filter });
      if (listed.length !== expected) {
        const ignored = listed.length === 2 ? await customKeysIgnored(ctx, threadId, { plain: 9 }, 2) : undefined;
        if (ignored !== undefined)
          fail(`list() with filter ${formatValue(filter)} yielded both checkpoints of the thread: ${ignored}`, [
            `expected ${expected}, on metadata ${formatValue(PATH_LIKE_METADATA)}`,
          ]);
        fail(
          `list() with filter ${formatValue(filter)} yielded ${listed.length} checkpoint(s), expected ${expected}, on metadata ${formatValue(PATH_LIKE_METADATA)}: ` +
            (ignored ??
              "a filter key names a top-level metadata key, never a path into nested values (does the saver build a JSON path such as `$.${key}` from it?)"),
        );
      }
    }
  },
};

/**
 * String values a query language reads specially, each next to the values it
 * would match if the saver inlined it (a quote ends a SQL literal), handed it
 * to LIKE (`%`, `_`) or to a query string that reads backslash escapes.
 */
const QUERY_SYNTAX_VALUES = ["x' OR 'a'='a", "a\\b", "ab", "a_c", "abc", "100%", "1000"] as const;
const QUERY_SYNTAX_FILTERS = ["x' OR 'a'='a", "a\\b", "a_c", "100%"] as const;

const querySyntaxInValues: SpecTest = {
  name: "test_flt_query_syntax_in_values",
  ids: ["FLT-06"],
  methods: ["IM-list-filter-bound", "IM-list-filter-like"],
  needsHistory: true,
  description:
    "string filter values holding a quote, a backslash, % or _ match exactly that string (bound, not inlined or used as a pattern)",
  async run(ctx) {
    const threadId = ctx.threadId("flt");
    const stored = QUERY_SYNTAX_VALUES.map((tag) => ({ tag, checkpoint: generateCheckpoint() }));
    await Promise.all(
      stored.map(({ tag, checkpoint }, step) =>
        ctx.saver.put(generateConfig(threadId), checkpoint, generateMetadata("loop", step, { tag }), {}),
      ),
    );
    const listed = await Promise.all(QUERY_SYNTAX_FILTERS.map((tag) => listAll(ctx.saver, generateConfig(threadId), { filter: { tag } })));
    for (const [i, tag] of QUERY_SYNTAX_FILTERS.entries()) {
      const got = listed[i]!.map((t) => (t.metadata as Record<string, unknown> | undefined)?.tag);
      if (got.length === 1 && got[0] === tag) continue;
      const ignored = got.length === stored.length ? await customKeysIgnored(ctx, threadId, { tag: "ab" }, stored.length) : undefined;
      if (ignored !== undefined)
        fail(`list() with filter ${formatValue({ tag })} yielded all ${got.length} checkpoints of the thread: ${ignored}`);
      fail(
        `list() with filter ${formatValue({ tag })} yielded the checkpoints tagged ${got.length === 0 ? "none" : got.map((g) => formatValue(g)).join(", ")}, expected only the one tagged ${formatValue(tag)}: ` +
          "a filter value is data compared for equality; bind it as a parameter, never inline it into a query or use it as a LIKE or glob pattern, and escape what a query string reads as syntax (quotes, backslashes, % and _)",
      );
    }
  },
};

/** The FLT tests, by the capability whose suite runs them. */
export const adversarialFilterTests: ExtraTests = {
  list: [falsyValues, nullIsNotAbsent, typeStrict, missingKeys, keysAreData, querySyntaxInValues],
};
