import { Embeddings } from "@langchain/core/embeddings";

/**
 * A deterministic embedder for tests: a hashed bag of words. Each word
 * (letters and digits, lower-cased, any script) adds ±1 to one of `dims`
 * buckets chosen by its FNV-1a hash; the vector is scaled to length 1. Texts
 * sharing words score higher; the same text always gives the same vector; no
 * network, no model. Text without words maps to a fixed unit vector.
 *
 * Usable wherever the stores take an embedder:
 * `new InMemoryStore({ index: { dims, embeddings: fakeEmbeddings(dims) } })`,
 * `new PostgresStore({ ..., index: { dims, embed: fakeEmbeddings(dims) } })`.
 * @public
 */
export class FakeEmbeddings extends Embeddings {
  constructor(readonly dims: number) {
    super({});
    if (!Number.isInteger(dims) || dims < 2) throw new Error(`FakeEmbeddings: dims must be an integer >= 2, got ${dims}`);
  }

  async embedDocuments(texts: string[]): Promise<number[][]> {
    return texts.map((t) => embedText(t, this.dims));
  }

  async embedQuery(text: string): Promise<number[]> {
    return embedText(text, this.dims);
  }
}

/** A deterministic `dims`-dimensional embedder (see `FakeEmbeddings`). @public */
export function fakeEmbeddings(dims: number): FakeEmbeddings {
  return new FakeEmbeddings(dims);
}

/** The vector `FakeEmbeddings` gives one text. @public */
export function embedText(text: string, dims: number): number[] {
  const vector = new Array<number>(dims).fill(0);
  for (const [word, count] of wordCounts(text.toLowerCase())) {
    const hash = fnv1a(word);
    vector[hash % dims]! += hash & 0x8000_0000 ? -count : count;
  }
  const norm = Math.hypot(...vector);
  if (norm === 0) return vector.map((_, i) => (i === 0 ? 1 : 0));
  return vector.map((x) => x / norm);
}

/**
 * The words of `text` (runs of letters and digits, any script) and how often
 * each occurs. A scan by code point: a Unicode-aware regex is seconds slower
 * on the megabyte values the store spec puts, and large values repeat words.
 */
function wordCounts(text: string): Map<string, number> {
  const counts = new Map<string, number>();
  let start = -1;
  for (let i = 0; i <= text.length; i++) {
    const code = i < text.length ? text.codePointAt(i)! : -1;
    const inWord = code >= 0 && isWordCodePoint(code);
    if (inWord && start < 0) start = i;
    if (!inWord && start >= 0) {
      const word = text.slice(start, i);
      counts.set(word, (counts.get(word) ?? 0) + 1);
      start = -1;
    }
    if (code > 0xffff) i++;
  }
  return counts;
}

const WORD_CHAR = /[\p{L}\p{N}]/u;
const nonAsciiWordChar = new Map<number, boolean>();

function isWordCodePoint(code: number): boolean {
  if (code < 0x80) return (code >= 0x30 && code <= 0x39) || (code >= 0x61 && code <= 0x7a) || (code >= 0x41 && code <= 0x5a);
  let known = nonAsciiWordChar.get(code);
  if (known === undefined) nonAsciiWordChar.set(code, (known = WORD_CHAR.test(String.fromCodePoint(code))));
  return known;
}

const UTF8 = new TextEncoder();

function fnv1a(text: string): number {
  let hash = 0x811c9dc5;
  for (const byte of UTF8.encode(text)) {
    hash ^= byte;
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  return hash;
}
