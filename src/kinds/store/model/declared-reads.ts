import type { ListArgs } from "./calls.js";
import type { Mismatch } from "./compare.js";
import { STORE_MODEL_BEHAVIOURS, type StoreModelBehaviour } from "./behaviours.js";
import { STRICT_READS, type ReadSemantics, type StoreReferenceModel } from "./reference-model.js";

type AnswerBehaviour = {
  [B in StoreModelBehaviour]: (typeof STORE_MODEL_BEHAVIOURS)[B]["how"] extends "answer" ? B : never;
}[StoreModelBehaviour];

const joined = (path: readonly string[]) => path.join(":");

/** How a field reads as text in SQL (`value ->> key`): a string as itself, a number or boolean as its JSON; null and objects never equal. */
function asText(value: unknown): string | undefined {
  if (typeof value === "string") return value;
  return typeof value === "number" || typeof value === "boolean" ? JSON.stringify(value) : undefined;
}

/** What each answer behaviour changes in how reads match: the measured behaviour, nothing looser. */
const ANSWER_READS: Record<AnswerBehaviour, Partial<ReadSemantics>> = {
  "search-prefix-matches-joined-path": { prefixMatches: (namespace, prefix) => joined(namespace).startsWith(joined(prefix)) },
  "filter-compares-as-text": {
    fieldEquals: (actual, expected) => {
      const text = asText(actual);
      return text !== undefined && text === String(expected);
    },
  },
  "list-matches-joined-path": { listMatches: (namespace, args) => joinedListMatches(namespace, args) },
  "list-max-depth-filters": { maxDepth: "drops" },
};

/** listNamespaces by LIKE on the ":"-joined path: prefix and suffix as text, "*" a literal. */
export function joinedListMatches(namespace: readonly string[], args: ListArgs): boolean {
  const path = joined(namespace);
  return (!args.prefix || path.startsWith(joined(args.prefix))) && (!args.suffix || path.endsWith(joined(args.suffix)));
}

/** Whether a search prefix reaches the namespace by text on the joined path (a read that might see a batch's write there). */
export function joinedPrefixMatches(namespace: readonly string[], prefix: readonly string[]): boolean {
  return joined(namespace).startsWith(joined(prefix));
}

function answerBehaviours(declared: Iterable<StoreModelBehaviour>): AnswerBehaviour[] {
  return [...declared].filter((b): b is AnswerBehaviour => STORE_MODEL_BEHAVIOURS[b].how === "answer");
}

/** Reads matched the way of every declared answer behaviour at once. */
export function declaredReads(declared: Iterable<StoreModelBehaviour>): ReadSemantics {
  return Object.assign({}, STRICT_READS, ...answerBehaviours(declared).map((b) => ANSWER_READS[b]));
}

/**
 * The declared behaviours that explain an answer the strict contract rejects:
 * the first one alone under which `check` passes, else those of all together
 * (when that passes) without which it fails; undefined when none does (the
 * answer is a failure).
 */
export function explainingBehaviours(
  declared: Iterable<StoreModelBehaviour>,
  model: StoreReferenceModel,
  check: () => Mismatch | undefined,
): AnswerBehaviour[] | undefined {
  const candidates = answerBehaviours(declared);
  if (candidates.length === 0) return undefined;
  const alone = candidates.find((b) => model.under({ ...STRICT_READS, ...ANSWER_READS[b] }, check) === undefined);
  if (alone) return [alone];
  if (model.under(declaredReads(candidates), check) !== undefined) return undefined;
  const needed = candidates.filter((b) => model.under(declaredReads(candidates.filter((other) => other !== b)), check) !== undefined);
  return needed.length > 0 ? needed : candidates;
}
