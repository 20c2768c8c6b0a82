import type { Pool, PoolClient } from "pg";

/** pg.Pool's default `max`, which `PostgresSaver.fromConnString` gets. */
export const OWN_POOL_MAX = 10;

type PoolClass = typeof Pool;
type ConnectCallback = (error: Error | undefined, client: PoolClient | undefined, done: (release?: unknown) => void) => void;

/**
 * A saver's own pool, as `PostgresSaver.fromConnString` makes it (at most
 * `max` connections at once; `end()` ends it, and any use after that fails),
 * whose connections are borrowed from the run's pool `connections` instead of
 * opened for it. A new connection costs the server about 33 ms of CPU (a fork
 * and its copy-on-write faults), and a run makes one saver per capability,
 * model sequence and graph case, each pool opening up to ten: reusing them
 * took a third off the server's CPU of the storage suites (docs/performance.md).
 * pg.Pool's `query()` is inherited: it goes through `connect()`.
 */
export function leasedPool(PgPool: PoolClass, connections: Pool, max = OWN_POOL_MAX): Pool {
  class LeasedPool extends PgPool {
    private checkedOut = 0;
    private readonly queue: { grant: () => void; refuse: (error: Error) => void }[] = [];
    private closed?: Promise<void>;
    private allReleased?: () => void;

    override connect(): Promise<PoolClient>;
    override connect(callback: ConnectCallback): void;
    // biome-ignore lint/suspicious/noConfusingVoidType: pg.Pool's own overloads: a promise, or void with a callback
    override connect(callback?: ConnectCallback): Promise<PoolClient> | void {
      const leased = this.lease();
      if (!callback) return leased;
      leased.then(
        (client) => callback(undefined, client, (release) => client.release(release as Error | undefined)),
        (error: Error) => callback(error, undefined, () => undefined),
      );
    }

    override end(): Promise<void>;
    override end(callback: () => void): void;
    override end(callback?: () => void): Promise<void> | void {
      if (this.closed) {
        const error = new Error("Called end on pool more than once");
        if (!callback) return Promise.reject(error);
        return void (callback as (e?: Error) => void)(error);
      }
      for (const waiter of this.queue.splice(0)) waiter.refuse(endedError());
      this.closed = this.checkedOut === 0 ? Promise.resolve() : new Promise((resolve) => (this.allReleased = resolve));
      if (!callback) return this.closed;
      void this.closed.then(() => callback());
    }

    private async lease(): Promise<PoolClient> {
      if (this.closed) throw endedError();
      if (this.checkedOut >= max) await new Promise<void>((grant, refuse) => this.queue.push({ grant, refuse }));
      else this.checkedOut++;
      let client: PoolClient;
      try {
        client = await connections.connect();
      } catch (error) {
        this.giveBack();
        throw error;
      }
      // pg.Pool sets `release` anew on every checkout: wrapping it is this lease's alone.
      const release = client.release.bind(client);
      let released = false;
      client.release = (error?: Error | boolean) => {
        if (!released) {
          released = true;
          this.giveBack();
        }
        release(error);
      };
      return client;
    }

    /** A slot is free again: the next waiter takes it, or it is counted free. */
    private giveBack(): void {
      const next = this.queue.shift();
      if (next) {
        next.grant();
        return;
      }
      this.checkedOut--;
      if (this.checkedOut === 0) this.allReleased?.();
    }
  }
  return new LeasedPool({ max });
}

/** pg.Pool's own words for a pool used after end(). */
function endedError(): Error {
  return new Error("Cannot use a pool after calling end on the pool");
}
