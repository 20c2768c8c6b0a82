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
  const words = text.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? [];
  for (const word of words) {
    const hash = fnv1a(word);
    vector[hash % dims]! += hash & 0x8000_0000 ? -1 : 1;
  }
  const norm = Math.hypot(...vector);
  if (norm === 0) return vector.map((_, i) => (i === 0 ? 1 : 0));
  return vector.map((x) => x / norm);
}

function fnv1a(text: string): number {
  let hash = 0x811c9dc5;
  for (const byte of new TextEncoder().encode(text)) {
    hash ^= byte;
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  return hash;
}
