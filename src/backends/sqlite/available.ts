import { importOptional } from "../../util/optional-import.js";
import type { SqliteDatabaseConstructor } from "./saver-factory.js";
import type { Availability } from "../types.js";

/** Both packages load, and better-sqlite3's native binding opens a database. */
export async function sqliteAvailable(): Promise<Availability> {
  const saverPackage = await importOptional("@langchain/langgraph-checkpoint-sqlite");
  if (!saverPackage.ok) return saverPackage;
  const driver = await importOptional<{ default: SqliteDatabaseConstructor }>("better-sqlite3");
  if (!driver.ok) return driver;
  try {
    new driver.module.default(":memory:").close();
    return { ok: true };
  } catch (error) {
    return {
      ok: false,
      reason: `better-sqlite3 cannot open a database (is its native binding built for this Node?): ${(error as Error).message}`,
    };
  }
}
