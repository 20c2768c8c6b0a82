import { InMemoryCache } from "@langchain/langgraph-checkpoint";
import type { ProductMutant } from "./types.js";

/** Reads `ttl` as minutes (a Redis-style EXPIRE in the wrong unit): entries outlive their policy 60 times over. */
class TtlInMinutes extends InMemoryCache {
  override async set(pairs: { key: [string[], string]; value: unknown; ttl?: number }[]) {
    await super.set(pairs.map((pair) => ({ ...pair, ttl: pair.ttl === undefined ? undefined : pair.ttl * 60 })));
  }
}

export default {
  name: "ttl-in-minutes",
  bug: "set() reads the ttl in minutes instead of seconds, so a 1 s cachePolicy keeps the entry a minute",
  catches: ["G28"],
  createCache: () => new TtlInMinutes(),
} satisfies ProductMutant;
