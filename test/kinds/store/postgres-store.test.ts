import type { BaseStore } from "@langchain/langgraph-checkpoint";
import { PostgresStore } from "@langchain/langgraph-checkpoint-postgres/store";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { SchemaAllocator } from "../../../src/backends/postgres/schemas.js";
import { POSTGRES_STORE_DEVIATIONS } from "../../../src/kinds/store/deviations.js";
import { runStoreModel, type StoreKindOptions } from "../../../src/kinds/store/index.js";
import { postgresForFile } from "../../fixtures/postgres-for-file.js";
import { deviatingTests, requiredFailures, runStoreSpec, type StoreFactory, type StoreTestResult } from "./run-store-spec.js";

/** PostgresStore's own TTL: put's fifth argument, in minutes. No index: the embedded server has no pgvector. */
const options: StoreKindOptions = {
  ttl: {
    unit: "minutes",
    put: (store: BaseStore, ns, key, value, ttl) => (store as PostgresStore).put(ns, key, value, undefined, { ttl }),
  },
};

describe("PostgresStore (1.0.5) on embedded PostgreSQL against the store spec", () => {
  const server = postgresForFile();
  let admin: pg.Pool;
  let schemas: SchemaAllocator;
  let factory: StoreFactory;
  let results: StoreTestResult[];
  let profile: Record<string, string>;

  beforeAll(async () => {
    const url = server.server!.url;
    admin = new pg.Pool({ connectionString: url, max: 1 });
    schemas = new SchemaAllocator(admin, "plain");
    // A fresh schema per store: PostgresStore creates its tables in it on first use.
    factory = async () => {
      const schema = await schemas.create();
      const store = new PostgresStore({ connectionOptions: url, schema });
      return {
        store,
        release: async () => {
          await store.stop();
          await schemas.drop(schema);
        },
      };
    };
    ({ results, profile } = await runStoreSpec(factory, options));
  }, 300_000);

  afterAll(async () => {
    await schemas?.dropAll();
    await admin?.end();
  });

  it("fails exactly the declared deviations among the required tests", () => {
    const failures = requiredFailures(results);
    expect(
      failures,
      results
        .filter((r) => r.status === "failed")
        .map((r) => `${r.key}: ${r.message}`)
        .join("\n\n"),
    ).toEqual(deviatingTests(results, POSTGRES_STORE_DEVIATIONS));
  });

  it("runs the ttl capability, and skips vector_search (no index declared)", () => {
    expect(results.filter((r) => r.capability === "ttl").map((r) => r.status)).not.toContain("skipped");
    expect(new Set(results.filter((r) => r.status === "skipped").map((r) => r.capability))).toEqual(new Set(["vector_search"]));
  });

  it("passes the advisory tests InMemoryStore fails (no aliasing, no ghost namespaces)", () => {
    expect(results.filter((r) => r.advisory).map((r) => [r.name, r.status])).toEqual([
      ["test_store_returned_item_not_aliased", "passed"],
      ["test_store_delete_leaves_no_namespace", "passed"],
    ]);
  });

  it("passes the store model with its declared deviations, each one the model met counted with an example", async () => {
    const result = await runStoreModel(factory, { knownDeviations: POSTGRES_STORE_DEVIATIONS });
    expect(result.status, result.failure?.reproduction ?? result.error).toBe("passed");
    const occurred = result.declared.filter((d) => d.occurrences > 0).map((d) => d.behaviour);
    expect(occurred).toEqual(
      expect.arrayContaining([
        "rejects-like-wildcard-labels",
        "rejects-nul-in-values",
        "search-prefix-matches-joined-path",
        "search-empty-prefix-rejects",
      ]),
    );
    expect(result.declared.find((d) => d.behaviour === "rejects-nul-in-values")?.example).toMatch(/unsupported Unicode escape sequence/);
  }, 120_000);

  it("fails the store model on the cross-tenant prefix leak when it is not declared", async () => {
    const withoutLeak = POSTGRES_STORE_DEVIATIONS.filter((d) => !d.tests?.includes("test_store_search_prefix_matches_whole_labels"));
    const result = await runStoreModel(factory, { knownDeviations: withoutLeak });
    expect(result.status).toBe("failed");
    expect(["ST-20", "ST-47"]).toContain(result.failure?.id);
  }, 120_000);

  it("has the behaviour profile the catalog measured (the report's behaviours section)", () => {
    expect(profile["ST-15"]).toMatch(/^rejects/);
    expect(profile["ST-16"]).toBe('rejects "a_b", "a%b", "a\\\\b", "a\\u0000b" (Error)');
    expect(profile).toMatchObject({
      "ST-05": "keeps the first createdAt",
      "ST-26": "matches other",
      "ST-27": "$in [1]: matches a; $nin [1]: matches b; $exists true: matches a, b; $bogus: matches a, b, c",
      "ST-28": "object value: matches nested; dotted key: matches nothing",
      "ST-30": "search(): updatedAt descending; batch(): createdAt descending",
      "ST-32": "filters by the query text (returns nothing)",
      "ST-44": "reads its own writes (ops run in order)",
      "ST-45": "earlier puts stay applied (no transaction)",
      "ST-51": "a get does not refresh the TTL",
    });
  });
});
