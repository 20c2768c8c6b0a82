import type { KnownDeviation } from "../../registration.js";
import { taskPathOrderDeviation } from "../task-path-deviation.js";
import { SQLITE_GRAPH_DEVIATIONS } from "../../graph/known-deviations.js";

/** SqliteSaver 1.0.4's known deviations (measured; see docs/backends.md). */
export const SQLITE_DEVIATIONS: readonly KnownDeviation[] = [
  taskPathOrderDeviation("SqliteSaver 1.0.4", "its writes table has no task_path column and its queries sort by nothing"),
  {
    tests: ["test_delete_thread_first_call_on_fresh_saver"],
    reason:
      'SqliteSaver 1.0.4 creates its tables lazily in setup(), which deleteThread() never calls: deleteThread as the first call on a new saver throws "no such table: checkpoints"',
  },
  ...SQLITE_GRAPH_DEVIATIONS,
];

/**
 * With a serializer whose output is not JSON text (here: encryption),
 * SqliteSaver's metadata filter breaks too: list() filters with
 * `jsonb(CAST(metadata AS TEXT))->?` in SQL on the serde output.
 */
export const SQLITE_ENCRYPTED_DEVIATIONS: readonly KnownDeviation[] = [
  ...SQLITE_DEVIATIONS,
  {
    tests: [
      "test_list_metadata_filter_single_key",
      "test_list_metadata_filter_step",
      "test_list_metadata_filter_multiple_keys",
      "test_list_metadata_filter_no_match",
      "test_list_metadata_custom_keys",
      "test_list_combined_thread_and_filter",
      "test_list_combinations",
      "test_list_without_thread_id_lists_every_thread",
      "test_list_filter_matches_the_latest",
    ],
    reason:
      'SqliteSaver 1.0.4 stores metadata through this.serde but filters it in SQL as JSON (jsonb(CAST(metadata AS TEXT))), so with any serializer whose output is not JSON text, such as an encrypting one, list() with a filter throws "malformed JSON"',
  },
];
