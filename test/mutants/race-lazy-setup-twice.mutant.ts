import {
  MemorySaver,
  type Checkpoint,
  type CheckpointListOptions,
  type CheckpointMetadata,
  type CheckpointTuple,
  type PendingWrite,
} from "@langchain/langgraph-checkpoint";
import type { RunnableConfig } from "@langchain/core/runnables";
import type { Mutant } from "./types.js";

const tick = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

/**
 * Creates its tables on first use behind a flag it sets only after the
 * creation awaited: two first calls at once both run CREATE TABLE, and the
 * second one fails.
 */
class LazySetupRace extends MemorySaver {
  private isSetup = false;
  private tablesExist = false;

  private async setup(): Promise<void> {
    if (this.isSetup) return;
    await tick();
    if (this.tablesExist) throw new Error('relation "checkpoints" already exists');
    this.tablesExist = true;
    this.isSetup = true;
  }

  override async put(config: RunnableConfig, checkpoint: Checkpoint, metadata: CheckpointMetadata) {
    await this.setup();
    return super.put(config, checkpoint, metadata);
  }

  override async putWrites(config: RunnableConfig, writes: PendingWrite[], taskId: string, taskPath?: string) {
    await this.setup();
    return super.putWrites(config, writes, taskId, taskPath);
  }

  override async getTuple(config: RunnableConfig): Promise<CheckpointTuple | undefined> {
    await this.setup();
    return super.getTuple(config);
  }

  override async *list(config: RunnableConfig, options?: CheckpointListOptions): AsyncGenerator<CheckpointTuple> {
    await this.setup();
    yield* super.list(config, options);
  }

  override async deleteThread(threadId: string) {
    await this.setup();
    return super.deleteThread(threadId);
  }
}

export default {
  name: "race-lazy-setup-twice",
  bug: 'creates its storage lazily behind an "isSetup" flag set only after the creation awaited: the first calls issued at once both create it and one fails with "already exists"',
  catches: ["test_race_first_calls_at_once_on_fresh_saver"],
  create: () => new LazySetupRace(),
} satisfies Mutant;
