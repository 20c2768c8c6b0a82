import type { Pool } from "pg";
import type { PostgresSaver } from "@langchain/langgraph-checkpoint-postgres";
import { checkpointerTest, type KnownDeviation, type RegisteredCheckpointer } from "../../registration.js";
import { requireOptional } from "../../util/optional-import.js";
import { leasedPool } from "./leased-pool.js";
import { SchemaAllocator } from "./schemas.js";
import { suitePools } from "./suite-pool.js";
import { acquirePostgres, type PostgresServer } from "./server.js";

type PgModule = { default: typeof import("pg") };
type SaverModule = typeof import("@langchain/langgraph-checkpoint-postgres");

export interface PostgresVariant {
  name: string;
  /**
   * `"own"`: each saver has its own pool, which it ends (its connections borrowed from the run's: leased-pool.ts);
   * `"shared"`: every saver uses one pg.Pool of the run.
   */
  connections: "own" | "shared";
  schemaStyle: "plain" | "quoted";
  knownDeviations: readonly KnownDeviation[];
}

/** What the lifespan sets up once per run and the factory uses per saver. */
interface RunState {
  server: PostgresServer;
  ownsServer: boolean;
  /** The lifecycle's own connections: CREATE/DROP SCHEMA and each saver's setup(), never queued behind the savers' calls. */
  admin: Pool;
  /** The variant's shared pool; undefined when each saver has its own. */
  shared?: Pool;
  /** The connections the savers' own pools borrow; undefined with a shared pool. */
  connections?: Pool;
  ownPool(): Pool;
  schemas: SchemaAllocator;
}

/**
 * A registration whose lifespan gets a server (the one given, else
 * `POSTGRES_URL` or a fresh embedded one, stopped at the end) and whose
 * factory gives every saver its own new schema, dropped after. One run at a
 * time per registration; make another registration for a parallel run.
 */
export function postgresRegistration(variant: PostgresVariant, given?: PostgresServer): RegisteredCheckpointer {
  let run: RunState | undefined;

  async function* lifespan(): AsyncGenerator<void, void, unknown> {
    const { default: pg } = await requireOptional<PgModule>("pg");
    const server = given ?? (await acquirePostgres());
    const newPool = suitePools(pg, server.url);
    const admin = newPool(ADMIN_CONNECTIONS);
    const connections = variant.connections === "own" ? newPool(RUN_CONNECTIONS) : undefined;
    const state: RunState = {
      server,
      ownsServer: given === undefined,
      admin,
      shared: variant.connections === "shared" ? newPool(10) : undefined,
      connections,
      ownPool: () => leasedPool(pg.Pool, connections!),
      schemas: new SchemaAllocator(admin, variant.schemaStyle),
    };
    run = state;
    try {
      yield;
    } finally {
      run = undefined;
      await endRun(state);
    }
  }

  async function* factory(): AsyncGenerator<PostgresSaver, void, unknown> {
    const state = run;
    if (!state) throw new Error(`${variant.name}: no server; the registration's lifespan is not running (call validate() with it)`);
    const { PostgresSaver } = await requireOptional<SaverModule>("@langchain/langgraph-checkpoint-postgres");
    const schema = await state.schemas.create();
    try {
      // Like PostgresSaver.fromConnString (a pool of its own, at most 10 connections), but with connections that are reused.
      const pool = state.shared ?? state.ownPool();
      const saver = new PostgresSaver(pool, undefined, { schema });
      try {
        // The tables are made through the lifecycle's connections. Through the savers' (the run's 20, or the shared
        // pool's 10), which the other savers' calls hold and queue for, ten at once each under the default
        // concurrency, a factory waited in the same queue as every call in flight, behind megabyte reads.
        await new PostgresSaver(state.admin, undefined, { schema }).setup();
        yield saver;
      } finally {
        // end() ends the saver's pool: only for a pool it owns.
        if (!state.shared) await saver.end();
      }
    } finally {
      await state.schemas.drop(schema);
    }
  }

  return checkpointerTest(
    { name: variant.name, lifespan, knownDeviations: variant.knownDeviations, timeoutMs: SERVER_TEST_TIMEOUT_MS },
    factory,
  );
}

/**
 * A round trip to a server costs far more than a call into memory, and the
 * serialization tests move megabytes: a busy CI machine needs more than the
 * default 5 s per call before a slow call is a hang.
 */
const SERVER_TEST_TIMEOUT_MS = 30_000;

/** The open connections of a run whose savers have pools of their own: several savers' ten each, well under the server's default 100. */
export const RUN_CONNECTIONS = 20;

/** The lifecycle's connections (admin): savers created and dropped at once (capabilities, model sequences) each run a few DDL statements. */
const ADMIN_CONNECTIONS = 4;

async function endRun(state: RunState): Promise<void> {
  const problems: unknown[] = [];
  const attempt = async (step: () => Promise<unknown>) => step().catch((error: unknown) => problems.push(error));
  await attempt(() => state.schemas.dropAll());
  if (state.shared) await attempt(() => state.shared!.end());
  if (state.connections) await attempt(() => state.connections!.end());
  await attempt(() => state.admin.end());
  if (state.ownsServer) await attempt(() => state.server.stop());
  if (problems.length > 0) {
    throw new AggregateError(problems, `cleaning up the PostgreSQL run failed: ${problems.map((p) => (p as Error).message).join("; ")}`);
  }
}
