/**
 * A saver that fires a promise and forgets it (a missing `await`) can reject
 * with nobody listening; by default Node then kills the process, and with it
 * the whole conformance run. While a run is going, such rejections are caught
 * here and handed to the innermost open sink: the spec test that is running,
 * else the run itself.
 */
type Sink = (reason: unknown) => void;

const sinks: Sink[] = [];

function onRejection(reason: unknown): void {
  sinks[sinks.length - 1]?.(reason);
}

/** Routes unhandled rejections to `sink` until the returned function is called. */
export function captureUnhandledRejections(sink: Sink): () => void {
  if (sinks.length === 0) process.on("unhandledRejection", onRejection);
  sinks.push(sink);
  let closed = false;
  return () => {
    if (closed) return;
    closed = true;
    const i = sinks.lastIndexOf(sink);
    if (i >= 0) sinks.splice(i, 1);
    if (sinks.length === 0) process.off("unhandledRejection", onRejection);
  };
}

/** Lets rejections of already-settled promises reach the listener (they are reported on a later tick). */
export function settleTick(): Promise<void> {
  return new Promise((resolve) => setImmediate(resolve));
}
