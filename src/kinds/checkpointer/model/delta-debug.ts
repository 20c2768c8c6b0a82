/**
 * Delta debugging: drops chunks of `items` (halves, then quarters, … then one
 * at a time, repeated until nothing more goes), then pairs of calls that are
 * not next to each other (fast-check's shrinker removes only one contiguous
 * block at a time, so two unrelated calls that are only removable together
 * survive it), while `reproduces` still holds, within `maxReplays` calls of
 * `reproduces`. Returns the smallest list found.
 */
export async function minimise<T>(
  items: readonly T[],
  reproduces: (candidate: readonly T[]) => Promise<boolean>,
  maxReplays: number,
): Promise<{ items: T[]; replays: number }> {
  let current = [...items];
  let replays = 0;
  const attempt = async (candidate: T[]) => {
    replays++;
    if (candidate.length < current.length && (await reproduces(candidate))) {
      current = candidate;
      return true;
    }
    return false;
  };
  let chunk = Math.max(1, Math.ceil(current.length / 2));
  for (;;) {
    let removed = false;
    for (let start = 0; start < current.length && replays < maxReplays; ) {
      if (await attempt([...current.slice(0, start), ...current.slice(start + chunk)])) removed = true;
      else start += chunk;
    }
    if (replays >= maxReplays || (chunk === 1 && !removed)) break;
    chunk = Math.max(1, Math.floor(chunk / 2));
  }
  for (let i = 0; i < current.length && replays < maxReplays; i++) {
    for (let j = i + 2; j < current.length && replays < maxReplays; j++) {
      if (await attempt(current.filter((_, k) => k !== i && k !== j))) {
        j = i + 1; // the list changed: retry the pairs of this i from the start
      }
    }
  }
  return { items: current, replays };
}

/** A call repeated in a loop (a long thread's puts): it can be rebuilt with fewer repetitions. */
export interface Loop<T> {
  readonly repetitions: number;
  withRepetitions(n: number): T;
}

/**
 * Each loop of `items` (as `loopOf` sees them) cut to the fewest repetitions
 * that still reproduce, by bisection between 1 and its count (a loop that
 * fails at n repetitions is taken to fail at every count above n), within
 * `maxReplays` calls of `reproduces`.
 */
export async function shrinkLoops<T>(
  items: readonly T[],
  loopOf: (item: T) => Loop<T> | undefined,
  reproduces: (candidate: readonly T[]) => Promise<boolean>,
  maxReplays: number,
): Promise<{ items: T[]; replays: number }> {
  const current = [...items];
  let replays = 0;
  for (let i = 0; i < current.length; i++) {
    const loop = loopOf(current[i]);
    if (loop === undefined) continue;
    let [low, high] = [1, loop.repetitions];
    while (low < high && replays < maxReplays) {
      const mid = Math.floor((low + high) / 2);
      replays++;
      if (await reproduces(current.map((item, k) => (k === i ? loop.withRepetitions(mid) : item)))) high = mid;
      else low = mid + 1;
    }
    if (high < loop.repetitions) current[i] = loop.withRepetitions(high);
  }
  return { items: current, replays };
}
