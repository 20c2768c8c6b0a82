import { randomBytes } from "node:crypto";
import type { MongoClient } from "mongodb";
import type { MongoDBSaver } from "@langchain/langgraph-checkpoint-mongodb";
import { checkpointerTest } from "../../registration.js";
import { requireOptional } from "../../util/optional-import.js";
import { requireServerUrl, serverBackendAvailable } from "../server-url.js";
import type { Backend } from "../types.js";

/** The environment variable naming the MongoDB server; without it the backend is skipped. */
export const MONGODB_URL_ENV = "MONGODB_URL";
const TITLE = "MongoDBSaver";

/**
 * MongoDBSaver from `@langchain/langgraph-checkpoint-mongodb` on the server at
 * `MONGODB_URL`. Each saver gets its own database (`lgc_<run>_<n>`), dropped after.
 * @public
 */
export const mongodbBackend: Backend = {
  id: "mongodb",
  title: TITLE,
  knownDeviations: [],
  available: () =>
    serverBackendAvailable(MONGODB_URL_ENV, "no MongoDB server here", ["@langchain/langgraph-checkpoint-mongodb", "mongodb"]),
  registration() {
    let client: MongoClient | undefined;
    const runId = randomBytes(4).toString("hex");
    let counter = 0;
    return checkpointerTest(
      {
        name: TITLE,
        async *lifespan() {
          const url = requireServerUrl(MONGODB_URL_ENV);
          const { MongoClient } = await requireOptional<typeof import("mongodb")>("mongodb");
          client = new MongoClient(url);
          await client.connect();
          try {
            yield;
          } finally {
            await client.close();
            client = undefined;
          }
        },
      },
      async function* (): AsyncGenerator<MongoDBSaver, void, unknown> {
        if (!client) throw new Error(`${TITLE}: no client; the registration's lifespan is not running`);
        const { MongoDBSaver } = await requireOptional<typeof import("@langchain/langgraph-checkpoint-mongodb")>(
          "@langchain/langgraph-checkpoint-mongodb",
        );
        const dbName = `lgc_${runId}_${++counter}`;
        try {
          yield new MongoDBSaver({ client, dbName });
        } finally {
          await client.db(dbName).dropDatabase();
        }
      },
    );
  },
};
