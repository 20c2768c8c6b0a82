/**
 * The savers and the lifespan a run holds right now, with how to let each go
 * (the factory's code after `yield`, the lifespan's teardown). The supervised
 * child releases them when the run is interrupted, so a Ctrl-C still runs the
 * user's own clean-up (a temporary database, a test schema, a container).
 */
const open = new Set<() => Promise<void>>();

/** Holds `release` until it runs; returns the release to call instead (it stops holding it first). */
export function holdOpen(release: () => Promise<void>): () => Promise<void> {
  let released: Promise<void> | undefined;
  const once = () => {
    open.delete(once);
    released ??= release();
    return released;
  };
  open.add(once);
  return once;
}

/** Releases everything still held, newest first (a saver before the lifespan it runs in); never rejects. */
export async function releaseAllOpen(): Promise<void> {
  for (const release of [...open].reverse()) {
    try {
      await release();
    } catch {
      // The run is being interrupted: a clean-up that fails has nobody left to report to.
    }
  }
}
