/** How long after its siblings finished a failing node waits, so their writes are stored first. */
const SETTLE_MS = 25;

/**
 * Resolves once `count` parties have arrived. Parallel nodes wait on it so the
 * order in which they finish (and so which siblings an error aborts) does not
 * depend on timing.
 */
export class Barrier {
  private arrived = 0;
  private release!: () => void;
  readonly done: Promise<void>;

  constructor(private readonly count: number) {
    this.done = new Promise((resolve) => (this.release = resolve));
    if (count <= 0) this.release();
  }

  arrive(): void {
    this.arrived += 1;
    if (this.arrived >= this.count) this.release();
  }

  /** `done`, then SETTLE_MS, so the writes of the parties that arrived are stored before the waiter fails. */
  async settled(): Promise<void> {
    await this.done;
    await sleep(SETTLE_MS);
  }
}

export const sleep = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));
