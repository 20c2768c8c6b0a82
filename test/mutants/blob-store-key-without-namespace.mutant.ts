import { BlobStoreSaver } from "../fixtures/blob-store-saver.js";
import type { Mutant } from "./types.js";

/** Keys channel values by (thread, channel, version): the namespace is left out of the blob key. */
class BlobKeyWithoutNamespace extends BlobStoreSaver {
  protected override blobKey(threadId: string, _ns: string, channel: string, version: string | number): string {
    return JSON.stringify([threadId, channel, String(version)]);
  }
}

export default {
  name: "blob-store-key-without-namespace",
  bug: "a blob store keys channel values by (thread, channel, version) without the namespace, so a subgraph's messages at version 1 replace its parent graph's messages at version 1",
  baseline: "blob-store",
  catches: ["test_key_blob_keys_include_the_namespace"],
  create: () => new BlobKeyWithoutNamespace(),
} satisfies Mutant;
