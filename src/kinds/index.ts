/**
 * The registry of subject kinds: one entry per kind, each bringing its
 * capability table, detection, spec tests, spec-test context, call tracking
 * and sections (src/kinds/types.ts). The engine, the report, the CLI and the
 * adapters take the kind from the registration and look it up here; nothing
 * outside this folder names a kind. A new kind is a folder like ./store/ plus
 * one entry here and one in ./descriptors.ts.
 */
import type { AnyRegistration } from "../registration.js";
import { subjectKindOf } from "../registration.js";
import { cacheKind } from "./cache/index.js";
import { checkpointerKind } from "./checkpointer/index.js";
import type { SubjectKindId } from "./descriptors.js";
import { storeKind } from "./store/index.js";
import type { KindDescriptor } from "./types.js";
import type { SubjectKind } from "./subject-kind.js";

export const SUBJECT_KINDS = {
  checkpointer: checkpointerKind,
  store: storeKind,
  cache: cacheKind,
} satisfies Record<SubjectKindId, KindDescriptor>;

/** The subject offers the capability: its own method, or the base class's working default (or, for a declared capability, the declaration). */
export function offers(
  kind: SubjectKind<object, string, unknown, unknown>,
  subject: object,
  capability: string,
  options: unknown,
): boolean {
  const { kind: how } = kind.detect(subject, capability, options);
  return how === "detected" || how === "inherited";
}

/** The kind of a registration, with the engine's loose types: ids are strings checked against the kind's table. */
export function kindOf(registered: AnyRegistration): SubjectKind<object, string, unknown, unknown> {
  return SUBJECT_KINDS[subjectKindOf(registered)] as unknown as SubjectKind<object, string, unknown, unknown>;
}
