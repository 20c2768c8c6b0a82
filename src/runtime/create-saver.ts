import type { RegisteredCheckpointer, SaverLease } from "../registration.js";
import { holdOpen } from "./open-leases.js";
import { withTimeoutReleasing } from "../util/timeout.js";

/**
 * A fresh saver from the registration's factory, within the timeout. A saver
 * that arrives after the timeout is still released (its cleanup runs): every
 * entry point and section creates its savers through this.
 */
export function createSaver(registered: RegisteredCheckpointer, timeoutMs: number, what = "in the factory (creating a saver)"): Promise<SaverLease> {
  const held = registered.create().then((lease): SaverLease => ({ saver: lease.saver, release: holdOpen(() => lease.release()) }));
  return withTimeoutReleasing(held, timeoutMs, () => what, (late) => late.release());
}
