import type { Backend } from "../backends/types.js";
import type { RegisteredCheckpointer } from "../registration.js";

/**
 * Your own saver as one more backend of a matrix, so it is compared with the
 * official ones: `runMatrix([registrationBackend(mine), ...BACKENDS])`.
 * Its column is headed by the registration's name unless `id` is given; an id
 * taken by another backend gets " (yours)" appended.
 * @public
 */
export function registrationBackend(
  registered: RegisteredCheckpointer,
  options: { id?: string; taken?: readonly Backend[] } = {},
): Backend {
  const wanted = options.id ?? registered.name;
  const id = options.taken?.some((b) => b.id === wanted) ? `${wanted} (yours)` : wanted;
  return {
    id,
    title: registered.name,
    knownDeviations: registered.knownDeviations,
    available: async () => ({ ok: true }),
    registration: () => registered,
  };
}
