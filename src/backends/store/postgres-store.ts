import type { BaseStore } from "@langchain/langgraph-checkpoint";
import type { PostgresStore } from "@langchain/langgraph-checkpoint-postgres/store";
import type { Pool } from "pg";
import type { StoreIndexOptions, StoreTtlOptions } from "../../kinds/store/options.js";
import { requireOptional } from "../../util/optional-import.js";
import { quietPool } from "../postgres/quiet-pool.js";
import { SchemaAllocator } from "../postgres/schemas.js";
import type { SubjectLease } from "../subject-backend.js";

type PgModule = { default: typeof import("pg") };
type StoreModule = typeof import("@langchain/langgraph-checkpoint-postgres/store");

/** PostgresStore's own TTL: put's fifth argument, in minutes. */
export const POSTGRES_STORE_TTL: StoreTtlOptions = {
  unit: "minutes",
  put: (store: BaseStore, namespace, key, value, ttl) => (store as PostgresStore).put(namespace, key, value, undefined, { ttl }),
};

/**
 * A fresh PostgresStore on a server: its own new schema (dropped on release),
 * its tables set up, `maxConnections` connections at most (store pool plus one
 * for CREATE/DROP SCHEMA), and the index when one is given (needs pgvector).
 */
export async function createPostgresStore(
  url: string,
  options: { index?: StoreIndexOptions; maxConnections?: number } = {},
): Promise<SubjectLease<BaseStore>> {
  const [{ default: pg }, { PostgresStore: Store }] = await Promise.all([
    requireOptional<PgModule>("pg"),
    requireOptional<StoreModule>("@langchain/langgraph-checkpoint-postgres/store"),
  ]);
  const admin = quietPool(new pg.Pool({ connectionString: url, max: 1 }));
  const schemas = new SchemaAllocator(admin, "plain");
  let store: PostgresStore | undefined;
  const release = async () => {
    try {
      await store?.stop();
      await schemas.dropAll();
    } finally {
      await admin.end();
    }
  };
  try {
    const schema = await schemas.create();
    const max = options.maxConnections === undefined ? undefined : Math.max(1, options.maxConnections - 1);
    const index = options.index && {
      dims: options.index.dims,
      embed: options.index.embed,
      ...(options.index.fields ? { fields: [...options.index.fields] } : {}),
    };
    store = new Store({ connectionOptions: { connectionString: url, max }, schema, ...(index ? { index } : {}) });
    // A server stopping under the store's own pool must not crash the process either.
    const ownPool = postgresStorePool(store);
    if (ownPool) quietPool(ownPool);
    await store.setup();
    return { subject: store, release };
  } catch (error) {
    await release().catch(() => undefined);
    throw error;
  }
}

/**
 * The pool PostgresStore makes for itself, kept in a private field (`core.pool`, @langchain/langgraph-checkpoint-postgres
 * 1.x): it has no public way to pass one in or reach it. Undefined if a version keeps it elsewhere
 * (test/kinds/store/postgres-store-pool.test.ts fails then, so the guard is not lost silently).
 */
export function postgresStorePool(store: PostgresStore): Pool | undefined {
  return (store as unknown as { core?: { pool?: Pool } }).core?.pool;
}
