import { checkpointerTest } from "../../registration.js";
import type { Backend } from "../types.js";
import { sqliteAvailable } from "./available.js";
import { SQLITE_DEVIATIONS } from "./deviations.js";
import { sqliteSaverFactory } from "./saver-factory.js";

/** SqliteSaver on better-sqlite3, a fresh temporary file per saver (removed afterwards). @public */
export const sqliteBackend: Backend = {
  id: "sqlite",
  title: "SqliteSaver (file)",
  knownDeviations: SQLITE_DEVIATIONS,
  available: sqliteAvailable,
  registration: () =>
    checkpointerTest({ name: "SqliteSaver (file)", knownDeviations: SQLITE_DEVIATIONS }, sqliteSaverFactory({ storage: "file" })),
};

/** SqliteSaver on an in-memory better-sqlite3 database. @public */
export const sqliteMemoryBackend: Backend = {
  id: "sqlite-memory",
  title: "SqliteSaver (:memory:)",
  knownDeviations: SQLITE_DEVIATIONS,
  available: sqliteAvailable,
  registration: () =>
    checkpointerTest({ name: "SqliteSaver (:memory:)", knownDeviations: SQLITE_DEVIATIONS }, sqliteSaverFactory({ storage: "memory" })),
};
