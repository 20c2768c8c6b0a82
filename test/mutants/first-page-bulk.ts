import { ReferenceSaver, writesKey, type StoredRef } from "../fixtures/reference-saver.js";
import type { PruneStrategy } from "../../src/kinds/checkpointer/extended-saver.js";

/** One backend key a bulk operation acts on: a checkpoint row, or one write of it (`write` is its "task,idx" key). */
interface BulkItem {
  ref: StoredRef;
  write?: string;
}

/** A backend's page: so many keys, or so many bytes. */
export type Page = { keys: number } | { bytes: number };

export type BulkOperation = "deleteThread" | "copyThread" | "prune" | "deleteForRuns";

/**
 * The reference saver whose chosen bulk operation lists the keys it must act
 * on with one query (checkpoint keys sort before write keys, as `checkpoint:…`
 * before `writes:…`) and acts on the first page of that listing only.
 */
export class FirstPageBulkSaver extends ReferenceSaver {
  constructor(
    private readonly operation: BulkOperation,
    private readonly page: Page,
  ) {
    super();
  }

  override async deleteThread(threadId: string): Promise<void> {
    if (this.operation !== "deleteThread") return super.deleteThread(threadId);
    for (const item of this.firstPage(this.refs([threadId]))) this.removeItem(item);
  }

  override async copyThread(sourceThreadId: string, targetThreadId: string): Promise<void> {
    if (this.operation !== "copyThread") return super.copyThread(sourceThreadId, targetThreadId);
    for (const { ref, write } of this.firstPage(this.refs([sourceThreadId]))) {
      if (write === undefined) {
        this.copyEntry(ref, targetThreadId, this.storage[ref.threadId][ref.ns][ref.id]);
        continue;
      }
      const record = this.writes[writesKey(ref.threadId, ref.ns, ref.id)]![write]!;
      (this.writes[writesKey(targetThreadId, ref.ns, ref.id)] ??= Object.create(null))[write] = [
        record[0],
        record[1],
        record[2].slice(),
        record[3],
      ];
    }
  }

  override async prune(threadIds: string[], options: { strategy?: PruneStrategy } = {}): Promise<void> {
    if (this.operation !== "prune" || (options.strategy ?? "keep_latest") !== "keep_latest") return super.prune(threadIds, options);
    const doomed: StoredRef[] = [];
    for (const threadId of threadIds) {
      for (const ns of Object.keys(this.storage[threadId] ?? {})) {
        const keep = await this.keptByKeepLatest(threadId, ns);
        for (const id of Object.keys(this.storage[threadId][ns])) if (!keep.has(id)) doomed.push({ threadId, ns, id });
      }
    }
    for (const item of this.firstPage(doomed)) this.removeItem(item);
  }

  override async deleteForRuns(runIds: string[]): Promise<void> {
    if (this.operation !== "deleteForRuns") return super.deleteForRuns(runIds);
    for (const item of this.firstPage(await this.refsOfRuns(runIds))) this.removeItem(item);
  }

  /** The checkpoint keys of `refs`, then their write keys, cut at the page. */
  private firstPage(refs: readonly StoredRef[]): BulkItem[] {
    const items: (BulkItem & { bytes: number })[] = [];
    for (const ref of refs) {
      const [checkpoint, metadata] = this.storage[ref.threadId][ref.ns][ref.id];
      items.push({ ref, bytes: checkpoint.length + metadata.length });
    }
    for (const ref of refs) {
      for (const [write, record] of Object.entries(this.writes[writesKey(ref.threadId, ref.ns, ref.id)] ?? {}))
        items.push({ ref, write, bytes: record[2].length });
    }
    if ("keys" in this.page) return items.slice(0, this.page.keys);
    let bytes = 0;
    const { bytes: limit } = this.page;
    return items.filter((item) => (bytes += item.bytes) <= limit);
  }

  private removeItem({ ref, write }: BulkItem): void {
    if (write === undefined) {
      delete this.storage[ref.threadId]?.[ref.ns]?.[ref.id];
      if (this.storage[ref.threadId]?.[ref.ns] && Object.keys(this.storage[ref.threadId][ref.ns]).length === 0)
        delete this.storage[ref.threadId][ref.ns];
      return;
    }
    delete this.writes[writesKey(ref.threadId, ref.ns, ref.id)]?.[write];
  }
}
