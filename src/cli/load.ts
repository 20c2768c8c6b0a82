import { existsSync, statSync } from "node:fs";
import { createRequire } from "node:module";
import { extname, isAbsolute, join, resolve } from "node:path";
import { pathToFileURL } from "node:url";
import { describeValue } from "../describe-value.js";
import type { RegisteredCheckpointer } from "../registration.js";
import { firstLine } from "../reporters/summary.js";
import { errorText } from "../describe-value.js";
import { toRegistration } from "../validation-initializer.js";
import { describeSyntaxError } from "./syntax-error.js";
import { CliUsageError } from "./usage-error.js";

const MODULE_EXTENSIONS = [".ts", ".mts", ".mjs", ".js", ".cjs"];
const TYPESCRIPT_EXTENSIONS = [".ts", ".mts"];

/**
 * Imports the user's module (a file path or a package name) and returns the
 * registration it exports: `checkpointerTest(...)`, or a validation-package
 * initializer converted into one.
 */
export async function loadRegistration(specifier: string, exportName: string | undefined, cwd: string): Promise<RegisteredCheckpointer> {
  const target = resolveModule(specifier, cwd);
  if (target.kind === "file" && TYPESCRIPT_EXTENSIONS.includes(extname(target.path))) await registerTypeScript(specifier);
  let namespace: Record<string, unknown>;
  try {
    namespace = (await import(target.kind === "file" ? pathToFileURL(target.path).href : target.name)) as Record<string, unknown>;
  } catch (error) {
    const syntax = describeSyntaxError(error, target.kind === "file" ? target.path : undefined);
    if (syntax) throw new CliUsageError(syntax);
    throw new CliUsageError(`${specifier} failed to load: ${firstLine(errorText(error))}; fix the error in that module (run it with node or tsx to see the stack)`);
  }
  const name = exportName ?? "default";
  const value = pickExport(namespace, name);
  if (value === undefined) {
    const available = Object.keys(namespace).filter((k) => k !== "module.exports");
    const hint = exportName ? "check the name" : "export the registration as default, or pass --export NAME";
    throw new CliUsageError(`${specifier} has no export "${name}" (its exports: ${available.join(", ") || "none"}); ${hint}`);
  }
  const registered = toRegistration(value);
  if (!registered) {
    throw new CliUsageError(
      `export "${name}" of ${specifier} is not a registration (got ${describeValue(value)}); export what checkpointerTest() returns, or a @langchain/langgraph-checkpoint-validation initializer`,
    );
  }
  return registered;
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
    throw new CliUsageError(`cannot find a file or an installed package named "${name}" from ${cwd}; give a path like ./${name}.ts or npm install the package`);
  }
}

let typescriptRegistered = false;

/** TypeScript without a build step: tsx's ESM loader, registered once for this process. */
async function registerTypeScript(specifier: string): Promise<void> {
  if (typescriptRegistered) return;
  let api: { register(): unknown };
  try {
    api = (await import("tsx/esm/api")) as typeof api;
  } catch {
    throw new CliUsageError(`loading the TypeScript module ${specifier} needs tsx; npm install tsx, or build it and pass the .js file`);
  }
  api.register();
  typescriptRegistered = true;
}

/** `import()` of a CommonJS module puts module.exports on `default`; named exports may live only there. */
function pickExport(namespace: Record<string, unknown>, name: string): unknown {
  if (namespace[name] !== undefined) return namespace[name];
  const commonJs = namespace.default;
  if (name !== "default" && typeof commonJs === "object" && commonJs !== null) return (commonJs as Record<string, unknown>)[name];
  return undefined;
}
