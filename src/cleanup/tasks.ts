/**
 * The clean-ups of everything a run created that outlives it unless removed:
 * temporary directories and server processes. Each is tracked from the moment
 * it exists until it is cleaned up, so an interrupted or crashing run can
 * clean up what is left, newest first (a server stops before its directory goes).
 */

/** How one resource is cleaned up. */
export interface CleanupSteps {
  /** The normal way: stop what runs, remove what was created. */
  run(): Promise<void>;
  /** The last resort, when nothing asynchronous can run any more (the 'exit' event, a second Ctrl-C): kill, remove, synchronously. */
  runNow(): void;
}

/** A tracked clean-up. */
export interface TrackedCleanup {
  /** Cleans up (once: later calls share the first) and stops tracking. */
  run(): Promise<void>;
}

interface Entry {
  steps: CleanupSteps;
  running?: Promise<void>;
}

const entries: Entry[] = [];
let exitHooked = false;

/** Tracks a resource until its clean-up has run; the synchronous steps run on 'exit' if it is still tracked then. */
export function track(steps: CleanupSteps): TrackedCleanup {
  if (!exitHooked) {
    exitHooked = true;
    process.on("exit", runCleanupsNow);
  }
  const entry: Entry = { steps };
  entries.push(entry);
  return { run: () => runEntry(entry) };
}

function runEntry(entry: Entry): Promise<void> {
  entry.running ??= entry.steps.run().finally(() => {
    const index = entries.indexOf(entry);
    if (index !== -1) entries.splice(index, 1);
  });
  return entry.running;
}

/**
 * Runs every tracked clean-up, newest first, including any tracked while it
 * runs; a failing one does not stop the others. Also waits for clean-ups the
 * run itself had started.
 */
export async function runCleanups(): Promise<void> {
  for (;;) {
    const next = entries.findLast((entry) => entry.running === undefined);
    if (!next) break;
    await runEntry(next).catch(() => undefined);
  }
  await Promise.allSettled(entries.map((entry) => entry.running));
}

/** The synchronous last resort for whatever is still tracked, newest first. */
export function runCleanupsNow(): void {
  for (const entry of entries.splice(0).reverse()) {
    try {
      entry.steps.runNow();
    } catch {
      // the process is ending: nothing left to report it to
    }
  }
}

/** Whether `promise` settled within `ms` (never rejects). */
export async function settledWithin(promise: Promise<unknown>, ms: number): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<false>((resolve) => {
    timer = setTimeout(() => resolve(false), ms);
  });
  try {
    return await Promise.race([
      promise.then(
        () => true,
        () => true,
      ),
      timeout,
    ]);
  } finally {
    clearTimeout(timer);
  }
}
