import { MemorySaver, type PendingWrite } from "@langchain/langgraph-checkpoint";
import type { RunnableConfig } from "@langchain/core/runnables";
import type { GraphMutant } from "./types.js";

const SPECIAL = new Set(["__error__", "__interrupt__", "__resume__"]);

/** Every write is insert-if-absent, special channels too: a task's second interrupt or resume is dropped. */
class SpecialWritesFirstWins extends MemorySaver {
  override async putWrites(config: RunnableConfig, writes: PendingWrite[], taskId: string, taskPath?: string) {
    const existing = (await super.getTuple(config))?.pendingWrites ?? [];
    const kept = writes.filter(([channel]) => !(SPECIAL.has(channel) && existing.some(([t, c]) => t === taskId && c === channel)));
    return super.putWrites(config, kept, taskId, taskPath);
  }
}

export default {
  name: "special-writes-first-wins",
  bug: "writes to __interrupt__, __resume__ and __error__ are insert-if-absent like normal writes, instead of replacing the task's earlier one",
  catches: ["G03"],
  create: () => new SpecialWritesFirstWins(),
} satisfies GraphMutant;
