import type { Pool } from "pg";
import { fastByteaArrayTypes } from "./bytea-array.js";
import { quietPool } from "./quiet-pool.js";

/** Pools on `url` as the suite opens them: quiet when the server stops under them (quiet-pool.ts), `bytea[]` parsed fast (bytea-array.ts). */
export function suitePools(pg: Pick<typeof import("pg"), "Pool" | "types">, url: string): (max?: number) => Pool {
  const types = fastByteaArrayTypes(pg.types);
  return (max) => quietPool(new pg.Pool({ connectionString: url, max, types }));
}
