import events from "node:events";

/** Above the widest superstep a scenario runs (G23: 50 writers). */
const LISTENERS_PER_SIGNAL = 200;

let running = 0;
let previous = events.defaultMaxListeners;

/**
 * Runs `body` with Node's listener limit raised for the AbortSignals created
 * meanwhile. LangGraph races every task of a superstep against one signal, so
 * a superstep of more than 10 parallel nodes makes Node print a
 * MaxListenersExceededWarning for what is no leak. Restored when the last
 * scenario running ends.
 */
export async function withParallelTasks<T>(body: () => Promise<T>): Promise<T> {
  if (running++ === 0) {
    previous = events.defaultMaxListeners;
    events.setMaxListeners(LISTENERS_PER_SIGNAL);
  }
  try {
    return await body();
  } finally {
    if (--running === 0) events.setMaxListeners(previous);
  }
}
