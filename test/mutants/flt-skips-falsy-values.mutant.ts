import { RewritingListSaver, type ListQueryRewrite } from "./rewriting-list.js";
import type { Mutant } from "./types.js";

/** Adds a condition per filter entry with `if (value)`, so 0, false and "" add none. */
const skipsFalsyValues: ListQueryRewrite = ({ config, options = {} }) => {
  const truthy = Object.entries(options.filter ?? {}).filter(([, value]) => Boolean(value));
  return { config, options: { ...options, filter: options.filter && Object.fromEntries(truthy) } };
};

export default {
  name: "flt-skips-falsy-values",
  bug: 'list() builds a condition only for truthy filter values, so filter {count: 0}, {flag: false} or {label: ""} filters nothing',
  catches: ["test_flt_falsy_filter_values_filter"],
  create: () => new RewritingListSaver(skipsFalsyValues),
} satisfies Mutant;
