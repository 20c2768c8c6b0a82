import pg from "pg";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { leasedPool } from "../../src/backends/postgres/leased-pool.js";
import { postgresForFile } from "../fixtures/postgres-for-file.js";

const backendPid = async (client: pg.PoolClient) => (await client.query<{ pid: number }>("select pg_backend_pid() as pid")).rows[0]!.pid;

/** Whether `promise` is still pending after the event loop had a turn (and the server a moment) to settle it. */
async function pending(promise: Promise<unknown>): Promise<boolean> {
  const marker = Symbol("pending");
  return (await Promise.race([promise, new Promise((resolve) => setTimeout(() => resolve(marker), 50))])) === marker;
}

describe("a saver's own pool on the run's connections (leasedPool)", () => {
  const server = postgresForFile();
  let connections: pg.Pool;

  beforeAll(() => {
    connections = new pg.Pool({ connectionString: server.server!.url, max: 6 });
  });
  // A failed test's clients go back destroyed, so that ending the run's pool does not wait for them.
  const held = new Set<pg.PoolClient>();
  const take = async (pool: pg.Pool) => {
    const client = await pool.connect();
    held.add(client);
    return client;
  };
  const give = (client: pg.PoolClient) => {
    held.delete(client);
    client.release();
  };
  afterEach(() => {
    for (const client of held) client.release(true);
    held.clear();
  });
  afterAll(async () => {
    await connections.end();
  });

  it("reuses the run's connections: a saver after another opens none", async () => {
    const first = leasedPool(pg.Pool, connections);
    const client = await take(first);
    const pid = await backendPid(client);
    give(client);
    await first.end();
    const opened = connections.totalCount;

    const second = leasedPool(pg.Pool, connections);
    const again = await take(second);
    expect(await backendPid(again)).toBe(pid);
    give(again);
    expect((await second.query<{ n: number }>("select 1 as n")).rows).toEqual([{ n: 1 }]);
    expect(connections.totalCount).toBe(opened);
    await second.end();
  });

  it("checks out at most `max` connections at once; the next waits for a release", async () => {
    const pool = leasedPool(pg.Pool, connections, 2);
    const a = await take(pool);
    const b = await take(pool);
    const third = take(pool);
    expect(await pending(third)).toBe(true);
    give(a);
    const c = await third;
    const fourth = take(pool);
    expect(await pending(fourth)).toBe(true);
    give(b);
    give(await fourth);
    give(c);
    await pool.end();
  });

  it("end() waits for the clients still checked out, refuses the waiting and later calls, and refuses a second end()", async () => {
    const pool = leasedPool(pg.Pool, connections, 1);
    const client = await take(pool);
    const waiting = take(pool);
    const ended = pool.end();
    await expect(waiting).rejects.toThrow("Cannot use a pool after calling end on the pool");
    expect(await pending(ended)).toBe(true);
    give(client);
    await ended;
    await expect(pool.query("select 1")).rejects.toThrow("Cannot use a pool after calling end on the pool");
    await expect(pool.end()).rejects.toThrow("Called end on pool more than once");
    // The run's connections are still there for the next saver.
    expect((await connections.query<{ n: number }>("select 1 as n")).rows).toEqual([{ n: 1 }]);
  });
});
