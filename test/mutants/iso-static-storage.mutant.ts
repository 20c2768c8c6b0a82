import { MemorySaver } from "@langchain/langgraph-checkpoint";
import type { Mutant } from "./types.js";

const sharedStorage: MemorySaver["storage"] = {};
const sharedWrites: MemorySaver["writes"] = {};

/** Every instance uses the same module-level maps (a "singleton" store). */
class ModuleLevelStore extends MemorySaver {
  constructor() {
    super();
    this.storage = sharedStorage;
    this.writes = sharedWrites;
  }
}

export default {
  name: "iso-static-storage",
  bug: "every saver instance shares one module-level store, so a fresh saver from the factory is not empty",
  catches: ["test_iso_fresh_savers_share_no_state"],
  create: () => new ModuleLevelStore(),
} satisfies Mutant;
