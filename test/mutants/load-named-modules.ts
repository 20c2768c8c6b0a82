import { readdirSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";

/**
 * The default export of every `*<suffix>` file in the folder of `folderUrl`
 * (an `import.meta.url`), sorted by file name. Each must be a `what` whose
 * name is its file name without the suffix.
 */
export async function loadNamedModules<T extends { name: string }>(folderUrl: string, suffix: string, what: string): Promise<T[]> {
  const folder = dirname(fileURLToPath(folderUrl));
  const files = readdirSync(folder)
    .filter((f) => f.endsWith(suffix))
    .sort();
  const loaded: T[] = [];
  for (const file of files) {
    const mod = (await import(pathToFileURL(join(folder, file)).href)) as { default?: T };
    if (!mod.default) throw new Error(`${file} has no default export (${what})`);
    if (`${mod.default.name}${suffix}` !== file) throw new Error(`${file}: mutant name "${mod.default.name}" must match its file name`);
    loaded.push(mod.default);
  }
  return loaded;
}
