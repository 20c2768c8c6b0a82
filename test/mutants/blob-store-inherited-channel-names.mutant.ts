import { BlobStoreSaver } from "../fixtures/blob-store-saver.js";
import type { Mutant } from "./types.js";

/** Asks `channel in values`, which is true for every name an object inherits. */
class InheritedChannelNames extends BlobStoreSaver {
  protected override hasChannel(values: Record<string, unknown>, channel: string): boolean {
    return channel in values;
  }
}

export default {
  name: "blob-store-inherited-channel-names",
  bug: "rebuilding channel_values from blobs, it skips channels `in` the object so far, so channels named constructor or toString are never filled",
  baseline: "blob-store",
  catches: ["test_val_channel_names_as_data"],
  create: () => new InheritedChannelNames(),
} satisfies Mutant;
