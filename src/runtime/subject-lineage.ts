/**
 * The class names a registration's subjects are made of: the subject's own
 * class and every class it derives from, and those of the objects it holds
 * directly (a wrapper's inner saver or store). Recorded from the first subject
 * the run made, so a suggestion can say whether the subject is (or wraps) a
 * built-in backend without making another one.
 */
const lineages = new WeakMap<object, readonly string[]>();

/** Records `subject`'s lineage for `registered`, once. */
export function noteLineage(registered: object, subject: unknown): void {
  if (lineages.has(registered) || typeof subject !== "object" || subject === null) return;
  const held = Object.values(subject).filter((v): v is object => typeof v === "object" && v !== null);
  lineages.set(registered, [...new Set([...classChain(subject), ...held.flatMap(classChain)])]);
}

/** The lineage recorded for `registered`, or undefined when no subject was made. */
export function subjectLineage(registered: object): readonly string[] | undefined {
  return lineages.get(registered);
}

/** The constructor names along an object's prototype chain, below Object. */
function classChain(value: object): string[] {
  const names: string[] = [];
  for (
    let proto = Object.getPrototypeOf(value) as object | null;
    proto && proto !== Object.prototype;
    proto = Object.getPrototypeOf(proto) as object | null
  ) {
    const name = (proto as { constructor?: { name?: unknown } }).constructor?.name;
    if (typeof name === "string" && name !== "") names.push(name);
  }
  return names;
}
