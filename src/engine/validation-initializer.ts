import type { BaseCheckpointSaver } from "@langchain/langgraph-checkpoint";
import { asRegistration, checkpointerTest, type AnyRegistration, type RegisteredCheckpointer } from "../registration.js";

type MaybePromise<T> = T | Promise<T>;

/**
 * The initializer of `@langchain/langgraph-checkpoint-validation`, accepted as
 * is so a migration needs no rewrite.
 * @public
 */
export interface ValidationInitializer<Saver extends BaseCheckpointSaver = BaseCheckpointSaver> {
  checkpointerName: string;
  beforeAll?(): MaybePromise<void>;
  beforeAllTimeout?: number;
  afterAll?(): MaybePromise<void>;
  createCheckpointer(): MaybePromise<Saver>;
  destroyCheckpointer?(checkpointer: Saver): MaybePromise<void>;
}

/** True for an object of the validation package's initializer shape. */
export function isValidationInitializer(value: unknown): value is ValidationInitializer {
  if (typeof value !== "object" || value === null) return false;
  const v = value as Record<string, unknown>;
  return typeof v.checkpointerName === "string" && typeof v.createCheckpointer === "function";
}

/**
 * Converts a validation-package initializer into a registration:
 * `beforeAll`/`afterAll` become the lifespan, `createCheckpointer` the factory
 * and `destroyCheckpointer` its cleanup.
 * @public
 */
export function fromValidationInitializer<Saver extends BaseCheckpointSaver>(
  initializer: ValidationInitializer<Saver>,
): RegisteredCheckpointer {
  return checkpointerTest(
    {
      name: initializer.checkpointerName,
      lifespanTimeoutMs: initializer.beforeAllTimeout,
      async *lifespan() {
        await initializer.beforeAll?.();
        yield;
        await initializer.afterAll?.();
      },
    },
    async function* () {
      const saver = await initializer.createCheckpointer();
      try {
        yield saver;
      } finally {
        await initializer.destroyCheckpointer?.(saver);
      }
    },
  );
}

/** A registration of any kind, or a validation-package initializer converted into one; undefined for anything else. */
export function toRegistration(value: unknown): AnyRegistration | undefined {
  const registered = asRegistration(value);
  if (registered) return registered;
  if (isValidationInitializer(value)) return fromValidationInitializer(value);
  return undefined;
}
