import { InMemoryCache, InMemoryStore, MemorySaver } from "@langchain/langgraph-checkpoint";
import { describe, expect, it } from "vitest";
import { cacheTest, checkpointerTest, ConformanceSetupError, ConformanceUsageError, storeTest, validate } from "../../src/index.js";

const memory = () => new MemorySaver();

describe("checkpointerTest misuse gets a clear error naming the option", () => {
  it("rejects a missing name", () => {
    expect(() => checkpointerTest({} as never, memory)).toThrow(/option "name" must be a non-empty string/);
  });
  it("rejects an unknown capability in skipCapabilities", () => {
    expect(() => checkpointerTest({ name: "X", skipCapabilities: ["puts" as never] }, memory)).toThrow(
      /option "skipCapabilities" has unknown capability string "puts"; known: put, put_writes/,
    );
  });
  it("rejects a factory that is not a function", () => {
    expect(() => checkpointerTest({ name: "X" }, {} as never)).toThrow(ConformanceUsageError);
  });
  it("rejects an unknown capability in validate's capabilities option", async () => {
    await expect(validate(checkpointerTest({ name: "X" }, memory), { capabilities: ["nope" as never] })).rejects.toThrow(
      /validate: option "capabilities" has unknown capability/,
    );
  });
  it("rejects something that is not a registration", async () => {
    await expect(validate(new MemorySaver() as never)).rejects.toThrow(
      /the first argument must be what checkpointerTest\(\), storeTest\(\) or cacheTest\(\) returns/,
    );
    await expect(validate(new MemorySaver() as never)).rejects.not.toThrow(/did you mean/);
  });
  it("suggests `.default` for a CommonJS module's exports imported from ES modules", async () => {
    const registered = checkpointerTest({ name: "X" }, memory);
    await expect(validate({ default: registered } as never)).rejects.toThrow(/did you mean `\.default`\?/);
    const namespace = { default: { __esModule: true, default: registered } };
    await expect(validate(namespace as never)).rejects.toThrow(/did you mean `\.default\.default`\?/);
  });
});

describe("every registration option error states the shape the option's type declares", () => {
  const store = () => new InMemoryStore();
  const put = async () => undefined;
  const TTL = '{ unit: "minutes" | "seconds", put(store, namespace, key, value, ttl): Promise<void> }';
  const INDEX =
    "{ dims: number, embed: ((texts: string[]) => Promise<number[][]>) | { embedDocuments(texts), embedQuery(text) }, fields?: string[] }";
  const misuse = (register: () => unknown) => {
    try {
      register();
    } catch (error) {
      expect(error).toBeInstanceOf(ConformanceUsageError);
      return (error as Error).message;
    }
    throw new Error("no error thrown");
  };

  it("storeTest's ttl: StoreTtlOptions { unit, put }, unit checked", () => {
    expect(misuse(() => storeTest({ name: "S", ttl: 5 as never }, store))).toBe(`storeTest(S): option "ttl" must be ${TTL}, got number 5`);
    expect(misuse(() => storeTest({ name: "S", ttl: { put } as never }, store))).toBe(
      `storeTest(S): option "ttl.unit" must be "minutes" or "seconds" (the unit put's ttl is in; ttl is ${TTL}), got undefined`,
    );
    expect(misuse(() => storeTest({ name: "S", ttl: { unit: "ms", put } as never }, store))).toContain(
      'option "ttl.unit" must be "minutes" or "seconds" (the unit put\'s ttl is in; ttl is',
    );
    expect(misuse(() => storeTest({ name: "S", ttl: { unit: "seconds" } as never }, store))).toBe(
      `storeTest(S): option "ttl.put" must be a function (store, namespace, key, value, ttl) => Promise<void> that puts one item expiring in ttl seconds (ttl is ${TTL}), got undefined`,
    );
    expect(storeTest({ name: "S", ttl: { unit: "minutes", put } }, store).options).toEqual({ ttl: { unit: "minutes", put } });
  });

  it("storeTest's index: StoreIndexOptions { dims, embed, fields? }", () => {
    const embed = async (texts: string[]) => texts.map(() => [1]);
    expect(misuse(() => storeTest({ name: "S", index: "cosine" as never }, store))).toBe(
      `storeTest(S): option "index" must be ${INDEX}, got string "cosine"`,
    );
    expect(misuse(() => storeTest({ name: "S", index: { dims: 1.5, embed } }, store))).toBe(
      `storeTest(S): option "index.dims" must be a positive whole number (the embeddings' length; index is ${INDEX}), got number 1.5`,
    );
    expect(misuse(() => storeTest({ name: "S", index: { dims: 4, embed: { embedDocuments: embed } as never } }, store))).toBe(
      `storeTest(S): option "index.embed" must be a function of texts or an Embeddings with embedDocuments() and embedQuery() (index is ${INDEX}), got a plain object { embedDocuments: [Function embed] }`,
    );
    expect(misuse(() => storeTest({ name: "S", index: { dims: 4, embed, fields: "text" as never } }, store))).toBe(
      `storeTest(S): option "index.fields" must be an array of field paths (strings) (index is ${INDEX}), got string "text"`,
    );
    expect(storeTest({ name: "S", index: { dims: 4, embed, fields: ["text"] } }, store).options).toEqual({
      index: { dims: 4, embed, fields: ["text"] },
    });
  });

  it("cacheTest's ttl: a boolean", () => {
    expect(misuse(() => cacheTest({ name: "C", ttl: "yes" as never }, () => new InMemoryCache()))).toBe(
      'cacheTest(C): option "ttl" must be true or false, got string "yes"',
    );
  });

  it("the options every kind shares: skipCapabilities, knownDeviations, skipTests, lifespan, timeouts, profile", () => {
    expect(misuse(() => storeTest({ name: "S", skipCapabilities: "ttl" as never }, store))).toMatch(
      /^storeTest\(S\): option "skipCapabilities" must be an array of capability ids \(known: put_get, namespaces, .*\), got string "ttl"$/,
    );
    expect(
      misuse(() => cacheTest({ name: "C", knownDeviations: [{ reason: "r", tests: "test_x" }] as never }, () => new InMemoryCache())),
    ).toBe(
      'cacheTest(C): option "knownDeviations" must be an array of { tests?: string[], ids?: string[], reason: string } with tests or ids; entry 0 is a plain object { reason: "r", tests: "test_x" }',
    );
    expect(misuse(() => checkpointerTest({ name: "X", knownDeviations: [{ ids: ["GT-01"] }] as never }, memory))).toContain(
      "entry 0 is a plain object",
    );
    expect(misuse(() => checkpointerTest({ name: "X", knownDeviations: {} as never }, memory))).toContain(
      "with tests or ids; got a plain object {}",
    );
    expect(misuse(() => storeTest({ name: "S", skipTests: "test_x" as never }, store))).toBe(
      'storeTest(S): option "skipTests" must be an array of spec test names or catalog ids, got string "test_x"',
    );
    expect(misuse(() => storeTest({ name: "S", lifespan: 1 as never }, store))).toBe(
      'storeTest(S): option "lifespan" must be an async generator function (setup; yield; teardown), got number 1',
    );
    expect(misuse(() => cacheTest({ name: "C", timeoutMs: -1 }, () => new InMemoryCache()))).toBe(
      'cacheTest(C): option "timeoutMs" must be a positive number of ms, got number -1',
    );
    expect(misuse(() => checkpointerTest({ name: "X", profile: "latest" as never }, memory))).toBe(
      'checkpointerTest(X): option "profile" must be one of "full", "latest-only", got string "latest"',
    );
  });
});

describe("factory forms and lifecycle", () => {
  it("accepts an async generator, a sync generator, a function and an async function", async () => {
    const forms = [
      async function* () {
        yield new MemorySaver();
      },
      function* () {
        yield new MemorySaver();
      },
      () => new MemorySaver(),
      async () => new MemorySaver(),
    ];
    for (const factory of forms) {
      const report = await validate(checkpointerTest({ name: "form" }, factory), { capabilities: ["put"] });
      expect(report.results.put?.status).toBe("passed");
    }
  });

  it("creates a fresh saver per capability and always runs the code after yield, even when tests fail", async () => {
    let created = 0;
    let cleaned = 0;
    class Broken extends MemorySaver {
      override async getTuple(): Promise<undefined> {
        throw new Error("boom");
      }
    }
    const reg = checkpointerTest({ name: "counting" }, async function* () {
      created++;
      try {
        yield new Broken();
      } finally {
        cleaned++;
      }
    });
    const report = await validate(reg, { capabilities: ["put", "get_tuple"] });
    expect(report.results.put?.status).toBe("failed");
    expect(created).toBeGreaterThanOrEqual(2); // one per capability, plus any a test asks for (isolation checks)
    expect(cleaned).toBe(created);
  });

  it("runs the lifespan's setup once before everything and its teardown once after", async () => {
    const events: string[] = [];
    const reg = checkpointerTest(
      {
        name: "lifespan",
        lifespan: async function* () {
          events.push("setup");
          yield;
          events.push("teardown");
        },
      },
      async function* () {
        events.push("create");
        yield new MemorySaver();
      },
    );
    await validate(reg, { capabilities: ["put", "list"], grep: /roundtrip|test_list_all/ });
    expect(events).toEqual(["setup", "create", "create", "teardown"]);
  });

  it("stops with a clear error when the lifespan's setup throws, and its finally still runs", async () => {
    let finallyRan = false;
    const reg = checkpointerTest(
      {
        name: "bad-lifespan",
        lifespan: async function* () {
          try {
            throw new Error("database unreachable");
            yield;
          } finally {
            finallyRan = true;
          }
        },
      },
      memory,
    );
    await expect(validate(reg)).rejects.toThrow(ConformanceSetupError);
    await expect(validate(reg)).rejects.toThrow(/bad-lifespan: the lifespan's setup failed: database unreachable/);
    expect(finallyRan).toBe(true);
  });

  it("reports a factory that yields something that is not a saver as a failure naming the problem", async () => {
    const reg = checkpointerTest({ name: "not-a-saver" }, async function* () {
      yield {} as never;
    });
    const report = await validate(reg, { capabilities: ["put"] });
    expect(report.results.put?.status).toBe("failed");
    expect(report.toDict().results.put.failures[0]).toMatch(/the factory must yield a BaseCheckpointSaver, but it yielded a plain object/);
  });
});
