import { MemorySaver } from "@langchain/langgraph-checkpoint";
import { describe, expect, it } from "vitest";
import { checkpointerTest, isRegisteredCheckpointer, type RegisteredCheckpointer } from "../src/registration.js";
import { validate } from "../src/engine/validate.js";
import { toRegistration } from "../src/engine/validation-initializer.js";

describe("what counts as a registration", () => {
  const registered = checkpointerTest({ name: "Memory" }, () => new MemorySaver());

  it("is what checkpointerTest() returns, also copied into a new object (the brand is a global symbol, as another installed copy of the package sets it)", () => {
    expect(isRegisteredCheckpointer(registered)).toBe(true);
    expect(isRegisteredCheckpointer({ ...registered, name: "Renamed" })).toBe(true);
    const brand = Symbol.for("langgraph-checkpoint-conformance.registration");
    expect((registered as unknown as Record<symbol, unknown>)[brand]).toBe(2);
  });

  it("is also what an older copy of the package made (shape 1, its lifecycle as public methods), and still runs", async () => {
    const brand = Symbol.for("langgraph-checkpoint-conformance.registration");
    let created = 0;
    let released = 0;
    const older = {
      [brand]: 1,
      kind: "registered-checkpointer",
      name: "FromAnOlderCopy",
      skipCapabilities: new Set(),
      knownDeviations: [],
      profile: "full",
      create: async () => (created++, { saver: new MemorySaver(), release: async () => void released++ }),
      enterLifespan: async () => ({ end: async () => undefined }),
    };
    expect(isRegisteredCheckpointer(older)).toBe(true);
    const report = await validate(older as unknown as RegisteredCheckpointer, { capabilities: ["put"], model: false });
    expect(report.passedAll()).toBe(true);
    expect(created).toBeGreaterThan(0);
    expect(released).toBe(created);
  });

  it("is not an object that merely looks like one, nor one of an incompatible shape version", () => {
    const lifecycle = Symbol.for("langgraph-checkpoint-conformance.lifecycle");
    const { kind, name } = registered;
    const { create, enterLifespan } = (registered as unknown as Record<symbol, { create: unknown; enterLifespan: unknown }>)[lifecycle];
    expect(isRegisteredCheckpointer({ kind, create, enterLifespan, name })).toBe(false);
    expect(isRegisteredCheckpointer({ kind, name, [lifecycle]: { create, enterLifespan } })).toBe(false);
    const brand = Symbol.for("langgraph-checkpoint-conformance.registration");
    expect(isRegisteredCheckpointer({ ...registered, [brand]: 3 })).toBe(false);
    expect(toRegistration({ kind, create, enterLifespan, name })).toBeUndefined();
  });
});
