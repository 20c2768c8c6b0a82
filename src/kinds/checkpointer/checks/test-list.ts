import type { CapabilityId } from "../../descriptors.js";
import type { CatalogId } from "./types.js";

/** A spec test as a report lists it (without its code). */
export interface ListedSpecTest {
  name: string;
  ids: readonly CatalogId[];
  advisory?: boolean;
}

type Lister = (capability: CapabilityId) => readonly ListedSpecTest[] | undefined;

let lister: Lister | undefined;

/**
 * Where reporters find the spec tests of a capability that did not run (JUnit
 * lists them as skipped). spec/index.ts provides them when the suites load;
 * the supervised CLI's parent, which renders reports without loading the
 * suites (and @langchain with them), provides the list its child sent.
 */
export function provideSpecTestList(list: Lister): void {
  lister = list;
}

export function specTestList(capability: CapabilityId): readonly ListedSpecTest[] {
  return lister?.(capability) ?? [];
}
