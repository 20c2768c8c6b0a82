import type { KnownDeviation } from "../../registration.js";
import { taskPathOrderDeviation } from "../task-path-deviation.js";
import { SQLITE_GRAPH_DEVIATIONS } from "../known-deviations.js";

/** SqliteSaver 1.0.4's known deviations (measured; see docs/backends.md). */
export const SQLITE_DEVIATIONS: readonly KnownDeviation[] = [
  taskPathOrderDeviation("SqliteSaver 1.0.4", "its writes table has no task_path column and its queries sort by nothing"),
  {
    tests: ["test_delete_thread_first_call_on_fresh_saver"],
    reason:
      'SqliteSaver 1.0.4 creates its tables lazily in setup(), which deleteThread() never calls: deleteThread as the first call on a new saver throws "no such table: checkpoints"',
  },
  {
    tests: ["test_flt_filter_keys_are_top_level_keys"],
    reason:
      'SqliteSaver 1.0.4 filters with `jsonb(CAST(metadata AS TEXT))->?` bound to the JSON path `$.${key}`, so a filter key with path syntax reads a nested value: filter {"a.b": 1} compares metadata.a.b, {"arr[0]": 5} compares metadata.arr[0], and an empty key throws "bad JSON path"',
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
      "test_flt_falsy_filter_values_filter",
      "test_flt_null_filter_value_is_not_absence",
      "test_flt_filter_values_are_type_strict",
      "test_flt_missing_key_never_matches",
      "test_list_metadata_filter_type_strict",
      "test_list_filter_nested_value_no_match",
      "test_list_filter_matches_the_latest",
      "test_flt_query_syntax_in_values",
      "test_put_same_id_again_replaces_checkpoint_and_metadata",
    ],
    reason:
      'SqliteSaver 1.0.4 stores metadata through this.serde but filters it in SQL as JSON (jsonb(CAST(metadata AS TEXT))), so with any serializer whose output is not JSON text, such as an encrypting one, list() with a filter throws "malformed JSON"',
  },
];
