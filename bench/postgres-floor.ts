/**
 * The floor under PostgresSaver's storage suites: only the saver calls of the
 * largest required cases (bench/fixtures/large-case-calls.mjs) on one
 * PostgresSaver, with the suite's pg settings (the fast bytea parser), on a
 * fresh schema of the given server; no check, no other test. The schema's
 * creation and the saver's `setup()` are not timed.
 */
import pg from "pg";
import { PostgresSaver } from "@langchain/langgraph-checkpoint-postgres";
import { SchemaAllocator } from "../src/backends/postgres/schemas.js";
import { suitePools } from "../src/backends/postgres/suite-pool.js";
import type { PostgresServer } from "../src/backends/index.js";
import { largeCaseCalls } from "./fixtures/large-case-calls.mjs";

/** One timed run of the calls, in ms. */
export async function timePostgresFloor(server: PostgresServer): Promise<number> {
  // As the suite's: a Ctrl-C stops the server under these pools.
  const newPool = suitePools(pg, server.url);
  const admin = newPool(1);
  const schemas = new SchemaAllocator(admin, "plain");
  try {
    const saver = new PostgresSaver(newPool(10), undefined, { schema: await schemas.create() });
    try {
      await saver.setup();
      const start = performance.now();
      await largeCaseCalls(saver);
      return performance.now() - start;
    } finally {
      await saver.end();
    }
  } finally {
    await schemas.dropAll();
    await admin.end();
  }
}
