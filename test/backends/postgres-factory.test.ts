/**
 * The PostgreSQL backends' factory under load: a saver is made through the
 * lifecycle's own connections, so it never waits in the queue of the calls
 * other savers have in flight (they may hold every connection of the run).
 */
import type { Pool, PoolClient } from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { acquirePostgres, postgresBackend, postgresPoolBackend, type PostgresServer } from "../../src/backends/index.js";
import { OWN_POOL_MAX } from "../../src/backends/postgres/leased-pool.js";
import { RUN_CONNECTIONS } from "../../src/backends/postgres/registration.js";
import { ALONE, enterLifespan, openSubject, type SubjectLease } from "../../src/runtime/lease.js";

/** Long enough for any loaded machine to create a schema; a factory that waits for a connection never gets one. */
const FACTORY_TIMEOUT_MS = 60_000;

let server: PostgresServer;
beforeAll(async () => {
  server = await acquirePostgres();
}, 120_000);
afterAll(async () => {
  await server?.stop();
});

const poolOf = (saver: unknown) => (saver as { pool: Pool }).pool;

describe.each([
  { backend: postgresBackend, savers: RUN_CONNECTIONS / OWN_POOL_MAX, perSaver: OWN_POOL_MAX },
  { backend: postgresPoolBackend, savers: 1, perSaver: 10 },
])("$backend.id: a saver is made while other savers' calls hold every connection of the run", ({ backend, savers, perSaver }) => {
  it(
    "the factory does not wait for them",
    async () => {
      const registered = backend.registration({ postgres: server });
      const lifespan = await enterLifespan(registered, FACTORY_TIMEOUT_MS);
      const leases: SubjectLease<unknown>[] = [];
      const held: PoolClient[] = [];
      try {
        for (let i = 0; i < savers; i++) leases.push(await openSubject(registered, { timeoutMs: FACTORY_TIMEOUT_MS, load: ALONE }));
        // As calls in flight do: each busy saver's pool checked out to its limit, every connection the savers share taken.
        for (const lease of leases) for (let i = 0; i < perSaver; i++) held.push(await poolOf(lease.subject).connect());
        const made = await openSubject(registered, { timeoutMs: FACTORY_TIMEOUT_MS, load: ALONE });
        leases.push(made);
        expect(made.subject).toBeDefined();
      } finally {
        for (const client of held) client.release();
        for (const lease of leases) await lease.release();
        await lifespan.end();
      }
    },
    3 * FACTORY_TIMEOUT_MS,
  );
});
