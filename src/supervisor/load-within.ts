import { loadRegistration } from "../loader/load.js";
import { CliUsageError } from "../util/usage-error.js";
import type { AnyRegistration } from "../registration.js";
import type { RunRequest } from "./protocol.js";

/** The user's registration, or a usage error when loading its module does not finish in time. */
export async function loadRegistrationWithin(request: RunRequest): Promise<AnyRegistration> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => {
      const seconds = request.loadTimeoutMs / 1000;
      reject(
        new CliUsageError(
          `loading ${request.module} did not finish within ${seconds} s (a top-level await that never settles?); fix the module, or raise CONFORMANCE_LOAD_TIMEOUT_MS`,
        ),
      );
    }, request.loadTimeoutMs);
  });
  try {
    return await Promise.race([loadRegistration(request.module, request.exportName, request.cwd), timeout]);
  } finally {
    clearTimeout(timer);
  }
}
