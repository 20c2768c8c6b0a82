import { uuid6 } from "@langchain/langgraph-checkpoint";
import { expectEqual } from "../../../assert.js";
import { generateCheckpoint, generateConfig, generateMetadata } from "../../../test-utils.js";
import { showId } from "./adversarial-ids.js";
import type { ExtraTests } from "./extra-tests.js";
import { idsOf, listAll } from "./helpers.js";
import type { SpecTest } from "./types.js";

/**
 * KEY-10: keys built by concatenation. A key-value or document saver that
 * builds one key from thread id, namespace and checkpoint id (joined with no
 * delimiter, or with ":" and the empty root namespace left out) gives two
 * different checkpoints one key; a blob keyed without the namespace gives a
 * parent graph and its subgraph, which both have `messages` at version 1, one value.
 */

/** Places whose parts concatenate alike: ":"-joined with "" skipped (1, 2), or joined with no delimiter (2, 3). */
const LOOKALIKE_PLACES = (base: string) => [
  { thread: `${base}:sub`, ns: "" },
  { thread: base, ns: "sub" },
  { thread: `${base}sub`, ns: "" },
];

const JOIN_HINT =
  "are thread id, namespace and checkpoint id concatenated into one key without a delimiter that cannot occur in them (or with the empty root namespace left out)?";

const tests: SpecTest[] = [
  {
    name: "test_key_concatenated_parts_stay_apart",
    ids: ["KEY-10"],
    methods: ["IM-put-key-concatenation"],
    description:
      'one checkpoint id in thread "T:sub" (root), thread "T" (ns "sub") and thread "Tsub" (root): each reads back and lists only its own',
    async run(ctx) {
      const places = LOOKALIKE_PLACES(ctx.threadId("concat"));
      const id = uuid6(-1); // the same id in each place, as copyThread leaves it
      for (const { thread, ns } of places) {
        const checkpoint = generateCheckpoint({ id, channelValues: { owner: `${thread}|${ns}` }, channelVersions: { owner: 1 } });
        await ctx.saver.put(generateConfig(thread, ns), checkpoint, generateMetadata("loop", 0, { owner: `${thread}|${ns}` }), {
          owner: 1,
        });
      }
      for (const { thread, ns } of places) {
        const where = `thread ${showId(thread)}, ns ${showId(ns)}`;
        const owner = `${thread}|${ns}`;
        const byId = await ctx.saver.getTuple(generateConfig(thread, ns, id));
        expectEqual(
          byId?.checkpoint.channel_values,
          { owner },
          `getTuple(${where}, checkpoint ${id.slice(0, 8)}…) must return that place's own checkpoint: ${JOIN_HINT}`,
        );
        const listed = await listAll(ctx.saver, generateConfig(thread, ns));
        expectEqual(
          listed.map((t) => [
            t.config.configurable?.thread_id,
            t.config.configurable?.checkpoint_ns ?? "",
            t.checkpoint.channel_values.owner,
          ]),
          [[thread, ns, owner]],
          `list(${where}) must yield exactly that place's one checkpoint: ${JOIN_HINT}`,
        );
      }
    },
  },
  {
    name: "test_key_blob_keys_include_the_namespace",
    ids: ["KEY-10"],
    methods: ["IM-put-blob-per-version"],
    description: "a parent graph and its subgraph both store messages at version 1, with different values: each reads back its own",
    async run(ctx) {
      const thread = ctx.threadId("blob-ns");
      const places = [
        { ns: "", value: ["parent message"] },
        { ns: `child:${uuid6(-1)}`, value: ["subgraph message"] },
      ];
      const stored = [];
      for (const { ns, value } of places) {
        const checkpoint = generateCheckpoint({ channelValues: { messages: value }, channelVersions: { messages: 1 } });
        stored.push(await ctx.saver.put(generateConfig(thread, ns), checkpoint, generateMetadata("loop", 0), { messages: 1 }));
      }
      for (const [i, { ns, value }] of places.entries()) {
        const tuple = await ctx.saver.getTuple(stored[i]!);
        expectEqual(
          tuple?.checkpoint.channel_values.messages,
          value,
          `getTuple of the checkpoint in ns ${showId(ns)} must return its own messages (a blob keyed by thread, channel and version without the namespace gives the parent and the subgraph one value)`,
        );
        expectEqual(
          idsOf(await listAll(ctx.saver, generateConfig(thread, ns))),
          [tuple?.checkpoint.id],
          `list(ns ${showId(ns)}) must yield its one checkpoint`,
        );
      }
    },
  },
];

/** The KEY-10 tests, in the put suite. */
export const concatenatedKeyTests: ExtraTests = { put: tests };
