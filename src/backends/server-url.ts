import { optionalPackagesLoad } from "../util/optional-import.js";
import type { Availability } from "./types.js";

/**
 * `available()` of a backend whose server an environment variable names: the
 * variable is set (`noServer` says what is missing otherwise) and every package loads.
 */
export async function serverBackendAvailable(envVar: string, noServer: string, specifiers: readonly string[]): Promise<Availability> {
  if (!process.env[envVar]) return { ok: false, reason: `${envVar} is not set (${noServer}; set it to run this backend)`, noServer: true };
  return optionalPackagesLoad(specifiers);
}

/** The server URL, for code that runs only after `available()` said yes. */
export function requireServerUrl(envVar: string): string {
  const url = process.env[envVar];
  if (!url) throw new Error(`${envVar} is not set`);
  return url;
}
