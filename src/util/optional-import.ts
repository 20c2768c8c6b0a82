/** Whether optional packages load, and if not, why (a backend's `Availability` has this shape). */
export type PackagesLoad = { ok: true } | { ok: false; reason: string };

/**
 * Loads an optional peer dependency. Backends import their drivers this way so
 * that installing the package without them still works: the backend is then
 * reported as unavailable, with the install command as the reason.
 */
export async function importOptional<T>(specifier: string): Promise<{ ok: true; module: T } | { ok: false; reason: string }> {
  try {
    return { ok: true, module: (await import(specifier)) as T };
  } catch (error) {
    if (isModuleNotFound(error)) {
      return { ok: false, reason: `the optional package "${specifier}" is not installed (npm install ${packageName(specifier)})` };
    }
    return { ok: false, reason: `loading "${specifier}" failed: ${error instanceof Error ? error.message : String(error)}` };
  }
}

/** Like `importOptional`, but throws the reason: for code that runs only after `available()` said yes. */
export async function requireOptional<T>(specifier: string): Promise<T> {
  const loaded = await importOptional<T>(specifier);
  if (!loaded.ok) throw new Error(loaded.reason);
  return loaded.module;
}

/** Whether every one of these optional packages loads; the first that does not gives the reason. */
export async function optionalPackagesLoad(specifiers: readonly string[]): Promise<PackagesLoad> {
  for (const specifier of specifiers) {
    const loaded = await importOptional(specifier);
    if (!loaded.ok) return loaded;
  }
  return { ok: true };
}

/** A missing module, also when a loader (tsx, a test runner's mocks) wrapped the error in another. */
function isModuleNotFound(error: unknown): boolean {
  for (let e: unknown = error, depth = 0; e instanceof Error && depth < 5; e = e.cause, depth++) {
    const code = (e as { code?: unknown }).code;
    if (code === "ERR_MODULE_NOT_FOUND" || code === "MODULE_NOT_FOUND") return true;
  }
  return false;
}

function packageName(specifier: string): string {
  const parts = specifier.split("/");
  return specifier.startsWith("@") ? parts.slice(0, 2).join("/") : parts[0];
}
