import { INTERRUPT, type ChannelVersions } from "@langchain/langgraph-checkpoint";
import { expectDefined, expectEqual, expectNoOwnKey, expectRejects, expectSame } from "../../../assert.js";
import { generateCheckpoint, generateConfig, generateMetadata } from "../../../test-utils.js";
import { idsOf, listAll } from "./helpers.js";
import { pendingWritesOf } from "./pending-writes.js";
import type { CapabilitySpec, SpecContext, SpecTest } from "./types.js";

const LOOSE = { looseNumbers: true } as const;

async function putOne(ctx: SpecContext, values: Record<string, unknown>, ns = "") {
  const threadId = ctx.threadId();
  const versions: ChannelVersions = Object.fromEntries(Object.keys(values).map((k) => [k, 1]));
  const checkpoint = generateCheckpoint({ channelValues: values, channelVersions: versions });
  const returned = await ctx.saver.put(generateConfig(threadId, ns), checkpoint, generateMetadata(), versions);
  return { threadId, checkpoint, returned };
}

/**
 * LangGraph's re-put (PUT-16, PUT-17): a checkpoint whose task wrote an
 * interrupt is put again under the same id (the loop's exit path re-puts the
 * current checkpoint, then flushes its writes; langgraphjs#1996). Returns the
 * config of the first put and the writes stored before and after the re-put.
 */
async function putTwiceWithWrites(ctx: SpecContext) {
  const threadId = ctx.threadId("reput");
  const parent = await ctx.saver.put(
    generateConfig(threadId),
    generateCheckpoint({ channelValues: { a: "v0" }, channelVersions: { a: 1 } }),
    generateMetadata("input", -1),
    { a: 1 },
  );
  const first = generateCheckpoint({ channelValues: { a: "v1" }, channelVersions: { a: 2 } });
  const config = await ctx.saver.put(parent, first, generateMetadata("loop", 0, { phase: "asked", asked_by: "node-a" }), { a: 2 });
  await ctx.saver.putWrites(config, [["a", "from task-1"]], "task-1");
  await ctx.saver.putWrites(config, [[INTERRUPT, { value: "approve?" }]], "task-2");
  const again = { ...first, channel_values: { a: "v2" }, channel_versions: { a: 3 }, versions_seen: { [INTERRUPT]: { a: 2 } } };
  await ctx.saver.put(parent, again, generateMetadata("loop", 0, { phase: "resumed" }), { a: 3 });
  await ctx.saver.putWrites(config, [["b", "after the re-put"]], "task-3");
  const writes: [string, string, unknown][] = [
    ["task-1", "a", "from task-1"],
    ["task-2", INTERRUPT, { value: "approve?" }],
    ["task-3", "b", "after the re-put"],
  ];
  return { threadId, config, id: first.id, writes };
}

const byTaskThenChannel = (writes: readonly unknown[][]) =>
  [...writes].sort((x, y) => `${String(x[0])}/${String(x[1])}`.localeCompare(`${String(y[0])}/${String(y[1])}`));

const tests: SpecTest[] = [
  {
    name: "test_put_returns_config",
    ids: ["PUT-01", "JS-08"],
    description: "put() resolves to a config with the thread_id, checkpoint_ns and the new checkpoint_id",
    async run(ctx) {
      for (const ns of ["", "child:1"]) {
        const { threadId, checkpoint, returned } = await putOne(ctx, { k: "v" }, ns);
        expectDefined(returned?.configurable, `put() must return a config with a "configurable" object (ns ${JSON.stringify(ns)})`);
        const c = returned.configurable;
        expectSame(c.thread_id, threadId, `the returned configurable.thread_id must be the thread put into (ns ${JSON.stringify(ns)})`);
        expectSame(c.checkpoint_ns, ns, `the returned configurable.checkpoint_ns must be the namespace put into`);
        expectSame(c.checkpoint_id, checkpoint.id, `the returned configurable.checkpoint_id must be the id of the checkpoint just put`);
      }
    },
  },
  {
    name: "test_put_roundtrip",
    ids: ["PUT-02"],
    description: "a checkpoint put is read back by getTuple(returned config) with its id and values",
    async run(ctx) {
      const threadId = ctx.threadId();
      const checkpoint = generateCheckpoint({ channelValues: { msg: "hello" }, channelVersions: { msg: 1 } });
      const returned = await ctx.saver.put(generateConfig(threadId), checkpoint, generateMetadata("input", -1), { msg: 1 });
      const tuple = await ctx.saver.getTuple(returned);
      expectDefined(tuple, "getTuple(config returned by put) must find the checkpoint just put");
      expectSame(tuple.checkpoint.id, checkpoint.id, "getTuple(returned config).checkpoint.id must be the id put");
      expectEqual(
        tuple.checkpoint.channel_values,
        { msg: "hello" },
        "getTuple(returned config).checkpoint.channel_values must be the values put",
      );
    },
  },
  {
    name: "test_put_preserves_channel_values",
    ids: ["PUT-03"],
    description: "strings, numbers, arrays and nested objects in channel_values round-trip unchanged",
    async run(ctx) {
      const values = { str_val: "hello", int_val: 42, list_val: [1, 2, 3], dict_val: { nested: true } };
      const { returned } = await putOne(ctx, values);
      const tuple = await ctx.saver.getTuple(returned);
      expectDefined(tuple, "getTuple(returned config) must find the checkpoint");
      for (const [key, value] of Object.entries(values)) {
        expectEqual(tuple.checkpoint.channel_values[key], value, `channel_values.${key} must read back as it was put`);
      }
    },
  },
  {
    name: "test_put_preserves_channel_values_extra_types",
    ids: ["PUT-03"],
    methods: ["IM-put-json-serialization"],
    description: "null, booleans, floats, unicode beyond the BMP and Uint8Array also round-trip",
    async run(ctx) {
      const values = { null_val: null, bool_val: false, float_val: 3.25, emoji: "héllo \u{1F600}", bytes: new Uint8Array([0, 1, 255]) };
      const { returned } = await putOne(ctx, values);
      const tuple = await ctx.saver.getTuple(returned);
      expectDefined(tuple, "getTuple(returned config) must find the checkpoint");
      for (const [key, value] of Object.entries(values)) {
        expectEqual(tuple.checkpoint.channel_values[key], value, `channel_values.${key} must read back as it was put`);
      }
    },
  },
  {
    name: "test_put_preserves_channel_versions",
    ids: ["PUT-04"],
    description: 'channel_versions read back with every key and equal versions (1, "1" and 1.0 count as equal)',
    async run(ctx) {
      const threadId = ctx.threadId();
      const versions = { a: 1, b: 2 };
      const checkpoint = generateCheckpoint({ channelValues: { a: "x", b: "y" }, channelVersions: versions });
      const returned = await ctx.saver.put(generateConfig(threadId), checkpoint, generateMetadata(), versions);
      const tuple = await ctx.saver.getTuple(returned);
      expectDefined(tuple, "getTuple(returned config) must find the checkpoint");
      expectEqual(tuple.checkpoint.channel_versions, versions, "checkpoint.channel_versions must read back as put", LOOSE);
    },
  },
  {
    name: "test_put_preserves_versions_seen",
    ids: ["PUT-05"],
    description: "versions_seen reads back with every node key present",
    async run(ctx) {
      const seen = { node1: { ch_a: 1, ch_b: 2 }, node2: { ch_a: 3 } };
      const returned = await ctx.saver.put(
        generateConfig(ctx.threadId()),
        generateCheckpoint({ versionsSeen: seen }),
        generateMetadata(),
        {},
      );
      const tuple = await ctx.saver.getTuple(returned);
      expectDefined(tuple, "getTuple(returned config) must find the checkpoint");
      for (const node of Object.keys(seen)) {
        expectDefined(tuple.checkpoint.versions_seen?.[node], `checkpoint.versions_seen.${node} must be kept`);
      }
    },
  },
  {
    name: "test_put_preserves_versions_seen_values",
    ids: ["PUT-05"],
    description: "every nested version in versions_seen reads back equal (semantically)",
    async run(ctx) {
      const seen = { node1: { ch_a: 1, ch_b: 2 }, node2: { ch_a: 3 } };
      const returned = await ctx.saver.put(
        generateConfig(ctx.threadId()),
        generateCheckpoint({ versionsSeen: seen }),
        generateMetadata(),
        {},
      );
      const tuple = await ctx.saver.getTuple(returned);
      expectDefined(tuple, "getTuple(returned config) must find the checkpoint");
      expectEqual(tuple.checkpoint.versions_seen, seen, "checkpoint.versions_seen must read back as put", LOOSE);
    },
  },
  {
    name: "test_put_preserves_metadata",
    ids: ["PUT-06"],
    description: "metadata source, step (a number) and custom keys read back unchanged",
    async run(ctx) {
      const metadata = generateMetadata("loop", 3, { custom_key: "custom_value" });
      const returned = await ctx.saver.put(generateConfig(ctx.threadId()), generateCheckpoint(), metadata, {});
      const tuple = await ctx.saver.getTuple(returned);
      expectDefined(tuple, "getTuple(returned config) must find the checkpoint");
      expectDefined(tuple.metadata, "tuple.metadata must be present");
      expectSame(tuple.metadata.source, "loop", "metadata.source must read back as put");
      expectSame(tuple.metadata.step, 3, "metadata.step must read back as the number put");
      expectSame(
        (tuple.metadata as Record<string, unknown>).custom_key,
        "custom_value",
        "metadata.custom_key (a custom key) must read back as put",
      );
    },
  },
  {
    name: "test_put_preserves_run_id",
    ids: ["PUT-06"],
    description: "metadata.run_id reads back unchanged",
    async run(ctx) {
      const runId = crypto.randomUUID();
      const returned = await ctx.saver.put(
        generateConfig(ctx.threadId()),
        generateCheckpoint(),
        generateMetadata("loop", 0, { run_id: runId }),
        {},
      );
      const tuple = await ctx.saver.getTuple(returned);
      expectDefined(tuple, "getTuple(returned config) must find the checkpoint");
      expectSame((tuple.metadata as Record<string, unknown> | undefined)?.run_id, runId, "metadata.run_id must read back as put");
    },
  },
  {
    name: "test_put_root_namespace",
    ids: ["PUT-07"],
    description: 'a checkpoint put into the root namespace reads back with checkpoint_ns ""',
    async run(ctx) {
      const { returned } = await putOne(ctx, {}, "");
      const tuple = await ctx.saver.getTuple(returned);
      expectDefined(tuple, "getTuple(returned config) must find a root-namespace checkpoint");
      expectSame(
        tuple.config?.configurable?.checkpoint_ns,
        "",
        'tuple.config.configurable.checkpoint_ns must be "" (present, not absent) for the root namespace',
      );
    },
  },
  {
    name: "test_put_child_namespace",
    ids: ["PUT-08"],
    description: 'a checkpoint put into namespace "child:abc" reads back with that namespace',
    async run(ctx) {
      const { returned } = await putOne(ctx, {}, "child:abc");
      const tuple = await ctx.saver.getTuple(returned);
      expectDefined(tuple, "getTuple(returned config) must find a child-namespace checkpoint");
      expectSame(
        tuple.config?.configurable?.checkpoint_ns,
        "child:abc",
        "tuple.config.configurable.checkpoint_ns must be the namespace put into",
      );
    },
  },
  {
    name: "test_put_default_namespace",
    ids: ["PUT-09", "JS-07"],
    description: 'a put without checkpoint_ns goes to "" and is found with and without the namespace',
    async run(ctx) {
      const threadId = ctx.threadId();
      const checkpoint = generateCheckpoint();
      const returned = await ctx.saver.put({ configurable: { thread_id: threadId } }, checkpoint, generateMetadata(), {});
      expectSame(returned?.configurable?.checkpoint_ns, "", 'put() without checkpoint_ns must return checkpoint_ns ""');
      const withNs = await ctx.saver.getTuple({ configurable: { thread_id: threadId, checkpoint_ns: "" } });
      expectSame(
        withNs?.checkpoint.id,
        checkpoint.id,
        'getTuple({thread_id, checkpoint_ns: ""}) must find a checkpoint put without a namespace',
      );
      const withoutNs = await ctx.saver.getTuple({ configurable: { thread_id: threadId } });
      expectSame(
        withoutNs?.checkpoint.id,
        checkpoint.id,
        "getTuple({thread_id}) (no namespace) must find a checkpoint put without a namespace",
      );
    },
  },
  {
    name: "test_put_multiple_checkpoints_same_thread",
    ids: ["PUT-10"],
    description: "three chained puts on one thread are each found by their own id",
    needsHistory: true,
    async run(ctx) {
      const threadId = ctx.threadId();
      const ids: string[] = [];
      let parent: string | undefined;
      for (let step = 0; step < 3; step++) {
        const checkpoint = generateCheckpoint();
        await ctx.saver.put(generateConfig(threadId, "", parent), checkpoint, generateMetadata("loop", step), {});
        ids.push(checkpoint.id);
        parent = checkpoint.id;
      }
      for (const id of ids) {
        const tuple = await ctx.saver.getTuple(generateConfig(threadId, "", id));
        expectSame(tuple?.checkpoint.id, id, `getTuple by checkpoint_id must return that checkpoint, not another of the thread`);
      }
    },
  },
  {
    name: "test_put_multiple_threads_isolated",
    ids: ["PUT-11"],
    description: "two threads keep their own values",
    async run(ctx) {
      const t1 = await putOne(ctx, { x: "thread1" });
      const t2 = await putOne(ctx, { x: "thread2" });
      const a = await ctx.saver.getTuple(generateConfig(t1.threadId));
      const b = await ctx.saver.getTuple(generateConfig(t2.threadId));
      expectEqual(a?.checkpoint.channel_values, { x: "thread1" }, "the latest checkpoint of thread 1 must hold thread 1's values");
      expectEqual(b?.checkpoint.channel_values, { x: "thread2" }, "the latest checkpoint of thread 2 must hold thread 2's values");
    },
  },
  {
    name: "test_put_parent_config",
    ids: ["PUT-12"],
    methods: ["IM-put-parent-from-config"],
    description: "the parent is the checkpoint_id of the put config (not metadata.parents)",
    needsHistory: true,
    async run(ctx) {
      const threadId = ctx.threadId();
      const c1 = generateCheckpoint();
      const r1 = await ctx.saver.put(generateConfig(threadId), c1, generateMetadata("input", -1), {});
      const c2 = generateCheckpoint();
      const r2 = await ctx.saver.put(generateConfig(threadId, "", c1.id), c2, generateMetadata("loop", 0), {});
      const first = await ctx.saver.getTuple(r1);
      expectSame(
        first?.parentConfig,
        undefined,
        "a checkpoint put without checkpoint_id in its config has no parent (parentConfig undefined)",
      );
      const second = await ctx.saver.getTuple(r2);
      expectSame(
        second?.parentConfig?.configurable?.checkpoint_id,
        c1.id,
        "a checkpoint put with config.configurable.checkpoint_id = P must read back with parentConfig naming P",
      );
    },
  },
  {
    name: "test_put_incremental_channel_update",
    ids: ["PUT-13"],
    methods: ["IM-put-blob-per-version"],
    description: "channels not in newVersions are still read back (from the ancestor that stored them)",
    needsHistory: true,
    async run(ctx) {
      const threadId = ctx.threadId();
      const c1 = generateCheckpoint({ channelValues: { a: "v1", b: "v2" }, channelVersions: { a: 1, b: 1 } });
      const r1 = await ctx.saver.put(generateConfig(threadId), c1, generateMetadata("loop", 0), { a: 1, b: 1 });
      const c2 = generateCheckpoint({ channelValues: { a: "v1_updated", b: "v2" }, channelVersions: { a: 2, b: 1 } });
      const r2 = await ctx.saver.put(generateConfig(threadId, "", c1.id), c2, generateMetadata("loop", 1), { a: 2 });
      const second = await ctx.saver.getTuple(r2);
      expectEqual(
        second?.checkpoint.channel_values,
        { a: "v1_updated", b: "v2" },
        "the child must read back a (changed) and b (unchanged, not in newVersions)",
      );
      const latest = await ctx.saver.getTuple(generateConfig(threadId));
      expectEqual(
        latest?.checkpoint.channel_values,
        { a: "v1_updated", b: "v2" },
        "the latest checkpoint must read back unchanged channels too",
      );
      const first = await ctx.saver.getTuple(r1);
      expectEqual(
        first?.checkpoint.channel_values,
        { a: "v1", b: "v2" },
        "the parent must still read back its own values after the child is put",
      );
    },
  },
  {
    name: "test_put_carried_over_channels",
    ids: ["PUT-13"],
    methods: ["IM-put-blob-per-version"],
    description: "a child that changes one channel still reads back the channel carried over from its parent",
    async run(ctx) {
      for (const ns of ["", "child:1"]) {
        const threadId = ctx.threadId();
        const c1 = generateCheckpoint({
          channelValues: { messages: ["hi"], stepCount: 1 },
          channelVersions: { messages: 1, stepCount: 1 },
        });
        await ctx.saver.put(generateConfig(threadId, ns), c1, generateMetadata("loop", 0), { messages: 1, stepCount: 1 });
        const c2 = generateCheckpoint({
          channelValues: { messages: ["hi"], stepCount: 3 },
          channelVersions: { messages: 1, stepCount: 2 },
        });
        const r2 = await ctx.saver.put(generateConfig(threadId, ns, c1.id), c2, generateMetadata("loop", 1), { stepCount: 2 });
        const byId = await ctx.saver.getTuple(r2);
        expectEqual(
          byId?.checkpoint.channel_values,
          { messages: ["hi"], stepCount: 3 },
          `by id (ns ${JSON.stringify(ns)}): the carried-over channel "messages" must be read back`,
        );
        const latest = await ctx.saver.getTuple(generateConfig(threadId, ns));
        expectEqual(
          latest?.checkpoint.channel_values,
          { messages: ["hi"], stepCount: 3 },
          `latest (ns ${JSON.stringify(ns)}): the carried-over channel "messages" must be read back`,
        );
      }
    },
  },
  {
    name: "test_put_new_channel_added",
    ids: ["PUT-14"],
    description: "a channel first written by a child reads back alongside the inherited ones",
    async run(ctx) {
      const threadId = ctx.threadId();
      const c1 = generateCheckpoint({ channelValues: { a: "v1" }, channelVersions: { a: 1 } });
      await ctx.saver.put(generateConfig(threadId), c1, generateMetadata("loop", 0), { a: 1 });
      const c2 = generateCheckpoint({ channelValues: { a: "v1", b: "new_channel" }, channelVersions: { a: 1, b: 1 } });
      const r2 = await ctx.saver.put(generateConfig(threadId, "", c1.id), c2, generateMetadata("loop", 1), { b: 1 });
      const tuple = await ctx.saver.getTuple(r2);
      expectEqual(
        tuple?.checkpoint.channel_values,
        { a: "v1", b: "new_channel" },
        "the child must read back the inherited channel a and the new channel b",
      );
    },
  },
  {
    name: "test_put_channel_removed",
    ids: ["PUT-15"],
    description: "a channel absent from the child's channel_versions is absent from its channel_values",
    async run(ctx) {
      const threadId = ctx.threadId();
      const c1 = generateCheckpoint({ channelValues: { a: "v1", b: "v2" }, channelVersions: { a: 1, b: 1 } });
      await ctx.saver.put(generateConfig(threadId), c1, generateMetadata("loop", 0), { a: 1, b: 1 });
      const c2 = generateCheckpoint({ channelValues: { a: "v1_updated" }, channelVersions: { a: 2 } });
      const r2 = await ctx.saver.put(generateConfig(threadId, "", c1.id), c2, generateMetadata("loop", 1), { a: 2 });
      const tuple = await ctx.saver.getTuple(r2);
      expectDefined(tuple, "getTuple(returned config) must find the child");
      expectSame(tuple.checkpoint.channel_values.a, "v1_updated", "channel_values.a must be the child's value");
      expectNoOwnKey(
        tuple.checkpoint.channel_values,
        "b",
        "a channel dropped by the child (not in its channel_versions) must not be read back from the parent",
      );
    },
  },
  {
    name: "test_put_rejects_missing_configurable",
    ids: ["JS-04"],
    description: "put() rejects a config without configurable",
    async run(ctx) {
      await expectRejects(() => ctx.saver.put({}, generateCheckpoint(), generateMetadata(), {}), "put({}) (no configurable) must reject");
    },
  },
  {
    name: "test_put_rejects_missing_thread_id",
    ids: ["JS-04"],
    description: "put() rejects a config without thread_id",
    async run(ctx) {
      await expectRejects(
        () => ctx.saver.put({ configurable: { checkpoint_ns: "" } }, generateCheckpoint(), generateMetadata(), {}),
        "put({configurable: {checkpoint_ns}}) (no thread_id) must reject",
      );
    },
  },
  {
    name: "test_put_stores_checkpoint_without_alteration",
    ids: ["JS-09"],
    methods: ["IM-put-exact-types"],
    description: "the checkpoint reads back deep-equal to what was put: ts, v and exact version types",
    async run(ctx) {
      for (const ns of ["", "child:1"]) {
        const checkpoint = generateCheckpoint({
          channelValues: { animals: ["dog"], count: 2 },
          channelVersions: { animals: 1, count: 2 },
          versionsSeen: { agent: { animals: 1 } },
        });
        const config = generateConfig(ctx.threadId(), ns);
        const returned = await ctx.saver.put(
          { ...config, configurable: { ...config.configurable, canary: "tweet" } },
          checkpoint,
          generateMetadata(),
          { animals: 1, count: 2 },
        );
        const tuple = await ctx.saver.getTuple(returned);
        expectEqual(
          tuple?.checkpoint,
          checkpoint,
          `getTuple must return the checkpoint exactly as put (ns ${JSON.stringify(ns)}; version types included)`,
        );
      }
    },
  },
  {
    name: "test_put_stores_metadata_without_alteration",
    ids: ["JS-09", "PUT-06"],
    methods: ["IM-put-exact-types"],
    description: "metadata reads back deep-equal: no keys merged in from the config",
    async run(ctx) {
      const metadata = generateMetadata("loop", 1, { score: 7, tags: ["a", "b"] });
      const config = generateConfig(ctx.threadId());
      const returned = await ctx.saver.put(
        { ...config, configurable: { ...config.configurable, canary: "tweet" }, metadata: { run_name: "x" } },
        generateCheckpoint(),
        metadata,
        {},
      );
      const tuple = await ctx.saver.getTuple(returned);
      expectEqual(
        tuple?.metadata,
        metadata,
        "metadata must read back exactly as put (keys from config.configurable or config.metadata must not be merged in)",
      );
    },
  },
  {
    name: "test_put_same_id_again_keeps_pending_writes",
    ids: ["PUT-16"],
    methods: ["IM-put-upsert-deletes-writes"],
    description: "putting a checkpoint id again keeps the pending writes stored for it before the re-put, and takes those after",
    async run(ctx) {
      const { threadId, config, id, writes } = await putTwiceWithWrites(ctx);
      const why =
        "a re-put of the same checkpoint id (LangGraph's interrupt and exit paths) must keep the writes already stored for it: the interrupt lives there";
      expectEqual(
        byTaskThenChannel(await pendingWritesOf(ctx.saver, config, "after a re-put of its id")),
        writes,
        `getTuple(id).pendingWrites: ${why}`,
      );
      const latest = await ctx.saver.getTuple(generateConfig(threadId));
      expectSame(latest?.checkpoint.id, id, "after the re-put, the latest checkpoint of the thread must still be the re-put id");
      expectEqual(byTaskThenChannel(latest?.pendingWrites ?? []), writes, `getTuple(latest).pendingWrites: ${why}`);
    },
  },
  {
    name: "test_put_same_id_again_replaces_checkpoint_and_metadata",
    ids: ["PUT-17"],
    methods: ["IM-put-upsert-merges-metadata", "IM-put-secondary-index-only-added"],
    description:
      "putting a checkpoint id again replaces its checkpoint and its whole metadata, in getTuple, list and list({ filter }), and lists it once",
    async run(ctx) {
      const { threadId, config, id } = await putTwiceWithWrites(ctx);
      const tuple = await ctx.saver.getTuple(config);
      expectDefined(tuple, "getTuple(id) must find a checkpoint put twice");
      expectEqual(tuple.checkpoint.channel_values, { a: "v2" }, "after a re-put, getTuple(id) must read the checkpoint of the second put");
      expectEqual(
        tuple.metadata,
        generateMetadata("loop", 0, { phase: "resumed" }),
        "after a re-put, the metadata must be the second put's, whole: no key of the first put's metadata may stay",
      );
      const listed = await listAll(ctx.saver, generateConfig(threadId));
      expectEqual(
        idsOf(listed).filter((listedId) => listedId === id),
        [id],
        "list() must yield a checkpoint put twice once",
      );
      const filters: [Record<string, unknown>, string[]][] = [
        [{ phase: "asked" }, []],
        [{ asked_by: "node-a" }, []],
        [{ phase: "resumed" }, [id]],
      ];
      const found = await Promise.all(filters.map(([filter]) => listAll(ctx.saver, generateConfig(threadId), { filter })));
      filters.forEach(([filter, expected], i) => {
        expectEqual(
          idsOf(found[i]),
          expected,
          `list({ filter: ${JSON.stringify(filter)} }) after a re-put must match the second put's metadata only`,
        );
      });
    },
  },
  {
    name: "test_put_returned_config_has_no_foreign_keys",
    ids: ["JS-08"],
    description: "an unrelated configurable key of the put config does not appear in the returned config",
    async run(ctx) {
      const config = generateConfig(ctx.threadId());
      const returned = await ctx.saver.put(
        { configurable: { ...config.configurable, canary: "tweet" } },
        generateCheckpoint(),
        generateMetadata(),
        {},
      );
      expectSame(
        returned?.configurable?.canary,
        undefined,
        "the returned configurable must hold only thread_id, checkpoint_ns and checkpoint_id",
      );
    },
  },
  {
    name: "test_put_stores_only_changed_channels",
    ids: ["JS-13"],
    advisory: true,
    advisoryReason: "measured: MemorySaver and SqliteSaver store full values and fail it; catalog JS-13 calls storage efficiency contested",
    description: "stores only changed channels: values not named in newVersions are dropped (storage efficiency)",
    async run(ctx) {
      const threadId = ctx.threadId();
      const full = { foo: "bar", baz: "qux" };
      const cases: [ChannelVersions, Record<string, unknown>][] = [
        [{}, {}],
        [{ foo: 1 }, { foo: "bar" }],
        [{ foo: 1, baz: 1 }, full],
      ];
      for (const [newVersions, expected] of cases) {
        const checkpoint = generateCheckpoint({ channelValues: full, channelVersions: { foo: 1, baz: 1 } });
        const returned = await ctx.saver.put(generateConfig(threadId), checkpoint, generateMetadata(), newVersions);
        const tuple = await ctx.saver.getTuple(returned);
        expectEqual(
          tuple?.checkpoint.channel_values,
          expected,
          `with newVersions ${JSON.stringify(newVersions)} only those channels are stored`,
        );
      }
    },
  },
  {
    name: "test_get_next_version_increases",
    ids: ["JS-10"],
    methods: ["IM-put-next-version"],
    description: "getNextVersion(undefined) then getNextVersion(v1) gives a strictly greater version",
    async run(ctx) {
      const { compareChannelVersions } = await import("@langchain/langgraph-checkpoint");
      const v1 = ctx.saver.getNextVersion(undefined);
      const v2 = ctx.saver.getNextVersion(v1);
      if (!(compareChannelVersions(v2, v1) > 0)) {
        expectEqual(
          `${String(v2)} > ${String(v1)}`,
          "a greater version",
          "getNextVersion(v1) must be greater than v1 (compareChannelVersions)",
        );
      }
      if (typeof v1 === "number") expectSame(v1, 1, "the default integer versions start at 1");
    },
  },
];

export const putSpec: CapabilitySpec = { capability: "put", tests };
