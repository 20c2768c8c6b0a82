import { formatValue } from "../format.js";
import { indentedFrames, userFrames } from "./user-frames.js";
import { causeChainText } from "./cause-chain.js";

/**
 * An error the saver (or its factory) threw, kept as data: the failure shows
 * it, and the report groups failures by it (src/diagnosis/causes).
 * @public
 */
export interface ThrownError {
  /** The error's class name (`TypeError`), or the type of a thrown non-Error value. */
  name: string;
  message: string;
  /** Its first stack frames in the user's code (not node_modules, Node or this package). */
  frames: string[];
  /** Where it was thrown: the saver method (`put()`) or `the factory`. */
  method?: string;
}

/** The error as data, with the user's frames. */
export function thrownError(error: unknown, method?: string): ThrownError {
  return {
    name: error instanceof Error ? error.name : typeof error,
    message: error instanceof Error ? `${error.message}${causeChainText(error)}` : `a non-Error value ${formatValue(error)}`,
    frames: userFrames(error),
    ...(method !== undefined ? { method } : {}),
  };
}

/**
 * The error as text, with its frames under it: `put() threw TypeError: …`, the
 * words a spec failure uses, for outputs that keep the error beside a message.
 */
export function thrownErrorText(error: ThrownError): string {
  return `${error.method ?? "the saver"} threw ${error.name}: ${error.message}${indentedFrames(error.frames)}`;
}
