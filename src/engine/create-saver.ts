import type { RegisteredCheckpointer, SaverLease } from "../registration.js";
import { withTimeoutReleasing } from "./timeout.js";

/**
 * A fresh saver from the registration's factory, within the timeout. A saver
 * that arrives after the timeout is still released (its cleanup runs): every
 * entry point and section creates its savers through this.
 */
export function createSaver(registered: RegisteredCheckpointer, timeoutMs: number, what = "in the factory (creating a saver)"): Promise<SaverLease> {
  return withTimeoutReleasing(registered.create(), timeoutMs, () => what, (late) => late.release());
}
