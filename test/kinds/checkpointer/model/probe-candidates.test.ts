import { describe, expect, it } from "vitest";
import { probeCandidates } from "../../../../src/kinds/checkpointer/model/probe-candidates.js";
import { ModelDisagreement } from "../../../../src/kinds/checkpointer/model/sequence-env.js";

// Seen on langgraph-checkpoint-cloudflare-d1 0.2.0 (docs/third-party.md): it fails both special-upsert and
// writes-order, and the model's shrunk disagreement was writes in another order, yet the first failed
// candidate (special-upsert) was named, so the section was headed with JS-03.
const disagreement = (path: string) =>
  new ModelDisagreement("getDeltaChannelHistory()", ["DCH-01", "DCH-09"], [], [{ path, expected: [["a"], ["b"]], actual: [["b"], ["a"]] }]);

describe("the model's probe candidates, most likely culprit first", () => {
  it("writes in another order and nothing else put writes-order first", () => {
    expect(probeCandidates(disagreement("ch.writes (order)"), [])[0]).toBe("writes-order");
    expect(probeCandidates(disagreement('thread "t" ns "" checkpoint #2.pendingWrites (order)'), [])[0]).toBe("writes-order");
  });

  it("any other difference of writes keeps the probes' listed order", () => {
    const candidates = probeCandidates(disagreement("ch.writes[0][2]"), []);
    const reordered = probeCandidates(disagreement("ch.writes (order)"), []);
    expect(candidates.indexOf("special-upsert")).toBeLessThan(candidates.indexOf("writes-order"));
    expect(reordered).toEqual(["writes-order", ...candidates.filter((c) => c !== "writes-order")]);
  });
});
