import { MemorySaver } from "@langchain/langgraph-checkpoint";
import { describe, expect, it } from "vitest";
import { checkpointerTest, ConformanceSetupError, ConformanceUsageError, validate } from "../../src/index.js";

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
    await expect(validate(new MemorySaver() as never)).rejects.toThrow(/the first argument must be what checkpointerTest\(\), storeTest\(\) or cacheTest\(\) returns/);
    await expect(validate(new MemorySaver() as never)).rejects.not.toThrow(/did you mean/);
  });
  it("suggests `.default` for a CommonJS module's exports imported from ES modules", async () => {
    const registered = checkpointerTest({ name: "X" }, memory);
    await expect(validate({ default: registered } as never)).rejects.toThrow(/did you mean `\.default`\?/);
    const namespace = { default: { __esModule: true, default: registered } };
    await expect(validate(namespace as never)).rejects.toThrow(/did you mean `\.default\.default`\?/);
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
