import { createCipheriv, createDecipheriv, randomBytes } from "node:crypto";
import { JsonPlusSerializer, type SerializerProtocol } from "@langchain/langgraph-checkpoint";
import { ConformanceUsageError } from "../registration.js";
import { describeValue } from "../util/describe-value.js";

const ALGORITHM = "aes-256-gcm";
const KEY_BYTES = 32;
const IV_BYTES = 12;
const TAG_BYTES = 16;
/** Appended to the wrapped serializer's type, like Python's `EncryptedSerializer` (`json+aes`). */
export const ENCRYPTED_TYPE_SUFFIX = "+aes";

/**
 * A serializer that encrypts every value with AES-256-GCM, wrapping another
 * serializer (default `JsonPlusSerializer`). Use it to keep checkpoints
 * unreadable at rest, or to prove a saver stores exactly what `this.serde`
 * gives it: a saver that bypasses `serde` cannot read its own data back.
 *
 * - `key`: 32 bytes, as a `Uint8Array` or 64 hex characters.
 * - Stored form: type `"<inner type>+aes"`; data is base64 text (as UTF-8 bytes)
 *   of `iv (12) | tag (16) | ciphertext`. Text, not raw bytes, because some
 *   savers store serde output as TEXT (SqliteSaver casts pending-write values).
 * - The type string is authenticated: a value read back under another type fails.
 *
 * ```ts
 * const saver = new SqliteSaver(db, createEncryptedSerializer(process.env.CHECKPOINT_KEY!));
 * ```
 * @public
 */
export function createEncryptedSerializer(
  key: Uint8Array | string,
  inner: SerializerProtocol = new JsonPlusSerializer(),
): SerializerProtocol {
  const keyBytes = toKey(key);
  return {
    async dumpsTyped(value: unknown): Promise<[string, Uint8Array]> {
      const [innerType, plain] = await inner.dumpsTyped(value);
      const type = `${innerType}${ENCRYPTED_TYPE_SUFFIX}`;
      const iv = randomBytes(IV_BYTES);
      const cipher = createCipheriv(ALGORITHM, keyBytes, iv);
      cipher.setAAD(Buffer.from(type, "utf8"));
      const encrypted = Buffer.concat([cipher.update(plain), cipher.final()]);
      const envelope = Buffer.concat([iv, cipher.getAuthTag(), encrypted]).toString("base64");
      return [type, new TextEncoder().encode(envelope)];
    },
    async loadsTyped(type: string, data: Uint8Array | string): Promise<unknown> {
      if (!type.endsWith(ENCRYPTED_TYPE_SUFFIX)) {
        throw new Error(
          `createEncryptedSerializer: cannot load a value of type "${type}": it was not written by this serializer (expected a type ending in "${ENCRYPTED_TYPE_SUFFIX}")`,
        );
      }
      const envelope = Buffer.from(typeof data === "string" ? data : new TextDecoder().decode(data), "base64");
      if (envelope.length < IV_BYTES + TAG_BYTES) {
        throw new Error(
          `createEncryptedSerializer: a stored value of type "${type}" is ${envelope.length} bytes, too short to be encrypted data; the saver changed it`,
        );
      }
      const decipher = createDecipheriv(ALGORITHM, keyBytes, envelope.subarray(0, IV_BYTES));
      decipher.setAAD(Buffer.from(type, "utf8"));
      decipher.setAuthTag(envelope.subarray(IV_BYTES, IV_BYTES + TAG_BYTES));
      let plain: Buffer;
      try {
        plain = Buffer.concat([decipher.update(envelope.subarray(IV_BYTES + TAG_BYTES)), decipher.final()]);
      } catch {
        throw new Error(
          `createEncryptedSerializer: a stored value of type "${type}" failed authentication: it was changed after it was written, or encrypted with another key`,
        );
      }
      return inner.loadsTyped(type.slice(0, -ENCRYPTED_TYPE_SUFFIX.length), new Uint8Array(plain));
    },
  };
}

function toKey(key: Uint8Array | string): Buffer {
  if (typeof key === "string" && /^[0-9a-fA-F]{64}$/.test(key)) return Buffer.from(key, "hex");
  if (key instanceof Uint8Array && key.length === KEY_BYTES) return Buffer.from(key);
  // Never echo the key itself: it is a secret.
  const got =
    typeof key === "string"
      ? `a string of ${key.length} characters`
      : key instanceof Uint8Array
        ? `${key.length} bytes`
        : describeValue(key);
  throw new ConformanceUsageError(
    `createEncryptedSerializer: the key must be ${KEY_BYTES} bytes (a Uint8Array, or 64 hex characters), got ${got}`,
  );
}
