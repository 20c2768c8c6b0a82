import type { PGlite as PGliteClass } from "@electric-sql/pglite";
import type { PGLiteSocketServer as SocketServerClass } from "@electric-sql/pglite-socket";
import type { vector as vectorExtension } from "@electric-sql/pglite-pgvector";
import { refuseWhenInterrupted, settledWithin, trackCleanup } from "../../cleanup/index.js";
import { requireOptional } from "../../util/optional-import.js";
import type { PostgresServer } from "../postgres/server.js";

/** How long a stop waits for the socket server to close its connections. */
const STOP_GRACE_MS = 5_000;
/**
 * Not pglite-socket's default of 1: it frees a closed connection's slot only
 * after handling the close, so a client that reconnects at once (a new store's
 * pool right after the last one stopped) is turned away ("Connection terminated
 * unexpectedly"; measured: 5 of 10 rounds). See docs/backends.md.
 */
const DEFAULT_MAX_CONNECTIONS = 4;

/** @public */
export interface PgliteServerOptions {
  /**
   * Connections the socket server accepts at once. Default 4. Queries from
   * several connections run one at a time inside PGlite (a transaction keeps
   * its connection's turn); a connection beyond this is refused, so the client
   * pools together must not open more.
   */
  maxConnections?: number;
}

/** A PGlite server: a PostgreSQL reachable over TCP, in this process. */
export interface PgliteServer extends Omit<PostgresServer, "kind" | "dataDir" | "pid"> {
  readonly kind: "pglite";
  /** The connections it accepts at once (see `PgliteServerOptions.maxConnections`). */
  readonly maxConnections: number;
}

/**
 * Starts an in-memory PGlite (PostgreSQL compiled to WebAssembly, in this
 * process) with the pgvector extension loaded, behind a PostgreSQL wire
 * protocol socket on 127.0.0.1 and a free port: what PostgresStore's vector
 * search needs where the embedded PostgreSQL has no pgvector. Nothing is
 * written to disk. On Ctrl-C, SIGTERM or an uncaught error the socket is
 * closed; on exit it ends with the process. Call `stop()` when done.
 * @public
 */
export async function startPgliteServer(options: PgliteServerOptions = {}): Promise<PgliteServer> {
  const maxConnections = options.maxConnections ?? DEFAULT_MAX_CONNECTIONS;
  if (!Number.isInteger(maxConnections) || maxConnections < 1) {
    throw new Error(`startPgliteServer: maxConnections must be a positive integer, got ${String(options.maxConnections)}`);
  }
  refuseWhenInterrupted();
  const [{ PGlite }, { vector }, { PGLiteSocketServer }] = await Promise.all([
    requireOptional<{ PGlite: typeof PGliteClass }>("@electric-sql/pglite"),
    requireOptional<{ vector: typeof vectorExtension }>("@electric-sql/pglite-pgvector"),
    requireOptional<{ PGLiteSocketServer: typeof SocketServerClass }>("@electric-sql/pglite-socket"),
  ]);
  let db: PGliteClass | undefined;
  let socket: SocketServerClass | undefined;
  const cleanup = trackCleanup({
    run: async () => {
      if (socket) await settledWithin(socket.stop(), STOP_GRACE_MS);
      if (db && !db.closed) await db.close();
    },
    // In-process: the database and its socket end with the process.
    runNow: () => undefined,
  });
  try {
    db = await PGlite.create({ extensions: { vector } });
    socket = new PGLiteSocketServer({ db, host: "127.0.0.1", port: 0, maxConnections });
    await socket.start();
    refuseWhenInterrupted();
    // getServerConn() is "127.0.0.1:<port>" once listening on a TCP port.
    const address = socket.getServerConn();
    return {
      url: `postgresql://postgres:postgres@${address}/postgres`,
      kind: "pglite",
      maxConnections,
      stop: () => cleanup.run(),
    };
  } catch (error) {
    await cleanup.run().catch(() => undefined);
    const reason = error instanceof Error ? error.message : String(error);
    throw new Error(`PGlite failed to start: ${reason}`, { cause: error });
  }
}
