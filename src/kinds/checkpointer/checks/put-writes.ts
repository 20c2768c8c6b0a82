import { ERROR, INTERRUPT, type CheckpointPendingWrite } from "@langchain/langgraph-checkpoint";
import { expectEqual, expectLength, expectRejects, expectResolves, expectTrue } from "../../../assert.js";
import { generateConfig, generateMetadata, putTestCheckpoint } from "../../../test-utils.js";
import { nsLabel, pendingWritesOf, ROOT_AND_CHILD, writesMatching } from "./pending-writes.js";
import type { CapabilitySpec, SpecContext, SpecTest } from "./types.js";

const ORDER_RULE =
  "pendingWrites must come back in writesSortKey order: task path first, then task id (both by Unicode code point), then write index";

/** A fresh empty checkpoint; returns the config put returned, which carries checkpoint_ns (JS-07). */
function putCheckpoint(ctx: SpecContext, ns = "") {
  return putTestCheckpoint(ctx.saver, { threadId: ctx.threadId(), checkpointNs: ns });
}

/** Runs each `[taskId, writes, taskPath?]` call in order on a fresh checkpoint and returns its pending writes. */
async function writesAfter(ctx: SpecContext, calls: [string, [string, unknown][], string?][]): Promise<CheckpointPendingWrite[]> {
  const config = await putCheckpoint(ctx);
  for (const [taskId, writes, taskPath] of calls) await ctx.saver.putWrites(config, writes, taskId, taskPath);
  return pendingWritesOf(ctx.saver, config, "after putWrites");
}

const tests: SpecTest[] = [
  {
    name: "test_put_writes_basic",
    ids: ["PW-01", "JS-07"],
    description: "a write stored with the config put returned is attached to that checkpoint, in the root and a child namespace",
    async run(ctx) {
      for (const ns of ROOT_AND_CHILD) {
        const config = await putCheckpoint(ctx, ns);
        await ctx.saver.putWrites(config, [["animals", "dog"]], "pet_task");
        const writes = await pendingWritesOf(ctx.saver, config, `(${nsLabel(ns)})`);
        expectEqual(
          writes,
          [["pet_task", "animals", "dog"]],
          `getTuple().pendingWrites must be exactly the write stored, as [taskId, channel, value] (${nsLabel(ns)})`,
        );
      }
    },
  },
  {
    name: "test_put_writes_multiple_writes_same_task",
    ids: ["PW-02"],
    description: "three writes of one task in one call give three pending writes, one per channel",
    async run(ctx) {
      const writes = await writesAfter(ctx, [
        [
          "t1",
          [
            ["ch1", "v1"],
            ["ch2", "v2"],
            ["ch3", "v3"],
          ],
        ],
      ]);
      expectLength(writes, 3, "three writes in one putWrites call must give exactly 3 pending writes");
      for (const [channel, value] of [
        ["ch1", "v1"],
        ["ch2", "v2"],
        ["ch3", "v3"],
      ]) {
        expectEqual(
          writesMatching(writes, { channel }),
          [["t1", channel, value]],
          `channel ${channel} must have exactly one pending write, with its value`,
        );
      }
    },
  },
  {
    name: "test_put_writes_multiple_tasks",
    ids: ["PW-03"],
    methods: ["IM-putWrites-key-without-task"],
    description: "two tasks writing the same channel at index 0 keep one write each",
    async run(ctx) {
      const writes = await writesAfter(ctx, [
        ["t1", [["ch", "from_t1"]]],
        ["t2", [["ch", "from_t2"]]],
      ]);
      expectLength(writes, 2, "writes of two tasks (both at index 0) must not collide: 2 pending writes");
      expectEqual(writesMatching(writes, { taskId: "t1" }), [["t1", "ch", "from_t1"]], "task t1 must keep its own write");
      expectEqual(writesMatching(writes, { taskId: "t2" }), [["t2", "ch", "from_t2"]], "task t2 must keep its own write");
    },
  },
  {
    name: "test_put_writes_preserves_task_id",
    ids: ["PW-04"],
    description: "the task id passed to putWrites comes back unchanged in the pending write",
    async run(ctx) {
      const taskId = `task-${crypto.randomUUID()}`;
      const writes = await writesAfter(ctx, [[taskId, [["ch", "v"]]]]);
      expectTrue(
        writes.some(([id]) => id === taskId),
        "some pending write must carry exactly the task id given to putWrites",
        [`task id given: ${JSON.stringify(taskId)}`, `task ids read back: ${JSON.stringify(writes.map(([id]) => id))}`],
      );
    },
  },
  {
    name: "test_put_writes_preserves_channel_and_value",
    ids: ["PW-05"],
    description: "a structured write value reads back deep-equal, on its channel",
    async run(ctx) {
      const writes = await writesAfter(ctx, [["t1", [["my_channel", { data: 123 }]]]]);
      expectEqual(
        writesMatching(writes, { channel: "my_channel" }),
        [["t1", "my_channel", { data: 123 }]],
        "the write on my_channel must read back once, with its object value",
      );
    },
  },
  {
    name: "test_put_writes_task_path",
    ids: ["PW-06", "JS-01"],
    description: "putWrites accepts a taskPath (4th argument) and stores the write once, under its task id",
    async run(ctx) {
      const writes = await writesAfter(ctx, [["t1", [["ch", "v"]], "a:b:c"]]);
      expectEqual(
        writes,
        [["t1", "ch", "v"]],
        "putWrites(config, writes, taskId, taskPath) must store exactly the write, as [taskId, channel, value]",
      );
    },
  },
  {
    name: "test_put_writes_idempotent",
    ids: ["PW-07", "JS-03"],
    methods: ["IM-putWrites-conflict-clause"],
    description: "the same putWrites call repeated leaves one pending write",
    async run(ctx) {
      const writes = await writesAfter(ctx, [
        ["t1", [["ch", "v"]]],
        ["t1", [["ch", "v"]]],
      ]);
      expectEqual(
        writes,
        [["t1", "ch", "v"]],
        "a write is keyed by (taskId, index): repeating the call must not add a second pending write",
      );
    },
  },
  {
    name: "test_put_writes_special_channels",
    ids: ["PW-08", "JS-03"],
    methods: ["IM-putWrites-special-index"],
    description: "ERROR and INTERRUPT writes in one call give one pending write each, with their values",
    async run(ctx) {
      const writes = await writesAfter(ctx, [
        [
          "t1",
          [
            [ERROR, "something went wrong"],
            [INTERRUPT, { reason: "human_input" }],
          ],
        ],
      ]);
      expectEqual(
        writesMatching(writes, { channel: ERROR }),
        [["t1", ERROR, "something went wrong"]],
        `exactly one ${ERROR} write must be stored, with its value`,
      );
      expectEqual(
        writesMatching(writes, { channel: INTERRUPT }),
        [["t1", INTERRUPT, { reason: "human_input" }]],
        `exactly one ${INTERRUPT} write must be stored, with its value`,
      );
    },
  },
  {
    name: "test_put_writes_across_namespaces",
    ids: ["PW-09", "JS-07"],
    description: "writes to a root and a child checkpoint of one thread stay with their own namespace",
    async run(ctx) {
      const threadId = ctx.threadId();
      const root = await putTestCheckpoint(ctx.saver, { threadId, checkpointNs: "" });
      const child = await putTestCheckpoint(ctx.saver, { threadId, checkpointNs: "child:1" });
      await ctx.saver.putWrites(root, [["ch", "root_val"]], "t1");
      await ctx.saver.putWrites(child, [["ch", "child_val"]], "t1");
      const rootWrites = await pendingWritesOf(ctx.saver, root, '(ns "")');
      const childWrites = await pendingWritesOf(ctx.saver, child, '(ns "child:1")');
      expectEqual(
        writesMatching(rootWrites, { channel: "ch" }),
        [["t1", "ch", "root_val"]],
        "the root checkpoint must hold only the write made to it, not the child namespace's",
      );
      expectEqual(
        writesMatching(childWrites, { channel: "ch" }),
        [["t1", "ch", "child_val"]],
        'the "child:1" checkpoint must hold only the write made to it, not the root\'s',
      );
    },
  },
  {
    name: "test_put_writes_cleared_on_next_checkpoint",
    ids: ["PW-10"],
    description: "a child checkpoint does not inherit its parent's pending writes",
    async run(ctx) {
      const threadId = ctx.threadId();
      const parent = await putTestCheckpoint(ctx.saver, { threadId });
      await ctx.saver.putWrites(parent, [["ch", "v"]], "t1");
      const child = await putTestCheckpoint(ctx.saver, { threadId, parentConfig: parent, metadata: generateMetadata("loop", 1) });
      const writes = await pendingWritesOf(ctx.saver, child, "(the child)");
      expectEqual(writes, [], "pending writes belong to one checkpoint: the child of a checkpoint with writes must have none");
    },
  },
  {
    name: "test_put_writes_order_task_path_before_task_id",
    ids: ["JS-01", "JS-02"],
    methods: ["IM-getTuple-writes-order"],
    description: "pending writes sort by task path before task id (task-b at path ~a precedes task-a at path ~b)",
    async run(ctx) {
      const writes = await writesAfter(ctx, [
        ["task-a", [["ch", "from-a"]], "~b"],
        ["task-b", [["ch", "from-b"]], "~a"],
      ]);
      expectEqual(
        writes,
        [
          ["task-b", "ch", "from-b"],
          ["task-a", "ch", "from-a"],
        ],
        `${ORDER_RULE}; the taskPath must be stored to sort by it`,
      );
    },
  },
  {
    name: "test_put_writes_order_empty_task_path_first",
    ids: ["JS-01", "JS-02"],
    methods: ["IM-getTuple-writes-order"],
    description: 'writes stored without a task path (path "") precede writes with one',
    async run(ctx) {
      const writes = await writesAfter(ctx, [
        ["task-a", [["ch", "with-path"]], "~x"],
        ["task-z", [["ch", "no-path"]]],
      ]);
      expectEqual(
        writes,
        [
          ["task-z", "ch", "no-path"],
          ["task-a", "ch", "with-path"],
        ],
        `${ORDER_RULE}; a write without taskPath sorts as path "" (first)`,
      );
    },
  },
  {
    name: "test_put_writes_order_code_point",
    ids: ["JS-02"],
    methods: ["IM-getTuple-writes-order"],
    description: 'task ids compare by code point, not by locale ("task-B" precedes "task-a")',
    async run(ctx) {
      const writes = await writesAfter(ctx, [
        ["task-a", [["ch", "lower"]]],
        ["task-B", [["ch", "upper"]]],
      ]);
      expectEqual(
        writes,
        [
          ["task-B", "ch", "upper"],
          ["task-a", "ch", "lower"],
        ],
        `${ORDER_RULE}; "B" (U+0042) sorts before "a" (U+0061), unlike localeCompare`,
      );
    },
  },
  {
    name: "test_put_writes_order_special_before_regular",
    ids: ["JS-02", "JS-03"],
    methods: ["IM-getTuple-writes-order", "IM-putWrites-special-index"],
    description: "within a task an ERROR write (index -1) precedes regular writes, which keep their call order",
    async run(ctx) {
      const writes = await writesAfter(ctx, [
        [
          "t1",
          [
            ["zeta", 1],
            ["alpha", 2],
          ],
        ],
        ["t1", [[ERROR, "boom"]]],
      ]);
      expectEqual(
        writes,
        [
          ["t1", ERROR, "boom"],
          ["t1", "zeta", 1],
          ["t1", "alpha", 2],
        ],
        `${ORDER_RULE}; ${ERROR} is stored at index WRITES_IDX_MAP[${ERROR}] = -1, regular writes at their position in the call`,
      );
    },
  },
  {
    name: "test_put_writes_order_astral_code_point",
    ids: ["JS-02"],
    methods: ["IM-getTuple-writes-order"],
    description: "an astral character (U+1F600) sorts after U+FFFF, as code points do (not UTF-16 code units)",
    async run(ctx) {
      const writes = await writesAfter(ctx, [
        ["task-\u{1F600}", [["ch", "astral"]]],
        ["task-\uFFFF", [["ch", "bmp"]]],
      ]);
      expectEqual(
        writes,
        [
          ["task-\uFFFF", "ch", "bmp"],
          ["task-\u{1F600}", "ch", "astral"],
        ],
        `${ORDER_RULE}; comparing UTF-16 code units (plain <) puts the astral one first`,
      );
    },
  },
  {
    name: "test_put_writes_regular_first_writer_wins",
    ids: ["JS-03"],
    methods: ["IM-putWrites-conflict-clause"],
    description: "a regular write repeated at the same (taskId, index) with a new value keeps the first value",
    async run(ctx) {
      const writes = await writesAfter(ctx, [
        ["t1", [["ch", "first"]]],
        ["t1", [["ch", "second"]]],
      ]);
      expectEqual(
        writes,
        [["t1", "ch", "first"]],
        "a regular write is first-writer-wins on (taskId, index): the repeat must neither duplicate it nor replace its value",
      );
    },
  },
  {
    name: "test_put_writes_special_last_writer_wins",
    ids: ["JS-03"],
    methods: ["IM-putWrites-conflict-clause"],
    description: "a call of only special writes replaces the earlier special write of the task",
    async run(ctx) {
      const writes = await writesAfter(ctx, [
        ["t1", [[ERROR, "first"]]],
        ["t1", [[ERROR, "second"]]],
      ]);
      expectEqual(
        writes,
        [["t1", ERROR, "second"]],
        `a call whose writes are all special channels overwrites (last-writer-wins): one ${ERROR} write, with the new value`,
      );
    },
  },
  {
    name: "test_put_writes_special_in_mixed_call_not_duplicated",
    ids: ["JS-03"],
    description: "a special write repeated in a mixed call stays one write (old or new value: implementation-defined)",
    async run(ctx) {
      const writes = await writesAfter(ctx, [
        ["t1", [[ERROR, "first"]]],
        [
          "t1",
          [
            ["ch", "v"],
            [ERROR, "second"],
          ],
        ],
      ]);
      const errors = writesMatching(writes, { channel: ERROR });
      expectLength(errors, 1, `${ERROR} is stored at (taskId, -1): a repeat inside a mixed call must not add a second ${ERROR} write`);
      expectTrue(errors[0][2] === "first" || errors[0][2] === "second", `the ${ERROR} write must hold the first or the second value`, [
        `read back: ${JSON.stringify(errors[0][2])}`,
      ]);
      expectEqual(writesMatching(writes, { channel: "ch" }), [["t1", "ch", "v"]], "the regular write of the mixed call must be stored");
    },
  },
  {
    name: "test_put_writes_order_of_one_call_across_value_sizes",
    ids: ["PW-11"],
    methods: ["IM-putWrites-async-order"],
    description:
      "the writes of one call keep their positions as idx when their values differ widely in size (per-write async work finishing out of order)",
    async run(ctx) {
      const calls: [string, unknown][] = [
        ["big", "b".repeat(64 * 1024)],
        ["small", "s"],
        ["mid", "m".repeat(8 * 1024)],
        ["tiny", 0],
      ];
      const writes = await writesAfter(ctx, [["task-1", calls]]);
      expectEqual(
        writes.map(([, channel]) => channel),
        calls.map(([channel]) => channel),
        "pendingWrites of one putWrites call must come back in the call's order (idx is the position in the call), whatever the size of each value: " +
          "idx taken from the order per-write work (serialising, compressing, encrypting, uploading) finishes puts a large value after the small ones",
      );
    },
  },
  {
    name: "test_put_writes_keys_keep_tasks_apart",
    ids: ["PW-12"],
    methods: ["IM-putWrites-task-idx-joined", "IM-putWrites-special-key-without-task"],
    description: 'task ids of different lengths ("t" at idx 10, "t1" at idx 0) and special writes of two tasks never share a key',
    async run(ctx) {
      const many: [string, unknown][] = Array.from({ length: 11 }, (_, i) => [`ch${i}`, `t:${i}`]);
      const writes = await writesAfter(ctx, [
        ["t", many],
        ["t1", [["ch0", "t1:0"]]],
        ["t", [[INTERRUPT, "asked by t"]]],
        ["t1", [[INTERRUPT, "asked by t1"]]],
      ]);
      const regular = (taskId: string) => writesMatching(writes, { taskId }).filter(([, channel]) => channel !== INTERRUPT);
      expectLength(regular("t"), 11, 'task "t" must keep its 11 writes (idx 0..10)');
      expectEqual(
        regular("t1"),
        [["t1", "ch0", "t1:0"]],
        'task "t1"\'s write at idx 0 must be kept next to task "t"\'s write at idx 10: a key of task id and idx joined without a separator ("t"+"10" = "t1"+"0") collides',
      );
      for (const taskId of ["t", "t1"]) {
        expectEqual(
          writesMatching(writes, { taskId, channel: INTERRUPT }),
          [[taskId, INTERRUPT, `asked by ${taskId}`]],
          `task ${taskId} must keep its own ${INTERRUPT} write: special writes are keyed by task too, not by (checkpoint, idx) alone`,
        );
      }
    },
  },
  {
    name: "test_put_writes_rejects_missing_thread_id",
    ids: ["JS-05"],
    description: "putWrites rejects a config without thread_id (root and child namespace)",
    async run(ctx) {
      for (const ns of ROOT_AND_CHILD) {
        const stored = await putCheckpoint(ctx, ns);
        const config = { configurable: { checkpoint_ns: ns, checkpoint_id: stored.configurable?.checkpoint_id } };
        await expectRejects(
          () => ctx.saver.putWrites(config, [["animals", "dog"]], "pet_task"),
          `putWrites({checkpoint_ns, checkpoint_id}) (no thread_id) must reject (${nsLabel(ns)})`,
        );
      }
    },
  },
  {
    name: "test_put_writes_rejects_missing_checkpoint_id",
    ids: ["JS-05"],
    description: "putWrites rejects a config without checkpoint_id (root and child namespace)",
    async run(ctx) {
      for (const ns of ROOT_AND_CHILD) {
        const threadId = ctx.threadId();
        await putTestCheckpoint(ctx.saver, { threadId, checkpointNs: ns });
        await expectRejects(
          () => ctx.saver.putWrites(generateConfig(threadId, ns), [["animals", "dog"]], "pet_task"),
          `putWrites({thread_id, checkpoint_ns}) (no checkpoint_id) must reject, not attach the write to the latest checkpoint (${nsLabel(ns)})`,
        );
      }
    },
  },
  {
    name: "test_put_writes_defaults_missing_namespace",
    ids: ["JS-07"],
    advisory: true,
    advisoryReason:
      "measured: MemorySaver and PostgresSaver throw, SqliteSaver stores the write where it is never read back; catalog JS-07 makes it ADV",
    description: "putWrites without checkpoint_ns stores the write on the root-namespace checkpoint (as Python does)",
    async run(ctx) {
      const stored = await putCheckpoint(ctx, "");
      const { thread_id, checkpoint_id } = stored.configurable ?? {};
      await expectResolves(
        () => ctx.saver.putWrites({ configurable: { thread_id, checkpoint_id } }, [["ch", "v"]], "t1"),
        'putWrites without checkpoint_ns should treat it as "" (as Python does); callers should always pass it',
      );
      const writes = await pendingWritesOf(ctx.saver, stored, '(ns "")');
      expectEqual(writes, [["t1", "ch", "v"]], 'a write stored without checkpoint_ns should be attached to the checkpoint of namespace ""');
    },
  },
];

export const putWritesSpec: CapabilitySpec = { capability: "put_writes", tests };
