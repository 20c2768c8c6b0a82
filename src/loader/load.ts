import { existsSync, statSync } from "node:fs";
import { createRequire } from "node:module";
import { extname, isAbsolute, join, resolve } from "node:path";
import { pathToFileURL } from "node:url";
import { describeValue } from "../util/describe-value.js";
import type { AnyRegistration } from "../registration.js";
import { firstLine } from "../reporters/summary.js";
import { errorText } from "../util/describe-value.js";
import { importOptional } from "../util/optional-import.js";
import { toRegistration } from "../engine/validation-initializer.js";
import { describeSyntaxError } from "./syntax-error.js";
import { CliUsageError } from "../util/usage-error.js";
import { foundUnderDefault } from "../util/under-default.js";

const MODULE_EXTENSIONS = [".ts", ".mts", ".cts", ".js", ".mjs", ".cjs"];
const TYPESCRIPT_EXTENSIONS = [".ts", ".mts", ".cts"];

/**
 * Imports the user's module (a file path or a package name) and returns the
 * registration it exports: `checkpointerTest(...)`, `storeTest(...)`, `cacheTest(...)`, or a validation-package
 * initializer converted into one.
 */
export async function loadRegistration(specifier: string, exportName: string | undefined, cwd: string): Promise<AnyRegistration> {
  const target = resolveModule(specifier, cwd);
  let namespace: Record<string, unknown>;
  try {
    namespace = await loadModule(target, specifier);
  } catch (error) {
    if (error instanceof CliUsageError) throw error;
    const syntax = describeSyntaxError(error, target.kind === "file" ? target.path : undefined);
    if (syntax) throw new CliUsageError(syntax);
    throw new CliUsageError(`${specifier} failed to load: ${firstLine(errorText(error))}; ${loadFailureHint(error)}`);
  }
  const name = exportName ?? "default";
  const value = pickExport(namespace, name);
  if (value === undefined) {
    const available = registrationExportNames(namespace);
    const hint = exportName ? "check the name" : "export the registration as default, or pass --export NAME";
    throw new CliUsageError(
      `${specifier} has no export "${name}" (its exports that are registrations: ${available.join(", ") || "none"}); ${hint}`,
    );
  }
  // A CommonJS module's compiled `export default` that import() left wrapped: `{ default: registration }`.
  const registered = toRegistration(value) ?? foundUnderDefault(value, toRegistration)?.found;
  if (!registered) {
    throw new CliUsageError(
      `export "${name}" of ${specifier} is not a registration (got ${describeValue(value)}); export what checkpointerTest(), storeTest() or cacheTest() returns, or a @langchain/langgraph-checkpoint-validation initializer`,
    );
  }
  return registered;
}

/** Node before 20.19 (and 22.12) cannot require() an ES module such as this package. */
function loadFailureHint(error: unknown): string {
  if ((error as { code?: unknown }).code === "ERR_REQUIRE_ESM") {
    return `this Node (${process.version}) cannot require() ES modules: use Node 20.19+ or 22.12+, or import the package (an .mjs or .mts module, or "type": "module")`;
  }
  return "fix the error in that module (run it with node or tsx to see the stack)";
}

type ModuleTarget = { kind: "file"; path: string } | { kind: "package"; name: string };

function resolveModule(specifier: string, cwd: string): ModuleTarget {
  const path = resolve(cwd, specifier);
  const looksLikePath = isAbsolute(specifier) || specifier.startsWith(".") || MODULE_EXTENSIONS.includes(extname(specifier));
  if (existsSync(path) && statSync(path).isFile()) {
    if (!MODULE_EXTENSIONS.includes(extname(path))) {
      throw new CliUsageError(`${specifier} is not a module this CLI loads; give a ${MODULE_EXTENSIONS.join(", ")} file or a package name`);
    }
    return { kind: "file", path };
  }
  if (looksLikePath) throw new CliUsageError(`cannot find the file ${path}; check the path (it is relative to ${cwd})`);
  return resolvePackage(specifier, cwd);
}

function resolvePackage(name: string, cwd: string): ModuleTarget {
  try {
    return { kind: "file", path: createRequire(join(cwd, "package.json")).resolve(name) };
  } catch (error) {
    // An ESM-only package has no "require" export; import() resolves it by name.
    if ((error as { code?: string }).code === "ERR_PACKAGE_PATH_NOT_EXPORTED") return { kind: "package", name };
    throw new CliUsageError(
      `cannot find a file or an installed package named "${name}" from ${cwd}; give a path like ./${name}.ts or npm install the package`,
    );
  }
}

/**
 * The module's namespace, as `import()` gives it (module.exports on `default`
 * for CommonJS). TypeScript loads through tsx, an optional peer: only `.ts`
 * modules need it.
 */
async function loadModule(target: ModuleTarget, specifier: string): Promise<Record<string, unknown>> {
  if (target.kind === "package") return (await import(target.name)) as Record<string, unknown>;
  const extension = extname(target.path);
  if (extension === ".cts") {
    // Required, not imported: a .cts module require()s this ES package, which
    // Node cannot do while tsx's ES module hooks are registered.
    await registerTypeScript(specifier, "cjs");
    return { default: createRequire(target.path)(target.path) as unknown };
  }
  // Both of tsx's loaders: the CommonJS one runs a .ts module of a CommonJS
  // project, which Node would otherwise require() in the middle of importing it.
  if (TYPESCRIPT_EXTENSIONS.includes(extension)) await registerTypeScript(specifier, "esm", "cjs");
  return (await import(pathToFileURL(target.path).href)) as Record<string, unknown>;
}

const registeredLoaders = new Set<"esm" | "cjs">();

/** Registers tsx's ESM and/or CommonJS loader, once each for this process. */
async function registerTypeScript(specifier: string, ...loaders: ("esm" | "cjs")[]): Promise<void> {
  for (const loader of loaders) {
    if (registeredLoaders.has(loader)) continue;
    const api = await importOptional<{ register(): unknown }>(`tsx/${loader}/api`);
    if (!api.ok) {
      throw new CliUsageError(
        `loading the TypeScript module ${specifier} needs tsx: install tsx to load .ts files (npm i -D tsx), or build it and pass the .js file [${api.reason}]`,
      );
    }
    api.module.register();
    registeredLoaders.add(loader);
  }
}

/** `import()` of a CommonJS module puts module.exports on `default`; named exports may live only there. */
function pickExport(namespace: Record<string, unknown>, name: string): unknown {
  const commonJs = commonJsExports(namespace);
  if (name === "default") {
    // A compiled `export default` (TypeScript, Babel) is module.exports.default, marked by __esModule.
    if (commonJs?.__esModule === true && commonJs.default !== undefined) return commonJs.default;
    return namespace.default;
  }
  return namespace[name] ?? commonJs?.[name];
}

function commonJsExports(namespace: Record<string, unknown>): Record<string, unknown> | undefined {
  const exports = namespace.default;
  return typeof exports === "object" && exports !== null ? (exports as Record<string, unknown>) : undefined;
}

/**
 * The names worth passing to --export: the exports that are registrations. Not
 * every key of `default`: in an ES module that is the registration itself.
 */
function registrationExportNames(namespace: Record<string, unknown>): string[] {
  const names = new Set(Object.keys(namespace).filter((k) => k !== "module.exports"));
  for (const key of Object.keys(commonJsExports(namespace) ?? {})) if (key !== "__esModule") names.add(key);
  return [...names].filter((name) => toRegistration(pickExport(namespace, name)) !== undefined);
}
