import { describe, expect, it } from "vitest";
import { causeProbe } from "../../src/model/probe-cause.js";
import { ModelDisagreement } from "../../src/model/sequence-env.js";
import { specialUpsertProbe } from "../../src/hints/probes/special-upsert.js";
import { writesOrderProbe } from "../../src/hints/probes/writes-order.js";

// Seen on langgraph-checkpoint-cloudflare-d1 0.2.0 (docs/third-party.md): it fails both probes, and the model's
// shrunk disagreement was writes in another order, yet the headline named the first probe's clause (JS-03).
const failed = [{ probe: specialUpsertProbe }, { probe: writesOrderProbe }];
const disagreement = (path: string) =>
  new ModelDisagreement("getDeltaChannelHistory()", ["DCH-01", "DCH-09"], [], [{ path, expected: [["a"], ["b"]], actual: [["b"], ["a"]] }]);

describe("which failed probe a model disagreement is filed under", () => {
  it("an order-only difference of writes is the writes-order probe's, even when another probe failed first", () => {
    expect(causeProbe(failed, disagreement("ch.writes (order)"))?.probe.id).toBe("writes-order");
    expect(causeProbe(failed, disagreement('thread "t" ns "" checkpoint #2.pendingWrites (order)'))?.probe.id).toBe("writes-order");
  });

  it("any other difference keeps the first failed probe", () => {
    expect(causeProbe(failed, disagreement("ch.writes[0][2]"))?.probe.id).toBe("special-upsert");
    expect(causeProbe([], disagreement("ch.writes (order)"))).toBeUndefined();
  });
});
