import type { Operation, OperationResults } from "@langchain/langgraph-checkpoint";
import { ReferenceStore } from "../fixtures/reference-store.js";
import { storeMutant } from "./types.js";

export default storeMutant({
  name: "batch-reads-before-writes-results-reordered",
  bug: "batch runs the reads first and then the puts, and returns the results in the order it ran them",
  catches: ["test_store_batch_results_in_op_order"],
  store: class extends ReferenceStore {
    override async batch<Op extends Operation[]>(operations: Op): Promise<OperationResults<Op>> {
      const isPut = (op: Operation) => "value" in op && !("namespacePrefix" in op);
      const reordered = [...operations.filter((op) => !isPut(op)), ...operations.filter(isPut)];
      return super.batch(reordered) as Promise<OperationResults<Op>>;
    }
  },
});
