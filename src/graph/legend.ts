/**
 * What the labels of a graph failure mean, printed under every failure (in
 * every reporter, as part of its message): the transcripts replace run-specific
 * ids by labels so two runs compare (src/graph/normalise.ts).
 */
export const GRAPH_LEGEND =
  'legend: step N = the Nth thing the scenario recorded (an invoke, getState, getStateHistory, updateState; the last one is "node calls", how often each node ran); ' +
  "C0, C1 … = checkpoint ids, T0 … = task ids, U0 … = other ids (thread ids, ids inside namespaces), each numbered by first appearance in its run; " +
  '"ns#C2" = checkpoint C2 in namespace ns (a subgraph\'s namespace is "node:taskid", so "child:U1#C2"; "t#C0" is C0 in namespace "t"), "-" = a config without checkpoint_id; ' +
  "a field like values.items[2] or tasks[0].interrupts is a path into that step's value.";
