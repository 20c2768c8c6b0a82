import type { RedisSaver } from "@langchain/langgraph-checkpoint-redis";
import { checkpointerTest } from "../../registration.js";
import { requireOptional } from "../../util/optional-import.js";
import { requireServerUrl, serverBackendAvailable } from "../server-url.js";
import type { Backend } from "../types.js";

/** The environment variable naming the Redis server; without it the backend is skipped. */
export const REDIS_URL_ENV = "REDIS_URL";
const TITLE = "RedisSaver";

/**
 * RedisSaver from `@langchain/langgraph-checkpoint-redis` on the server at
 * `REDIS_URL` (Redis with the search and JSON modules, e.g. Redis Stack).
 * RedisSaver's keys have no prefix, so savers cannot be isolated by namespace:
 * each saver deletes the threads it wrote when it is done, and `list()` across
 * threads sees the whole server. Point `REDIS_URL` at a server used only for this.
 * @public
 */
export const redisBackend: Backend = {
  id: "redis",
  title: TITLE,
  knownDeviations: [],
  available: () =>
    serverBackendAvailable(REDIS_URL_ENV, "no Redis with search and JSON modules here", ["@langchain/langgraph-checkpoint-redis", "redis"]),
  registration: () =>
    checkpointerTest({ name: TITLE }, async function* (): AsyncGenerator<RedisSaver, void, unknown> {
      const url = requireServerUrl(REDIS_URL_ENV);
      const { RedisSaver } = await requireOptional<typeof import("@langchain/langgraph-checkpoint-redis")>(
        "@langchain/langgraph-checkpoint-redis",
      );
      const saver = await RedisSaver.fromUrl(url);
      const written = recordThreads(saver);
      try {
        yield saver;
      } finally {
        try {
          for (const threadId of written) await saver.deleteThread(threadId);
        } finally {
          await saver.end();
        }
      }
    }),
};

/** Records the thread ids the saver writes to, so cleanup deletes exactly those. */
function recordThreads(saver: RedisSaver): Set<string> {
  const threads = new Set<string>();
  const note = (config: { configurable?: { thread_id?: unknown } }) => {
    const id = config.configurable?.thread_id;
    if (typeof id === "string") threads.add(id);
  };
  const put = saver.put.bind(saver);
  const putWrites = saver.putWrites.bind(saver);
  saver.put = (config, ...rest) => (note(config), put(config, ...rest));
  saver.putWrites = (config, ...rest) => (note(config), putWrites(config, ...rest));
  return threads;
}
