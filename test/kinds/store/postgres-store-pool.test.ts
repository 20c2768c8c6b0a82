import pg from "pg";
import { PostgresStore } from "@langchain/langgraph-checkpoint-postgres/store";
import { describe, expect, it } from "vitest";
import { postgresStorePool } from "../../../src/backends/store/postgres-store.js";

describe("PostgresStore's own pool, which the backend guards against a server stopping under it", () => {
  it("is found where the installed version keeps it (no connection is made)", async () => {
    const store = new PostgresStore({ connectionOptions: { connectionString: "postgresql://nobody@127.0.0.1:1/none", max: 1 } });
    const pool = postgresStorePool(store);
    expect(pool).toBeInstanceOf(pg.Pool);
    await pool!.end();
  });
});
