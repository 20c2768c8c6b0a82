import { InMemoryCache, InMemoryStore, type Operation, type OperationResults } from "@langchain/langgraph-checkpoint";
import { describe, expect, it } from "vitest";
import { cacheTest, reportFromJSON, reportToJSON, storeTest, validate, type ConformanceReport } from "../../src/index.js";
import { fakeEmbeddings, STORE_BEHAVIOURS } from "../../src/kinds/store/index.js";
import { matrixToJson, renderMatrixMarkdown, renderMatrixTerminal } from "../../src/matrix/index.js";
import type { MatrixResult } from "../../src/reporters/matrix/types.js";
import { BehaviourSection } from "../../src/sections/behaviours/report-section.js";
import { ReferenceStore } from "../fixtures/reference-store.js";

const behavioursOf = (report: ConformanceReport) => report.sections.find((s): s is BehaviourSection => s instanceof BehaviourSection);
const inMemoryStore = storeTest({ name: "InMemoryStore" }, async function* () {
  yield new InMemoryStore();
});

describe("the behaviour profile section (implementation-defined answers, never a verdict)", () => {
  it("answers every store question in catalog order, and changes neither the level nor the exit", async () => {
    const withProfile = await validate(inMemoryStore, { model: false, retries: 0 });
    const without = await validate(inMemoryStore, { model: false, retries: 0, behaviours: false });
    const section = behavioursOf(withProfile);
    expect(section?.profile.answers.map((a) => a.id)).toEqual(STORE_BEHAVIOURS.map((b) => b.id));
    expect(section?.profile.answers.find((a) => a.id === "ST-30")?.answer).toBe("insertion order");
    expect(section?.passed()).toBeNull();
    expect(behavioursOf(without)).toBeUndefined();
    expect(withProfile.conformanceLevel()).toBe(without.conformanceLevel());
    expect(withProfile.passedAll()).toBe(without.passedAll());
    expect(withProfile.verdict().resultLine).toContain(`behaviour profile: ${STORE_BEHAVIOURS.length} answers`);
    expect(withProfile.formatReport()).toContain(
      "ST-30  In what order does search() return items without a query, and does batch() agree?  → insertion order",
    );
  }, 60_000);

  it("a probe whose store hangs answers that it failed, and the other probes still answer", async () => {
    class HangingSearch extends InMemoryStore {
      override async batch<Op extends readonly Operation[]>(ops: Op): Promise<OperationResults<Op>> {
        if (ops.some((op) => "namespacePrefix" in op && "filter" in op && op.filter !== undefined && "$ne" in Object.values(op.filter)[0]!))
          return new Promise<never>(() => undefined);
        return super.batch(ops);
      }
    }
    const report = await validate(
      storeTest({ name: "hangs on $ne" }, async function* () {
        yield new HangingSearch();
      }),
      { model: false, retries: 0, capabilities: ["put_get"], timeoutMs: 300 },
    );
    const answers = behavioursOf(report)?.profile.answers ?? [];
    const ne = answers.find((a) => a.id === "ST-26");
    expect(ne?.failed).toBe(true);
    expect(ne?.answer).toMatch(/^the probe failed: /);
    expect(answers.find((a) => a.id === "ST-30")?.answer).toBe("insertion order");
  }, 60_000);

  it("a factory that fails leaves the profile not taken, saying why (the capability suites fail it)", async () => {
    const report = await validate(
      cacheTest({ name: "broken" }, async function* () {
        throw new Error("no connection");
        yield new InMemoryCache();
      }),
      { retries: 0 },
    );
    expect(behavioursOf(report)?.profile.error).toBe("the factory failed: no connection");
    expect(behavioursOf(report)?.summary()).toBe("behaviour profile not taken");
    expect(report.passedAll()).toBe(false);
  }, 60_000);

  it("survives a report file (reportToJSON, reportFromJSON)", async () => {
    const report = await validate(
      cacheTest({ name: "InMemoryCache", ttl: true }, async function* () {
        yield new InMemoryCache();
      }),
      { retries: 0 },
    );
    const again = reportFromJSON(reportToJSON(report));
    expect(behavioursOf(again)?.profile.answers).toEqual(behavioursOf(report)?.profile.answers);
    expect(again.formatReport()).toContain("cache.zero-ttl");
  }, 60_000);

  it("is not a check: a run whose selection leaves no spec test is still a usage error", async () => {
    await expect(
      validate(
        cacheTest({ name: "c" }, async function* () {
          yield new InMemoryCache();
        }),
        { grep: "no-such-test" },
      ),
    ).rejects.toThrow(/grep/);
  });
});

describe("the matrix compares the behaviour profiles across backends", () => {
  it("lists every question with each backend's answer, marking the ones answered differently", async () => {
    const reference = storeTest({ name: "reference" }, async function* () {
      yield new ReferenceStore();
    });
    const indexed = storeTest({ name: "InMemoryStore with an index", index: { dims: 16, embed: fakeEmbeddings(16) } }, async function* () {
      yield new InMemoryStore({ index: { dims: 16, embeddings: fakeEmbeddings(16) } });
    });
    const [memory, ref] = await Promise.all([
      validate(indexed, { model: false, retries: 0 }),
      validate(reference, { model: false, retries: 0 }),
    ]);
    const result: MatrixResult = {
      subjectKind: "store",
      outcomes: [
        { status: "ran", id: "memory", title: "InMemoryStore", report: memory, durationMs: 1 },
        { status: "ran", id: "reference", title: "ReferenceStore", report: ref, durationMs: 1 },
      ],
      durationMs: 2,
    };
    const answer = (report: ConformanceReport, id: string) => behavioursOf(report)?.profile.answers.find((a) => a.id === id)?.answer;
    // A question that does not apply to one of them (no index declared, say) is no difference.
    const applies = (id: string) => ![answer(memory, id), answer(ref, id)].some((a) => a?.startsWith("not applicable"));
    const differing = STORE_BEHAVIOURS.map((b) => b.id).filter((id) => applies(id) && answer(memory, id) !== answer(ref, id));
    expect(differing.length).toBeGreaterThan(0);
    expect(STORE_BEHAVIOURS.some((b) => !applies(b.id) && answer(memory, b.id) !== answer(ref, b.id))).toBe(true);
    const json = matrixToJson(result) as { behaviours: { id: string; differ: boolean; answers: Record<string, string | null> }[] };
    expect(json.behaviours.map((b) => b.id)).toEqual(STORE_BEHAVIOURS.map((b) => b.id));
    expect(json.behaviours.filter((b) => b.differ).map((b) => b.id)).toEqual(differing);
    expect(json.behaviours[0].answers).toEqual({
      memory: answer(memory, json.behaviours[0].id),
      reference: answer(ref, json.behaviours[0].id),
    });
    const terminal = renderMatrixTerminal(result, { color: false });
    expect(terminal).toContain(`Δ ${differing.length} answered differently`);
    expect(terminal).toContain(`Δ ${differing[0]} `);
    // Answers are not results: their row is marked Δ, never ≠.
    expect(terminal).toMatch(/^Δ behaviour profile\s+15 answers\s+15 answers/m);
    expect(renderMatrixMarkdown(result)).toContain(`| **Δ ${differing[0]}** |`);
  }, 60_000);
});
