import { randomBytes } from "node:crypto";
import { checkpointerTest } from "../../registration.js";
import type { Backend } from "../types.js";
import { sqliteAvailable } from "./available.js";
import { SQLITE_ENCRYPTED_DEVIATIONS } from "./deviations.js";
import { sqliteSaverFactory } from "./saver-factory.js";

/**
 * SqliteSaver (in memory) with `createEncryptedSerializer`: every stored value
 * is AES-256-GCM ciphertext, so the saver passes only if it stores and reads
 * back exactly what its `serde` gives it. A fresh random key per saver.
 * @public
 */
export const sqliteEncryptedBackend: Backend = {
  id: "sqlite-encrypted",
  title: "SqliteSaver (AES-256-GCM serde)",
  knownDeviations: SQLITE_ENCRYPTED_DEVIATIONS,
  available: sqliteAvailable,
  registration: () =>
    checkpointerTest(
      { name: "SqliteSaver (AES-256-GCM serde)", knownDeviations: SQLITE_ENCRYPTED_DEVIATIONS },
      sqliteSaverFactory({
        storage: "memory",
        serde: async () => (await import("../../serde/encrypted-serializer.js")).createEncryptedSerializer(randomBytes(32)),
      }),
    ),
};
