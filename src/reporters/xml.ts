// Characters XML 1.0 forbids even when escaped (ANSI escapes' ESC among them).
// eslint-disable-next-line no-control-regex
const INVALID_XML_CHARS = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]/g;

const ENTITIES: Record<string, string> = { "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&apos;" };

/** Text safe inside an XML attribute value or element. */
export function xmlEscape(text: string): string {
  return text.replace(INVALID_XML_CHARS, "").replace(/[&<>"']/g, (c) => ENTITIES[c]);
}

/** `name="value"` pairs; undefined values are left out. */
export function xmlAttributes(attributes: Record<string, string | number | undefined>): string {
  return Object.entries(attributes)
    .filter(([, value]) => value !== undefined)
    .map(([key, value]) => ` ${key}="${xmlEscape(String(value))}"`)
    .join("");
}
