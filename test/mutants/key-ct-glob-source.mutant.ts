import { ReferenceSaver } from "../fixtures/reference-saver.js";
import { globRegex } from "./thread-matching.js";
import type { Mutant } from "./types.js";

/** Copies the keys matching the glob "checkpoint:<source>:*", so source "user" also copies thread "user:2". */
class CopyThreadGlobSource extends ReferenceSaver {
  override async copyThread(sourceThreadId: string, targetThreadId: string): Promise<void> {
    const pattern = globRegex(`${sourceThreadId}:*`);
    const sources = Object.keys(this.storage).filter((threadId) => pattern.test(`${threadId}:`));
    for (const ref of this.refs(sources)) this.copyCheckpoint(ref, targetThreadId);
  }
}

export default {
  name: "key-ct-glob-source",
  bug: 'copyThread copies the keys matching the glob "checkpoint:<source>:*": copyThread("user", dst) also copies thread "user:2", copyThread("a*c", dst) copies "abc"',
  baseline: "reference",
  catches: ["test_key_copy_thread_copies_only_the_named_thread"],
  create: () => new CopyThreadGlobSource(),
} satisfies Mutant;
