import type { Pool, PoolClient } from "pg";

const ignore = () => undefined;

/**
 * A pool whose connections may end under it without crashing the process. A
 * server that stops (a terminal's Ctrl-C reaches it as soon as this process)
 * ends every connection with an error: pg emits it on the pool for an idle
 * client, and on the client itself for one a saver has checked out between
 * two queries. Unhandled, either is an uncaught exception with a stack dump;
 * handled, the next query on that client or pool reports the problem instead.
 */
export function quietPool<P extends Pool>(pool: P): P {
  pool.on("error", ignore);
  pool.on("connect", (client: PoolClient) => client.on("error", ignore));
  return pool;
}
