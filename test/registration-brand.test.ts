import { MemorySaver } from "@langchain/langgraph-checkpoint";
import { describe, expect, it } from "vitest";
import { checkpointerTest, isRegisteredCheckpointer } from "../src/registration.js";
import { toRegistration } from "../src/engine/validation-initializer.js";

describe("what counts as a registration", () => {
  const registered = checkpointerTest({ name: "Memory" }, () => new MemorySaver());

  it("is what checkpointerTest() returns, also copied into a new object (the brand is a global symbol, as another installed copy of the package sets it)", () => {
    expect(isRegisteredCheckpointer(registered)).toBe(true);
    expect(isRegisteredCheckpointer({ ...registered, name: "Renamed" })).toBe(true);
    const brand = Symbol.for("langgraph-checkpoint-conformance.registration");
    expect((registered as unknown as Record<symbol, unknown>)[brand]).toBe(1);
  });

  it("is not an object that merely looks like one, nor one of an incompatible shape version", () => {
    const { kind, create, enterLifespan, name } = registered;
    expect(isRegisteredCheckpointer({ kind, create, enterLifespan, name })).toBe(false);
    const brand = Symbol.for("langgraph-checkpoint-conformance.registration");
    expect(isRegisteredCheckpointer({ ...registered, [brand]: 2 })).toBe(false);
    expect(toRegistration({ kind, create, enterLifespan, name })).toBeUndefined();
  });
});
