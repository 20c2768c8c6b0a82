import { describe, expect, it } from "vitest";
import { BACKENDS, BACKENDS_ENV, checkAvailability, selectBackends, type Backend } from "../../src/backends/index.js";
import { BACKEND_IDS } from "../../src/backends/ids.js";
import { ConformanceUsageError } from "../../src/registration.js";

const ids = (list: readonly Backend[]) => list.map((b) => b.id);

describe("selectBackends", () => {
  it("defaults to every backend, in matrix order", () => {
    expect(ids(selectBackends(BACKENDS, undefined, {}))).toEqual(ids(BACKENDS));
    expect(ids(selectBackends(BACKENDS, "all", {}))).toEqual(ids(BACKENDS));
  });

  it(`takes ${BACKENDS_ENV} when no option is given, and the option over it`, () => {
    const env = { [BACKENDS_ENV]: "sqlite, memory" };
    expect(ids(selectBackends(BACKENDS, undefined, env))).toEqual(["memory", "sqlite"]);
    expect(ids(selectBackends(BACKENDS, ["postgres"], env))).toEqual(["postgres"]);
  });

  it("rejects an unknown id, naming it, where it came from, and the known ones", () => {
    expect(() => selectBackends(BACKENDS, "memory,mysql", {})).toThrow(ConformanceUsageError);
    expect(() => selectBackends(BACKENDS, "memory,mysql", {})).toThrow(
      /the backends option: unknown backend "mysql"; known: memory, sqlite/,
    );
    expect(() => selectBackends(BACKENDS, undefined, { [BACKENDS_ENV]: "pg" })).toThrow(
      new RegExp(`${BACKENDS_ENV}: unknown backend "pg"`),
    );
  });
});

describe("checkAvailability", () => {
  it("keeps every backend and turns a throwing check into a reason", async () => {
    const broken: Backend = {
      ...BACKENDS[0],
      id: "broken",
      available: () => Promise.reject(new Error("driver exploded")),
    };
    const checked = await checkAvailability([BACKENDS[0], broken]);
    expect(checked.map((c) => [c.backend.id, c.availability])).toEqual([
      ["memory", { ok: true }],
      ["broken", { ok: false, reason: "checking availability failed: driver exploded" }],
    ]);
  });
});

describe("BACKEND_IDS (what the CLI checks --backends against; taken from BACKENDS, whose modules load no package: test/packaging/supervisor-imports.test.ts)", () => {
  it("are unique, so that --backends names one backend each", () => {
    expect(new Set(BACKEND_IDS).size).toBe(BACKENDS.length);
  });
});
