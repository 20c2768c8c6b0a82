import { InMemoryStore } from "@langchain/langgraph-checkpoint";
import { beforeAll, describe, expect, it } from "vitest";
import { IN_MEMORY_STORE_DEVIATIONS } from "../../../src/kinds/store/deviations.js";
import { fakeEmbeddings } from "../../../src/kinds/store/index.js";
import { deviatingTests, requiredFailures, runStoreSpec, type StoreTestResult } from "./run-store-spec.js";

const DIMS = 64;
const options = { index: { dims: DIMS, embed: fakeEmbeddings(DIMS) } };
const factory = async () => ({
  store: new InMemoryStore({ index: { dims: DIMS, embeddings: fakeEmbeddings(DIMS) } }),
  release: async () => undefined,
});

let results: StoreTestResult[];
let profile: Record<string, string>;

beforeAll(async () => {
  ({ results, profile } = await runStoreSpec(factory, options));
}, 120_000);

describe("InMemoryStore (1.2.2) against the store spec", () => {
  it("every required test passes, except exactly the declared deviations", () => {
    const failures = requiredFailures(results);
    expect(
      failures,
      results
        .filter((r) => r.status === "failed")
        .map((r) => `${r.key}: ${r.message}`)
        .join("\n\n"),
    ).toEqual(deviatingTests(results, IN_MEMORY_STORE_DEVIATIONS));
  });

  it("runs every capability but ttl (InMemoryStore has no TTL, so none is declared)", () => {
    const skipped = results.filter((r) => r.status === "skipped");
    expect(new Set(skipped.map((r) => r.capability))).toEqual(new Set(["ttl"]));
    expect(results.filter((r) => r.capability === "vector_search" && r.status === "passed").length).toBeGreaterThan(0);
  });

  it("fails the advisory tests the catalog says it fails (ST-07 aliasing, ST-19 ghost namespaces)", () => {
    const advisoryFailures = results
      .filter((r) => r.advisory && r.status === "failed")
      .map((r) => r.name)
      .sort();
    expect(advisoryFailures).toEqual(["test_store_delete_leaves_no_namespace", "test_store_returned_item_not_aliased"]);
  });

  it("has the behaviour profile the catalog measured (the report's behaviours section)", () => {
    expect(profile).toMatchObject({
      "ST-05": "keeps the first createdAt",
      "ST-15": "accepts",
      "ST-26": "matches lacks, other",
      "ST-28": "object value: matches nothing; dotted key: matches nothing",
      "ST-30": "insertion order",
      "ST-40": '["a"] ["a-b"] ["a","b"] ["B"]',
      "ST-44": "reads before the batch's puts (sees the old value)",
      "ST-51": "not applicable (no ttl declared)",
      "ST-56": "returned, score undefined",
    });
  });
});

/** InMemoryStore 0.0.12, the first release with a store, destructured listNamespaces' options without a default: its API takes `listNamespaces({})`. */
class OptionsRequiredStore extends InMemoryStore {
  override listNamespaces(options: Parameters<InMemoryStore["listNamespaces"]>[0]) {
    if (options === undefined) throw new TypeError("Cannot destructure property 'prefix' of 'options' as it is undefined.");
    return super.listNamespaces(options);
  }
}

describe("a store whose listNamespaces requires its options object", () => {
  it("passes ST-33 and answers the ST-40 probe: the suite calls listNamespaces({}) as the API is written", async () => {
    const run = await runStoreSpec(async () => ({ store: new OptionsRequiredStore(), release: async () => undefined }), {}, [
      "list_namespaces",
    ]);
    const st33 = run.results.filter((r) => r.ids.includes("ST-33"));
    expect(st33.length).toBeGreaterThanOrEqual(3);
    expect(st33.filter((r) => r.status !== "passed").map((r) => `${r.name}: ${r.message}`)).toEqual([]);
    expect(run.profile["ST-40"]).toBe('["a"] ["a-b"] ["a","b"] ["B"]');
  }, 120_000);
});
