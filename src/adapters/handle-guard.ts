import { AsyncLocalStorage, createHook, type AsyncHook } from "node:async_hooks";

/**
 * Inside a test runner the saver runs in the runner's own process: a timer,
 * socket, server or pool it leaves open keeps that process alive, so jest never
 * exits ("did not exit one second after the test run has completed") and a
 * node:test file never ends. This guard records the handles created while the
 * suite's own hooks run (in their async context, and what those handles start,
 * such as a server's accepted sockets), and when the suite ends unrefs the ones
 * still open, so they no longer keep the process alive, and names them in one
 * warning so that the author closes them. Handles of the user's other tests are
 * created outside that context and are left alone.
 */
export interface HandleGuard {
  /** Runs `fn` (a suite hook: the lifespan, a capability) with what it creates tracked. */
  run<T>(fn: () => Promise<T>): Promise<T>;
  /** The suite ended: stops tracking, unrefs what it left open; returns the warning, or undefined when nothing was left. */
  release(): Promise<string | undefined>;
}

interface Tracked {
  type: string;
  /** Weak: the table must not keep finished timers and closed sockets from being collected. */
  resource: WeakRef<object>;
}

/** The suite whose hook is running, propagated through every async continuation of that hook. */
const suiteContext = new AsyncLocalStorage<Map<number, Tracked>>();
/** Every open suite's tracked resources, by async id of the resource; the hook runs while one is open. */
const open = new Set<Map<number, Tracked>>();
let hook: AsyncHook | undefined;

/** Promises and ticks never keep a process alive; skipping them keeps the tables small. */
const IGNORED = new Set(["PROMISE", "TickObject", "Microtask"]);

export function guardSuiteHandles(suiteTitle: string): HandleGuard {
  const tracked = new Map<number, Tracked>();
  let released = false;
  return {
    run(fn) {
      // From the suite's first hook on (a suite the runner filters out never turns the hook on).
      if (!released && !open.has(tracked)) {
        open.add(tracked);
        ensureHook();
      }
      return suiteContext.run(tracked, fn);
    },
    async release() {
      if (released || !open.has(tracked)) return undefined;
      released = true;
      // A handle the teardown closed without awaiting it is closed a turn of the event loop later.
      await new Promise((resolve) => setImmediate(resolve));
      await new Promise((resolve) => setImmediate(resolve));
      open.delete(tracked);
      if (open.size === 0) {
        hook?.disable();
        hook = undefined;
      }
      const left = [...tracked.values()].flatMap(({ type, resource }) => {
        const alive = resource.deref();
        return alive && keepsProcessAlive(alive) ? [{ type, resource: alive }] : [];
      });
      tracked.clear();
      if (left.length === 0) return undefined;
      for (const { resource } of left) (resource as { unref(): void }).unref();
      return `checkpoint-conformance: the ${suiteTitle} suite left ${left.length} handle${left.length === 1 ? "" : "s"} open (${describeAll(left)}); they no longer keep the process alive, but the saver should close them (in its factory's cleanup or its lifespan's teardown)`;
    },
  };
}

function ensureHook(): void {
  if (hook) return;
  hook = createHook({
    init(asyncId, type, triggerAsyncId, resource) {
      if (IGNORED.has(type)) return;
      // An accepted connection is created by the server's handle, outside any JavaScript context: it belongs to the server's suite.
      const owner = suiteContext.getStore() ?? [...open].find((suite) => suite.has(triggerAsyncId));
      if (owner && open.has(owner)) owner.set(asyncId, { type, resource: new WeakRef(resource) });
    },
  }).enable();
}

function keepsProcessAlive(resource: object): boolean {
  const r = resource as { hasRef?: () => boolean; unref?: () => void; _destroyed?: boolean };
  return typeof r.hasRef === "function" && typeof r.unref === "function" && r._destroyed !== true && r.hasRef();
}

const DESCRIPTIONS: Record<string, string> = {
  Timeout: "a timer (setTimeout/setInterval)",
  Immediate: "a setImmediate",
  TCPSERVERWRAP: "a TCP server",
  TCPWRAP: "a TCP socket",
  PIPESERVERWRAP: "a pipe server",
  PIPEWRAP: "a pipe or Unix socket",
  UDPWRAP: "a UDP socket",
  PROCESSWRAP: "a child process",
  FSEVENTWRAP: "a file watcher",
  STATWATCHER: "a file watcher",
  SIGNALWRAP: "a signal listener",
  MESSAGEPORT: "a message port",
  WORKER: "a worker thread",
};

/** "2 × a timer (setTimeout/setInterval), a TCP server" */
function describeAll(left: readonly { type: string }[]): string {
  const counts = new Map<string, number>();
  for (const { type } of left) {
    const text = DESCRIPTIONS[type] ?? type;
    counts.set(text, (counts.get(text) ?? 0) + 1);
  }
  return [...counts].map(([text, n]) => (n === 1 ? text : `${n} × ${text}`)).join(", ");
}
