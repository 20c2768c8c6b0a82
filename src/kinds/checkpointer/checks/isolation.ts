import type { CheckpointTuple } from "@langchain/langgraph-checkpoint";
import type { RunnableConfig } from "@langchain/core/runnables";
import { expectDefined, expectEqual, expectLength } from "../../../assert.js";
import { generateCheckpoint, generateConfig, generateMetadata } from "../../../test-utils.js";
import { listAll } from "./helpers.js";
import type { SpecContext, SpecTest } from "./types.js";
import type { ExtraTests } from "./extra-tests.js";

/**
 * ISO: savers from the factory must not share state, and what a saver returns
 * must not alias its storage (LangGraph mutates the tuples it reads, e.g. it
 * pushes into channel values while applying writes).
 */

const VALUES = { messages: ["hello"], nested: { count: 1, tags: ["a"] } };
const VERSIONS = { messages: 1, nested: 1 };
const METADATA = generateMetadata("loop", 1, { note: "original" });

const ALIAS_CAUSE =
  "the saver returns objects that alias its storage; LangGraph mutates what it reads, so return fresh copies (deserialize on every read, or structuredClone)";

/** Puts VALUES at VERSIONS with METADATA on a fresh thread; returns the caller's own objects with the config put returned. */
async function putSample(ctx: SpecContext) {
  const threadId = ctx.threadId("iso");
  const checkpoint = generateCheckpoint({ channelValues: structuredClone(VALUES), channelVersions: VERSIONS });
  const metadata = structuredClone(METADATA);
  const config = await ctx.saver.put(generateConfig(threadId), checkpoint, metadata, VERSIONS);
  return { threadId, checkpoint, metadata, config };
}

/** Mutates everything a caller can reach in a tuple, the way a careless graph would. */
function vandalise(tuple: CheckpointTuple): void {
  const values = tuple.checkpoint.channel_values as Record<string, unknown>;
  (values.messages as unknown[] | undefined)?.push?.("injected");
  const nested = values.nested as { count?: number; tags?: unknown[] } | undefined;
  if (nested && typeof nested === "object") {
    nested.count = 99;
    nested.tags?.push?.("injected");
  }
  values.injected = true;
  (tuple.checkpoint.channel_versions as Record<string, unknown>).messages = 42;
  tuple.checkpoint.id = "vandalised";
  if (tuple.metadata) (tuple.metadata as Record<string, unknown>).note = "changed";
  tuple.pendingWrites?.push(["intruder", "ch", "injected"]);
}

async function expectUnchanged(ctx: SpecContext, config: RunnableConfig, id: string, after: string): Promise<void> {
  const again = await ctx.saver.getTuple(config);
  expectDefined(again, `getTuple() must still find the checkpoint ${after}`);
  expectEqual(
    again.checkpoint.channel_values,
    VALUES,
    `mutating ${after} changed the channel_values a later getTuple() returns: ${ALIAS_CAUSE}`,
  );
  expectEqual(
    again.checkpoint.channel_versions,
    VERSIONS,
    `mutating ${after} changed the channel_versions a later getTuple() returns: ${ALIAS_CAUSE}`,
    {
      looseNumbers: true,
    },
  );
  expectEqual(again.checkpoint.id, id, `mutating ${after} changed the checkpoint id a later getTuple() returns: ${ALIAS_CAUSE}`);
  expectEqual(
    (again.metadata as Record<string, unknown> | undefined)?.note,
    "original",
    `mutating ${after} changed the metadata a later getTuple() returns: ${ALIAS_CAUSE}`,
  );
  expectLength(again.pendingWrites ?? [], 0, `mutating ${after} added a pending write to what a later getTuple() returns: ${ALIAS_CAUSE}`);
}

const fresh: SpecTest = {
  name: "test_iso_fresh_savers_share_no_state",
  ids: ["ISO-01"],
  description: "a second saver from the factory does not see a thread written through the first",
  async run(ctx) {
    const { threadId } = await putSample(ctx);
    const other = await ctx.freshSaver();
    const seen = await other.getTuple({ configurable: { thread_id: threadId, checkpoint_ns: "" } });
    const listed = await listAll(other, { configurable: { thread_id: threadId } });
    if (seen !== undefined || listed.length > 0) {
      expectEqual(
        { getTuple: seen?.checkpoint.id, list: listed.length },
        { getTuple: undefined, list: 0 },
        "a fresh saver from the factory already holds a thread written through another saver: the savers share storage. " +
          "Likely cause: a static or module-level map, or a database table/collection the factory neither creates per saver nor clears. " +
          "Give each saver its own storage (or clear it in the factory), so every saver starts empty",
      );
    }
  },
};

const getTupleAliasing: SpecTest = {
  name: "test_iso_get_tuple_returns_fresh_objects",
  ids: ["ISO-02"],
  methods: ["IM-getTuple-returns-references"],
  description: "mutating a tuple returned by getTuple() does not change what a later getTuple() returns",
  async run(ctx) {
    const { checkpoint, config } = await putSample(ctx);
    const first = await ctx.saver.getTuple(config);
    expectDefined(first, "getTuple(config returned by put) must find the checkpoint");
    vandalise(first);
    await expectUnchanged(ctx, config, checkpoint.id, "the tuple returned by getTuple()");
  },
};

const listAliasing: SpecTest = {
  name: "test_iso_list_returns_fresh_objects",
  ids: ["ISO-03"],
  methods: ["IM-getTuple-returns-references"],
  description: "mutating tuples yielded by list() does not change later list() or getTuple() results",
  async run(ctx) {
    const { threadId, checkpoint, config } = await putSample(ctx);
    const listed = await listAll(ctx.saver, { configurable: { thread_id: threadId } });
    expectLength(listed, 1, "list({thread_id}) must yield the one checkpoint of the thread");
    vandalise(listed[0]);
    const again = await listAll(ctx.saver, { configurable: { thread_id: threadId } });
    expectEqual(
      again[0]?.checkpoint.channel_values,
      VALUES,
      `mutating a tuple yielded by list() changed what a later list() yields: ${ALIAS_CAUSE}`,
    );
    await expectUnchanged(ctx, config, checkpoint.id, "a tuple yielded by list()");
  },
};

const putArguments: SpecTest = {
  name: "test_iso_put_does_not_keep_caller_objects",
  ids: ["ISO-04"],
  methods: ["IM-put-keeps-references"],
  description: "mutating the checkpoint and metadata after put() resolves does not change what is stored",
  async run(ctx) {
    const { checkpoint, metadata, config } = await putSample(ctx);
    const id = checkpoint.id;
    vandalise({ config, checkpoint, metadata });
    await expectUnchanged(
      ctx,
      config,
      id,
      "the checkpoint and metadata objects after put() resolved (the saver kept references to the caller's objects instead of storing copies)",
    );
  },
};

const writesAliasing: SpecTest = {
  name: "test_iso_put_writes_and_pending_writes_are_copies",
  ids: ["ISO-05"],
  methods: ["IM-putWrites-keeps-references"],
  description: "mutating a written value after putWrites(), or a returned pending write, does not change later reads",
  async run(ctx) {
    const { config } = await putSample(ctx);
    const value = { items: ["first"], n: 1 };
    await ctx.saver.putWrites(config, [["ch", value]], "task-1");
    value.items.push("caller-mutation");
    value.n = 2;
    const first = await ctx.saver.getTuple(config);
    expectEqual(
      first?.pendingWrites?.map((w) => w[2]),
      [{ items: ["first"], n: 1 }],
      "mutating a value after putWrites() resolved changed the stored pending write: the saver kept a reference to the caller's object instead of storing a copy",
    );
    const read = first?.pendingWrites?.[0]?.[2] as { items?: unknown[]; n?: number } | undefined;
    read?.items?.push("reader-mutation");
    if (read) read.n = 3;
    const second = await ctx.saver.getTuple(config);
    expectEqual(
      second?.pendingWrites?.map((w) => w[2]),
      [{ items: ["first"], n: 1 }],
      `mutating a pending write returned by getTuple() changed what a later getTuple() returns: ${ALIAS_CAUSE}`,
    );
  },
};

/** The ISO tests, by the capability whose suite runs them. */
export const isolationTests: ExtraTests = {
  put: [fresh, putArguments],
  get_tuple: [getTupleAliasing],
  list: [listAliasing],
  put_writes: [writesAliasing],
};
