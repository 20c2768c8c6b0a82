import type { CapabilityId } from "../kinds/descriptors.js";
import { PROGRESS_HOOKS, type ProgressHooks } from "./progress.js";

/** Hooks that keep a serial run's order, and `flush()`, which passes on whatever is still held (a run cut short). */
export type SerialOrderHooks = ProgressHooks & { flush(): void };

/**
 * Hooks that pass each call on to `hooks` in the order a serial run makes
 * them, whatever order capabilities running at once make them in: a
 * capability's calls are held until every capability before it in `order`
 * has ended (`onCapabilityEnd`). Calls about no capability of `order`, or
 * about one already ended, pass at once; `onRunEnd` passes what is held first.
 */
export function serialOrderHooks(hooks: ProgressHooks, order: readonly CapabilityId[]): SerialOrderHooks {
  const held = new Map<CapabilityId, (() => boolean)[]>();
  let head = 0;
  const release = () => {
    while (head < order.length) {
      const calls = held.get(order[head]!) ?? [];
      held.delete(order[head]!);
      let ended = false;
      for (const call of calls) ended = call() || ended;
      if (!ended) return;
      head++;
    }
  };
  const flush = () => {
    for (; head < order.length; head++) {
      for (const call of held.get(order[head]!) ?? []) call();
      held.delete(order[head]!);
    }
  };
  const ordered: Record<string, unknown> & { flush(): void } = { flush };
  for (const name of Object.keys(PROGRESS_HOOKS) as (keyof ProgressHooks)[]) {
    ordered[name] = (...args: unknown[]) => {
      // Returns whether the call ended its capability.
      const call = (): boolean => {
        (hooks[name] as ((...a: unknown[]) => void) | undefined)?.apply(hooks, args);
        return name === "onCapabilityEnd";
      };
      if (name === "onRunEnd") flush();
      const position = name === "onRunStart" || name === "onRunEnd" ? -1 : order.indexOf(args[0] as CapabilityId);
      if (position < head) {
        call();
      } else if (position === head) {
        if (call()) {
          head++;
          release();
        }
      } else {
        const calls = held.get(order[position]!) ?? [];
        calls.push(call);
        held.set(order[position]!, calls);
      }
    };
  }
  return ordered as SerialOrderHooks;
}

/**
 * Hooks that pass a capability's `onTestResult` calls on to `hooks` in its
 * planned test order (`planned`), whatever order the tests ended in: a
 * result is held until those of the tests planned before it passed. A
 * result of no planned test (a lifecycle step) passes at once; the
 * capability's end passes what is still held first. Other calls pass at once.
 */
export function inPlannedTestOrder(hooks: ProgressHooks, planned: (capability: CapabilityId) => readonly string[]): ProgressHooks {
  const state = new Map<CapabilityId, { next: number; held: Map<string, () => void>; passed: Set<string> }>();
  const of = (capability: CapabilityId) => {
    if (!state.has(capability)) state.set(capability, { next: 0, held: new Map(), passed: new Set() });
    return state.get(capability)!;
  };
  const release = (capability: CapabilityId) => {
    const s = of(capability);
    const names = planned(capability);
    for (; s.next < names.length; s.next++) {
      const name = names[s.next]!;
      if (s.passed.has(name)) continue;
      const call = s.held.get(name);
      if (!call) return;
      s.held.delete(name);
      s.passed.add(name);
      call();
    }
  };
  return {
    ...hooks,
    onTestResult(capability, name, ...rest) {
      const call = () => hooks.onTestResult?.(capability, name, ...rest);
      if (!planned(capability).includes(name)) return call();
      of(capability).held.set(name, call);
      release(capability);
    },
    onCapabilityEnd(capability, result) {
      const s = of(capability);
      for (const name of planned(capability)) {
        const call = s.held.get(name);
        if (call) call();
      }
      state.delete(capability);
      hooks.onCapabilityEnd?.(capability, result);
    },
  };
}
