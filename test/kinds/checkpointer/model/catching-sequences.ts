import { existsSync, readdirSync, readFileSync } from "node:fs";

/**
 * The sequence (from 1, at the proof's seed and settings) that catches each mutant the model catches, recorded per
 * part of the proof in catching-sequences/part-N.json, a vitest file snapshot (`-u` rewrites it). fast-check draws
 * each sequence from the seed whatever ran before (a shard of a model run relies on it), so the proof runs the
 * recorded sequence alone, as a shard of one: if it catches the mutant, one of the seed's sequences does, as the
 * full search would show. A recorded sequence that does not catch sends the proof back to the full search.
 */
const FOLDER = "catching-sequences";
const FOLDER_URL = new URL(`./${FOLDER}/`, import.meta.url);

/** A part's file, relative to its test file (test/kinds/checkpointer/model/). */
export const catchingSequencesFile = (part: number) => `./${FOLDER}/part-${part}.json`;

export const rewriteCommand = (part: number) => `npx vitest run test/kinds/checkpointer/model/model-mutants-${part}.test.ts -u`;

/** Every part's records together, so that a mutant that moved to another part (one added before it) keeps its sequence. */
export function recordedSequences(): Map<string, number> {
  const recorded = new Map<string, number>();
  if (!existsSync(FOLDER_URL)) return recorded;
  for (const name of readdirSync(FOLDER_URL).filter((file) => file.endsWith(".json"))) {
    for (const [mutant, sequence] of Object.entries(
      parseRecords(`test/kinds/checkpointer/model/${FOLDER}/${name}`, readFileSync(new URL(name, FOLDER_URL), "utf8")),
    )) {
      recorded.set(mutant, sequence);
    }
  }
  return recorded;
}

function parseRecords(path: string, text: string): Record<string, number> {
  const broken = (why: string) =>
    new Error(`${path} ${why}: delete it and re-record it (npx vitest run test/kinds/checkpointer/model/model-mutants-<part>.test.ts -u)`);
  let records: unknown;
  try {
    records = JSON.parse(text);
  } catch (error) {
    throw broken(`is not JSON (${(error as Error).message})`);
  }
  if (typeof records !== "object" || records === null || Array.isArray(records))
    throw broken("is not an object of mutant names to sequence numbers");
  const bad = Object.entries(records).find(([, sequence]) => !Number.isSafeInteger(sequence) || (sequence as number) < 1);
  if (bad) throw broken(`records ${JSON.stringify(bad[1])} for ${bad[0]}, not a sequence number from 1`);
  return records as Record<string, number>;
}

/** A part's file: its caught mutants' sequences, in the mutants' order. */
export function recordsText(caught: readonly { name: string; sequence: number }[]): string {
  return `${JSON.stringify(Object.fromEntries(caught.map(({ name, sequence }) => [name, sequence])), null, 2)}\n`;
}
