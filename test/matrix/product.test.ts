import { describe, expect, it } from "vitest";
import { memoryBackend, sqliteMemoryBackend } from "../../src/backends/index.js";
import { memoryCacheBackend } from "../../src/backends/cache/index.js";
import { memoryStoreBackend, type StoreBackend } from "../../src/backends/store/index.js";
import { productPassed, renderProductMatrix, runProductMatrix } from "../../src/matrix/index.js";
import searchPrefixByText from "../mutants/product/search-prefix-by-text.product-mutant.js";

/** A store backend whose store has PostgresStore's text prefix bug, declared or not. */
const leakyStore = (declared: boolean): StoreBackend => ({
  ...memoryStoreBackend,
  id: "leaky",
  title: "leaky",
  knownDeviations: declared ? [{ tests: ["G25"], reason: "matches prefixes as text" }] : [],
  create: async () => ({ subject: searchPrefixByText.createStore!(), release: async () => undefined }),
});
const unavailable: StoreBackend = {
  ...memoryStoreBackend,
  id: "down",
  available: async () => ({ ok: false, reason: "DOWN_URL is not set" }),
};

describe("the product matrix (checkpointer × store × cache)", () => {
  it("runs every product scenario on each combination, shows the disagreements, and lists what could not run", async () => {
    const result = await runProductMatrix({
      savers: [memoryBackend, sqliteMemoryBackend],
      stores: [memoryStoreBackend, leakyStore(false), unavailable],
      caches: [memoryCacheBackend],
    });
    expect(result.savers).toEqual(["memory", "sqlite-memory"]);
    expect(result.stores).toEqual(["memory", "leaky"]);
    expect(result.caches).toEqual(["none", "memory"]);
    // 2 savers × (2 stores × 3 store scenarios + 2 cache columns × 3 cache scenarios)
    expect(result.cases).toHaveLength(24);
    expect(result.cases.filter((c) => c.status !== "agree").map((c) => `${c.saver}/${c.store}/${c.scenario}/${c.status}`)).toEqual([
      "memory/leaky/G25/differ",
      "sqlite-memory/leaky/G25/differ",
    ]);
    expect(productPassed(result)).toBe(false);
    const text = renderProductMatrix(result);
    expect(text).toMatch(/checkpointer\s+store\s+cache: none\s+cache: memory/);
    expect(text).toMatch(/memory\s+memory\s+✓ 6\s+✓ 6/);
    expect(text).toMatch(/sqlite-memory\s+leaky\s+✗ 5\/6 ≠ G25\s+✗ 5\/6 ≠ G25/);
    expect(text).toMatch(
      /G25 on memory, sqlite-memory × store leaky \(differ\):\n\s+differs from memory × memory × memory at step 1 "run"/,
    );
    expect(text).toContain("store down: DOWN_URL is not set");
  }, 240_000);

  it("a declared deviation is shown as one and does not fail the run", async () => {
    const result = await runProductMatrix({ savers: [memoryBackend], stores: [leakyStore(true)], caches: [] });
    expect(result.cases.find((c) => c.scenario === "G25")).toMatchObject({
      status: "deviation",
      detail: expect.stringContaining("known deviation: matches prefixes as text"),
    });
    expect(productPassed(result)).toBe(true);
    expect(renderProductMatrix(result)).toMatch(/memory\s+leaky\s+✓ 5\/6 ≠ G25 \(dev\)/);
  }, 120_000);
});
