import { describe, expect, it } from "vitest";
import { minimise } from "../../../../src/kinds/checkpointer/model/delta-debug.js";

describe("minimise (delta debugging of a failing sequence)", () => {
  it("drops every call the failure does not need, in chunks and one at a time", async () => {
    const needed = new Set([3, 11, 17]);
    const { items } = await minimise([...Array(20).keys()], async (c) => [...needed].every((n) => c.includes(n)), 200);
    expect(items).toEqual([3, 11, 17]);
  });

  it("drops two calls that are only removable together and not next to each other (what fast-check's one-block shrink keeps)", async () => {
    // Calls resolve their target by index modulo how many values exist (as the model's commands do): the read
    // picks value 6 % n. Removing value-a or value-b alone moves the pick; removing both puts it back.
    const reproduces = async (c: readonly string[]) => {
      const values = c.filter((x) => x.startsWith("value"));
      return c.includes("setup") && c.includes("read") && values[6 % values.length] === "value-bad";
    };
    const sequence = ["value-a", "setup", "value-b", "value-bad", "value-c", "read"];
    expect(await reproduces(sequence)).toBe(true);
    // fast-check's shrinker removes one contiguous block at a time: none of them reproduces.
    for (let i = 0; i < sequence.length; i++) {
      for (let j = i + 1; j <= sequence.length; j++)
        expect(await reproduces([...sequence.slice(0, i), ...sequence.slice(j)]), `without ${i}..${j - 1}`).toBe(false);
    }
    const { items } = await minimise(sequence, reproduces, 64);
    expect(items).toEqual(["setup", "value-bad", "value-c", "read"]);
  });

  it("stops after the replay budget", async () => {
    let calls = 0;
    const { replays } = await minimise([...Array(50).keys()], async () => (calls++, false), 10);
    expect([replays, calls]).toEqual([10, 10]);
  });
});
