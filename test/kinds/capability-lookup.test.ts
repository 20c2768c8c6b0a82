import { describe, expect, it } from "vitest";
import { CAPABILITIES } from "../../src/kinds/checkpointer/capabilities.js";
import { CACHE_CAPABILITIES } from "../../src/kinds/cache/capabilities.js";
import {
  BASE_CAPABILITIES,
  capabilityIdsOf,
  capabilityInfoIn,
  EXTENDED_CAPABILITIES,
  KIND_DESCRIPTORS,
} from "../../src/kinds/descriptors.js";
import { STORE_CAPABILITIES } from "../../src/kinds/store/capabilities.js";

describe("capability lookup over the kind descriptors (one helper for every kind)", () => {
  it("finds each kind's own row, so the same id names different rows in different kinds", () => {
    expect(capabilityInfoIn(KIND_DESCRIPTORS.checkpointer, "put_writes").method).toBe("putWrites");
    expect(capabilityInfoIn(KIND_DESCRIPTORS.store, "list_namespaces").method).toBe("listNamespaces");
    expect(capabilityInfoIn(KIND_DESCRIPTORS.store, "ttl").method).toBe("put");
    expect(capabilityInfoIn(KIND_DESCRIPTORS.cache, "ttl").method).toBe("set");
  });

  it("throws naming the kind for an id that kind does not know", () => {
    expect(() => capabilityInfoIn(KIND_DESCRIPTORS.cache, "put_writes")).toThrow('unknown cache capability "put_writes"');
    expect(() => capabilityInfoIn(KIND_DESCRIPTORS.checkpointer, "get_set")).toThrow('unknown saver capability "get_set"');
  });

  it("splits each kind's ids into base and extended in table order", () => {
    for (const [descriptor, table] of [
      [KIND_DESCRIPTORS.checkpointer, CAPABILITIES],
      [KIND_DESCRIPTORS.store, STORE_CAPABILITIES],
      [KIND_DESCRIPTORS.cache, CACHE_CAPABILITIES],
    ] as const) {
      const base = capabilityIdsOf(descriptor, "base");
      const extended = capabilityIdsOf(descriptor, "extended");
      expect([...base, ...extended].sort()).toEqual(table.map((c) => c.id).sort());
      expect(base.every((id) => capabilityInfoIn(descriptor, id).kind === "base")).toBe(true);
      expect(extended.every((id) => capabilityInfoIn(descriptor, id).kind === "extended")).toBe(true);
    }
    expect(BASE_CAPABILITIES).toEqual(capabilityIdsOf(KIND_DESCRIPTORS.checkpointer, "base"));
    expect(EXTENDED_CAPABILITIES).toContain("copy_thread");
  });
});
