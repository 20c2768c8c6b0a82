import type { CapabilityId } from "../kinds/descriptors.js";
import type { CatalogId } from "../kinds/checkpointer/checks/types.js";

/** A spec test as a report lists it (without its code). */
export interface ListedSpecTest {
  name: string;
  ids: readonly CatalogId[];
  advisory?: boolean;
}

/**
 * The spec tests of one subject kind, by capability: what a report lists for a
 * capability that did not run (JUnit shows each skipped). The report carries
 * its kind's list (validate() makes it from the kind's specs; the supervised
 * CLI's parent, which renders reports without loading the suites, from the
 * list its child sent), so every entry point lists the same tests for every kind.
 */
export type SpecTestList = Partial<Record<CapabilityId, readonly ListedSpecTest[]>>;

/** The list of a kind's specs (`kindOf(registered).specs`): each capability's tests by name, ids and advisory. */
export function listedSpecTests(specs: Partial<Record<string, { tests: readonly ListedSpecTest[] } | undefined>>): SpecTestList {
  const list: Partial<Record<CapabilityId, ListedSpecTest[]>> = {};
  for (const [capability, spec] of Object.entries(specs)) {
    list[capability as CapabilityId] = (spec?.tests ?? []).map((t) => ({ name: t.name, ids: t.ids, advisory: t.advisory ?? false }));
  }
  return list;
}
