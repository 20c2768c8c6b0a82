/**
 * Every name the README and docs tell a user to import from this package, by
 * entry point: `import { a, type B } from "langgraph-checkpoint-conformance/x"`
 * and `const { a } = require("...")`, in code blocks and prose alike, and the
 * prose form "`A`, `B` in `/x`". The packaging tests import each one from the
 * installed tarball, so a documented export that does not exist fails.
 */
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { REPO_ROOT } from "../cli/run-cli-process.js";
import { PACKAGE_NAME } from "./scratch-project.js";

export interface DocumentedNames {
  values: Set<string>;
  types: Set<string>;
  /** `file` of each name's first mention, for the failure message. */
  where: Map<string, string>;
}

/** The user docs: the README and docs/*.md (the files the tarball ships). */
export function userDocs(): string[] {
  return [
    "README.md",
    ...readdirSync(join(REPO_ROOT, "docs"))
      .filter((f) => f.endsWith(".md"))
      .map((f) => `docs/${f}`),
  ];
}

export function documentedImports(docs: readonly string[] = userDocs()): Map<string, DocumentedNames> {
  const bySpecifier = new Map<string, DocumentedNames>();
  const add = (specifier: string, name: string, typeOnly: boolean, file: string) => {
    const names = bySpecifier.get(specifier) ?? { values: new Set<string>(), types: new Set<string>(), where: new Map<string, string>() };
    bySpecifier.set(specifier, names);
    (typeOnly ? names.types : names.values).add(name);
    if (!names.where.has(name)) names.where.set(name, file);
  };
  const pkg = PACKAGE_NAME.replace(/[-/]/g, "\\$&");
  const statement = new RegExp(
    `import\\s+(type\\s+)?\\{([^}]*)\\}\\s*from\\s*["'](${pkg}(?:/[\\w-]+)?)["']|\\{([^}]*)\\}\\s*=\\s*require\\(\\s*["'](${pkg}(?:/[\\w-]+)?)["']\\s*\\)`,
    "g",
  );
  for (const file of docs) {
    const text = readFileSync(join(REPO_ROOT, file), "utf8");
    for (const m of text.matchAll(statement)) {
      const [list, specifier, allTypes] = m[2] !== undefined ? [m[2], m[3], m[1] !== undefined] : [m[4], m[5], false];
      for (const part of list
        .split(",")
        .map((p) => p.trim())
        .filter(Boolean)) {
        const typeOnly = allTypes || part.startsWith("type ");
        const name = part
          .replace(/^type\s+/, "")
          .split(/\s+as\s+/)[0]
          .split(/\s*:\s*/)[0]
          .trim();
        add(specifier, name, typeOnly, file);
      }
    }
    // Prose: "(`STORE_BACKENDS`, `CACHE_BACKENDS` in `/backends`)".
    for (const m of text.matchAll(/((?:`[A-Za-z_$][\w$]*`(?:,\s*|\s+and\s+))*`[A-Za-z_$][\w$]*`)\s+in\s+`(\/[\w-]+)`/g)) {
      for (const name of m[1].matchAll(/`([^`]+)`/g)) add(`${PACKAGE_NAME}${m[2]}`, name[1], false, file);
    }
  }
  return bySpecifier;
}

/** A TypeScript module importing every documented name from its entry point and using it, so a missing one is an error. */
export function documentedImportsModule(imports: Map<string, DocumentedNames>): string {
  const lines: string[] = [];
  let i = 0;
  for (const [specifier, { values, types }] of imports) {
    const names = [...[...values].map((v) => `${v} as v${i}_${v}`), ...[...types].map((t) => `type ${t} as t${i}_${t}`)];
    lines.push(`import { ${names.join(", ")} } from "${specifier}";`);
    for (const v of values) lines.push(`export const used_v${i}_${v} = v${i}_${v};`);
    for (const t of types) lines.push(`export type Used_t${i}_${t} = t${i}_${t};`);
    i++;
  }
  return `${lines.join("\n")}\n`;
}

/** An ES module that imports every documented value and fails when one is undefined at run time. */
export function documentedValuesScript(imports: Map<string, DocumentedNames>): string {
  const lines: string[] = [];
  for (const [specifier, { values }] of imports) {
    lines.push(
      `{ const m = await import("${specifier}"); for (const name of ${JSON.stringify([...values])}) if (m[name] === undefined) { console.error("${specifier} has no export " + name); process.exitCode = 1; } }`,
    );
  }
  lines.push(`console.log("checked ${[...imports.values()].reduce((n, d) => n + d.values.size, 0)} documented values");`);
  return `${lines.join("\n")}\n`;
}
