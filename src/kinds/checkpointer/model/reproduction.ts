import type { ModelDisagreement } from "./sequence-env.js";

/**
 * The shrunk sequence as TypeScript a saver author can paste into a script:
 * a fresh saver, the calls in order, and the disagreeing read with what the
 * model expected as comments.
 */
export function renderReproduction(saverName: string, transcript: readonly string[], disagreement: ModelDisagreement): string {
  const usesList = transcript.some((line) => line.includes("saver.list("));
  return [
    `// ${saverName}: minimal sequence on which the saver disagrees with the reference model`,
    `const saver = /* a fresh, empty ${saverName} */;`,
    ...(usesList
      ? ["const all = async <T>(it: AsyncIterable<T>) => { const out: T[] = []; for await (const x of it) out.push(x); return out; };"]
      : []),
    ...transcript,
    `// ^ ${disagreement.operation} [${disagreement.ids.join(", ")}]`,
    ...disagreement.lines.map((line) => `//   ${line}`),
  ].join("\n");
}
