import { describe, expect, it } from "vitest";
import { mapBounded } from "../../src/util/bounded.js";

describe("mapBounded", () => {
  it("keeps the items' order and never has more than `limit` calls pending", async () => {
    let pending = 0;
    let most = 0;
    const out = await mapBounded([5, 1, 4, 2, 3], 2, async (n, i) => {
      most = Math.max(most, ++pending);
      await new Promise((r) => setTimeout(r, n));
      pending--;
      return `${i}:${n}`;
    });
    expect(out).toEqual(["0:5", "1:1", "2:4", "3:2", "4:3"]);
    expect(most).toBe(2);
  });

  it("rejects with the first error once the started calls settle, and starts no more", async () => {
    const started: number[] = [];
    let settled = 0;
    const run = mapBounded([1, 2, 3, 4], 2, async (n) => {
      started.push(n);
      await new Promise((r) => setTimeout(r, n === 1 ? 1 : 10));
      settled++;
      if (n === 1) throw new Error("one");
      return n;
    });
    await expect(run).rejects.toThrow("one");
    expect(started).toEqual([1, 2]);
    expect(settled).toBe(2);
  });
});
