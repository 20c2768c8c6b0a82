import type { KnownDeviation } from "../../registration.js";

/** MemorySaver 1.2.2's known deviations (see docs/backends.md). */
export const MEMORY_DEVIATIONS: readonly KnownDeviation[] = [];
