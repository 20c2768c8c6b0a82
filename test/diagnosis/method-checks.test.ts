import { describe, expect, it } from "vitest";
import { InMemoryCache, InMemoryStore, MemorySaver, type BaseCheckpointSaver } from "@langchain/langgraph-checkpoint";
import { cacheChecks, checkpointerChecks, methodAnswersWithin, storeChecks, storeReaderChecks } from "../../src/diagnosis/method-checks.js";
import { BlobStoreSaver } from "../fixtures/blob-store-saver.js";
import { LatestOnlySaver } from "../fixtures/latest-only-saver.js";
import { ReferenceStore } from "../fixtures/reference-store.js";
import { INDEX, TTL } from "../store-mutants/harness.js";
import { MUTANT_DIMS } from "../store-mutants/types.js";
import vectorKeepsOldOnUpdate from "../store-mutants/vector-keeps-old-vectors-on-update.mutant.js";
import vectorDeleteKeeps from "../store-mutants/vector-delete-keeps-vectors.mutant.js";
import unpaddedVersions from "../mutants/ord-next-version-unpadded-string.mutant.js";
import forkVersionCollision from "../mutants/blob-store-fork-version-collision.mutant.js";
import deleteLatestOnly from "../mutants/delete-thread-latest-only.mutant.js";
import keysSanitized from "../mutants/val-keys-sanitized.mutant.js";
import writesShallowCopied from "../mutants/val-write-values-shallow-copied.mutant.js";
import concurrentLostUpdate from "../store-mutants/concurrent-put-lost-update.mutant.js";
import concurrentDuplicateRows from "../store-mutants/concurrent-put-duplicate-index-rows.mutant.js";
import ttlGetIgnoresExpiry from "../store-mutants/ttl-get-ignores-expiry.mutant.js";
import ttlListsExpired from "../store-mutants/ttl-lists-expired-namespaces.mutant.js";
import ttlExpiryInverted from "../store-mutants/ttl-expiry-inverted.mutant.js";
import datesAsStrings from "../store-mutants/dates-as-strings.mutant.js";
import namespaceLostUpdate from "../cache-mutants/namespace-lost-update.mutant.js";

const TIMEOUT_MS = 10_000;
/** A store whose put() stores nothing. */
const putLosesItems = new (class extends InMemoryStore {
  override async put(): Promise<void> {}
})();
const saverAnswers = (saver: BaseCheckpointSaver, latestOnly = false) =>
  methodAnswersWithin(TIMEOUT_MS, checkpointerChecks(saver, latestOnly));
const ALL_RIGHT = { getNextVersion: true, deleteThread: true, put: true, putWrites: true };

describe("the read-back probe's targeted method checks (issue 25)", () => {
  it("find nothing wrong with correct savers: MemorySaver, a latest-only saver, a blob store with fork-unique versions", async () => {
    expect(await saverAnswers(new MemorySaver())).toEqual(ALL_RIGHT);
    expect(await saverAnswers(new LatestOnlySaver(), true)).toEqual(ALL_RIGHT);
    expect(await saverAnswers(new BlobStoreSaver())).toEqual(ALL_RIGHT);
  });

  it("find getNextVersion() wrong when its versions compare as text", async () => {
    expect(await saverAnswers(unpaddedVersions.create())).toEqual({ ...ALL_RIGHT, getNextVersion: false });
  });

  it("leave forks that share a version alone: a saver keying values by version is as likely to be fixed in put() as in getNextVersion()", async () => {
    // The same answers as a put() that keeps one blob per version (graph:blobs-by-version, PostgresSaver's stale blobs).
    expect(await saverAnswers(forkVersionCollision.create())).toEqual(ALL_RIGHT);
  });

  it("find deleteThread() wrong when a deleted thread still reads through getTuple()", async () => {
    expect(await saverAnswers(deleteLatestOnly.create())).toEqual({ ...ALL_RIGHT, deleteThread: false });
  });

  it("find the writer wrong when both readers read back what it stored wrong", async () => {
    // Escaped channel names: put() and putWrites() both escape them, only put()'s values are checked.
    expect(await saverAnswers(keysSanitized.create())).toEqual({ ...ALL_RIGHT, put: false });
    expect(await saverAnswers(writesShallowCopied.create())).toEqual({ ...ALL_RIGHT, putWrites: false });
  });

  it("leave out what they could not decide in time, and a check that threw", async () => {
    const never = () => new Promise<boolean>(() => undefined);
    expect(await methodAnswersWithin(50, { put: async () => false, list: never })).toEqual({ put: false });
    expect(
      await methodAnswersWithin(TIMEOUT_MS, { put: async () => Promise.reject(new Error("down")), list: async () => undefined }),
    ).toEqual({});
  });

  it("find a store's put() wrong when puts at once lose an item or index one key twice; a correct store's right", async () => {
    expect(await methodAnswersWithin(TIMEOUT_MS, storeChecks(new InMemoryStore(), {}))).toEqual({ put: true });
    expect(await methodAnswersWithin(TIMEOUT_MS, storeChecks(concurrentLostUpdate.create(), {}))).toEqual({ put: false });
    expect(await methodAnswersWithin(TIMEOUT_MS, storeChecks(concurrentDuplicateRows.create(), {}))).toEqual({ put: false });
  });

  it("with a declared index, find put() wrong when an updated or re-put item ranks unlike one put once with the same value", async () => {
    const indexed = new ReferenceStore({ index: { dims: MUTANT_DIMS, fields: ["$"] } });
    expect(await methodAnswersWithin(TIMEOUT_MS, storeChecks(indexed, { index: INDEX }))).toEqual({ put: true });
    expect(await methodAnswersWithin(TIMEOUT_MS, storeChecks(vectorKeepsOldOnUpdate.create(), { index: INDEX }))).toEqual({ put: false });
    expect(await methodAnswersWithin(TIMEOUT_MS, storeChecks(vectorDeleteKeeps.create(), { index: INDEX }))).toEqual({ put: false });
  });

  it("with a declared TTL, find the store's reader that still shows an expired item the others hide", async () => {
    const right = { put: true, get: true, search: true, listNamespaces: true };
    const reference = () => new ReferenceStore({});
    expect(await methodAnswersWithin(TIMEOUT_MS, storeChecks(reference(), { ttl: TTL }))).toEqual(right);
    expect(await methodAnswersWithin(TIMEOUT_MS, storeChecks(ttlGetIgnoresExpiry.create(), { ttl: TTL }))).toEqual({
      ...right,
      get: false,
    });
    expect(await methodAnswersWithin(TIMEOUT_MS, storeChecks(ttlListsExpired.create(), { ttl: TTL }))).toEqual({
      ...right,
      listNamespaces: false,
    });
  });

  it("with a declared TTL, find every reader's expiry check inverted when the item is hidden fresh and shown past its expiry; a reader that only ignores expiry is not that", async () => {
    const readers = (store: Parameters<typeof storeReaderChecks>[0]) =>
      methodAnswersWithin(TIMEOUT_MS, storeReaderChecks(store, { ttl: TTL }));
    const datesRight = { itemDates: { get: true, search: true }, otherNamespaces: { get: true, search: true } };
    expect(await readers(new ReferenceStore({}))).toEqual({ ...datesRight, expiryInverted: { get: true, search: true } });
    expect(await readers(ttlExpiryInverted.create())).toEqual({ ...datesRight, expiryInverted: { get: false, search: false } });
    expect(await readers(ttlGetIgnoresExpiry.create())).toEqual(datesRight);
    // Without a declared TTL only the dates and the other namespaces are checked.
    expect(Object.keys(storeReaderChecks(new ReferenceStore({}), {}))).toEqual(["itemDates", "otherNamespaces"]);
  });

  it("find every reader of a store returning item dates as strings naming the time wrong (turning them into Dates is the reader's); the official store's right", async () => {
    const readers = (store: Parameters<typeof storeReaderChecks>[0]) => methodAnswersWithin(TIMEOUT_MS, storeReaderChecks(store, {}));
    expect(await readers(new InMemoryStore())).toEqual({
      itemDates: { get: true, search: true },
      otherNamespaces: { get: true, search: true },
    });
    expect(await readers(datesAsStrings.create())).toEqual({ itemDates: { get: false, search: false } });
    // Items lost on put: nothing to judge, so nothing decided.
    expect(await readers(putLosesItems)).toEqual({});
  });

  it("find a cache's set() wrong when sets at once into one namespace lose a key; a correct cache's right", async () => {
    expect(await methodAnswersWithin(TIMEOUT_MS, cacheChecks(new InMemoryCache()))).toEqual({ set: true });
    expect(await methodAnswersWithin(TIMEOUT_MS, cacheChecks(namespaceLostUpdate.create()))).toEqual({ set: false });
  });
});
