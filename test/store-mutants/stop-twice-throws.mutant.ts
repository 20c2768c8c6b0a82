import { ReferenceStore } from "../fixtures/reference-store.js";
import { storeMutant } from "./types.js";

export default storeMutant({
  name: "stop-twice-throws",
  bug: 'stop() closes its pool unconditionally, so a second stop() throws "Cannot use a pool after calling end on the pool"',
  catches: ["test_store_start_and_stop_twice"],
  store: class extends ReferenceStore {
    private closed = false;

    override async stop(): Promise<void> {
      if (this.closed) throw new Error("Cannot use a pool after calling end on the pool");
      this.closed = true;
    }
  },
});
