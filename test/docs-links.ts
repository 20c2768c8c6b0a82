/** Markdown links and headings, as GitHub and npm render them, for the tests that check the README and docs. */

export interface MarkdownLink {
  target: string;
  line: number;
}

/** Every `[text](target)` outside code (fenced blocks and inline code). */
export function markdownLinks(markdown: string): MarkdownLink[] {
  const links: MarkdownLink[] = [];
  proseLines(markdown).forEach(({ text, line }) => {
    for (const match of text.replace(/`[^`]*`/g, "").matchAll(/\]\(([^)\s]+)(?:\s+"[^"]*")?\)/g)) links.push({ target: match[1], line });
  });
  return links;
}

/** The anchors GitHub gives the headings: lower case, punctuation dropped, spaces to dashes, repeats numbered. */
export function headingAnchors(markdown: string): Set<string> {
  const anchors = new Set<string>();
  const seen = new Map<string, number>();
  for (const { text } of proseLines(markdown)) {
    const heading = /^#{1,6}\s+(.*)$/.exec(text);
    if (!heading) continue;
    const base = heading[1]
      .trim()
      .toLowerCase()
      .replace(/[^\p{L}\p{N}\s_-]/gu, "")
      .replace(/\s/g, "-");
    const count = seen.get(base) ?? 0;
    seen.set(base, count + 1);
    anchors.add(count === 0 ? base : `${base}-${count}`);
  }
  return anchors;
}

function proseLines(markdown: string): { text: string; line: number }[] {
  const out: { text: string; line: number }[] = [];
  let fence: string | undefined;
  markdown.split("\n").forEach((text, i) => {
    const marker = /^\s*(`{3,}|~{3,})/.exec(text)?.[1];
    if (marker && (fence === undefined || marker.startsWith(fence))) {
      fence = fence === undefined ? marker : undefined;
      return;
    }
    if (fence === undefined) out.push({ text, line: i + 1 });
  });
  return out;
}

/** The repository's web address from package.json's `repository.url` (`git+https://…/x.git` → `https://…/x`): the one place it is written. */
export function repositoryWebUrl(manifest: { repository?: string | { url?: string } }): string {
  const url = typeof manifest.repository === "string" ? manifest.repository : manifest.repository?.url;
  if (url === undefined) throw new Error("package.json has no repository.url");
  return url.replace(/^git\+/, "").replace(/\.git$/, "");
}

/** The repository path a link to `REPO/blob/main/PATH` or `REPO/tree/main/PATH` names (anchor and query dropped), or undefined for any other link. */
export function repositoryPath(target: string, repository: string): string | undefined {
  for (const kind of ["blob", "tree"]) {
    const prefix = `${repository}/${kind}/main/`;
    if (target.startsWith(prefix)) return decodeURIComponent(target.slice(prefix.length).split(/[#?]/)[0]).replace(/\/$/, "");
  }
  return undefined;
}

/**
 * Paths into the repository's own folders (`src/…`, `test/…`, `scripts/…`,
 * `bench/…`) a reader meets in the prose of a document (outside fenced code),
 * that are not a link: from an installed package they lead nowhere. A path
 * inside a command in inline code (`npx vitest run test/x.test.ts`, it has a
 * space) is a command to run in a clone, not a reference, and is left alone;
 * `isRepositoryPath` says which paths count (an upstream path like
 * `src/tests/store.test.ts` is not this repository's; a file that ships is
 * where the reader has it).
 */
export function unlinkedRepositoryPaths(markdown: string, isRepositoryPath: (path: string) => boolean): MarkdownLink[] {
  const found: MarkdownLink[] = [];
  proseLines(markdown).forEach(({ text, line }) => {
    const prose = text
      .replace(/\[[^\]]*\]\([^)\s]+(?:\s+"[^"]*")?\)/g, "[]()") // links: a linked path is fine
      .replace(/`[^`]* [^`]*`/g, "``"); // commands
    for (const m of prose.matchAll(/(?<![\w/.@-])(?:src|test|scripts|bench)\/[\w./*{},-]*[\w*}]/g)) {
      if (isRepositoryPath(m[0])) found.push({ target: m[0], line });
    }
  });
  return found;
}

/** The longest leading part of `path` without glob characters (`src/kinds/*.ts` → `src/kinds`). */
export function globFreePrefix(path: string): string {
  const parts = path.split("/");
  const i = parts.findIndex((p) => /[*{}]/.test(p));
  return (i < 0 ? parts : parts.slice(0, i)).join("/");
}
