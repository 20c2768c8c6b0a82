import { join } from "node:path";
import type { SerializerProtocol } from "@langchain/langgraph-checkpoint";
import type { SqliteSaver } from "@langchain/langgraph-checkpoint-sqlite";
import { createTempDir } from "../../cleanup/index.js";
import { requireOptional } from "../../util/optional-import.js";

type SqliteModule = typeof import("@langchain/langgraph-checkpoint-sqlite");
/** The part of better-sqlite3 used here (its types are not installed; a structural subset, like Kysely's). */
export type SqliteDatabaseConstructor = new (filename: string) => { close(): void };

export interface SqliteFactoryOptions {
  /** `"file"`: a fresh temporary file per saver, removed afterwards; `"memory"`: `:memory:`. */
  storage: "file" | "memory";
  /** Handed to the saver; every value it stores goes through it. Default: the saver's own. */
  serde?: () => SerializerProtocol | Promise<SerializerProtocol>;
}

/** A factory for `checkpointerTest()`: a fresh SqliteSaver on a fresh database per call. */
export function sqliteSaverFactory(options: SqliteFactoryOptions): () => AsyncGenerator<SqliteSaver, void, unknown> {
  return async function* () {
    const { SqliteSaver } = await requireOptional<SqliteModule>("@langchain/langgraph-checkpoint-sqlite");
    const Database = (await requireOptional<{ default: SqliteDatabaseConstructor }>("better-sqlite3")).default;
    // A marked directory of this run: removed however the run ends (or by the next run, if this one is killed).
    const dir = options.storage === "file" ? await createTempDir("lgc-sqlite-") : undefined;
    try {
      const db = new Database(dir ? join(dir.path, "checkpoints.sqlite") : ":memory:");
      try {
        yield new SqliteSaver(db as ConstructorParameters<typeof SqliteSaver>[0], await options.serde?.());
      } finally {
        db.close();
      }
    } finally {
      await dir?.remove();
    }
  };
}
