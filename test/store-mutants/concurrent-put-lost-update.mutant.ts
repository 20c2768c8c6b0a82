import { ReferenceStore } from "../fixtures/reference-store.js";
import { storeMutant } from "./types.js";

export default storeMutant({
  name: "concurrent-put-lost-update",
  bug: "put() reads the whole table, awaits I/O, then writes the table back with its item: concurrent puts undo each other",
  catches: ["test_store_concurrent_puts_distinct_keys_all_kept"],
  store: class extends ReferenceStore {
    override async put(namespace: string[], key: string, value: Record<string, unknown>, index?: false | string[]): Promise<void> {
      this.validatePut(namespace);
      const snapshot = new Map(this.items);
      await new Promise((resolve) => setImmediate(resolve));
      this.items.clear();
      for (const [id, item] of snapshot) this.items.set(id, item);
      await this.batch([{ namespace, key, value, index }]);
    }
  },
});
