/**
 * What `accept` finds on `value.default` or `value.default.default`, with that
 * path. Importing a CommonJS module from ES modules wraps its exports in
 * `default`, so a compiled `export default x` arrives as `{ default: x }`
 * (or a namespace whose `default` is that).
 */
export function foundUnderDefault<T>(
  value: unknown,
  accept: (candidate: unknown) => T | undefined,
): { path: string; found: T } | undefined {
  let current = value;
  let path = "";
  for (let depth = 0; depth < 2; depth++) {
    if ((typeof current !== "object" && typeof current !== "function") || current === null) return undefined;
    current = (current as { default?: unknown }).default;
    path += ".default";
    const found = accept(current);
    if (found !== undefined) return { path, found };
  }
  return undefined;
}
