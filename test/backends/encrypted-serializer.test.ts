import { randomBytes } from "node:crypto";
import { mkdtemp, readFile, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { SqliteSaver } from "@langchain/langgraph-checkpoint-sqlite";
import { createEncryptedSerializer } from "../../src/backends/index.js";
import { requireOptional } from "../../src/util/optional-import.js";
import type { SqliteDatabaseConstructor } from "../../src/backends/sqlite/saver-factory.js";
import { ConformanceUsageError } from "../../src/registration.js";
import { generateCheckpoint, generateConfig, generateMetadata } from "../../src/test-utils.js";

const SECRET = "top-secret-marker-5f1c";
const dirs: string[] = [];
afterEach(async () => {
  for (const dir of dirs.splice(0)) await rm(dir, { recursive: true, force: true });
});

describe("createEncryptedSerializer", () => {
  const serde = createEncryptedSerializer(randomBytes(32));

  it.each([
    ["an object", { text: SECRET, n: 1, nested: { list: [1, "two", null] } }],
    ["a string", SECRET],
    ["bytes", new Uint8Array([0, 255, 1, 128])],
  ])("round-trips %s, and what it stores does not contain the value", async (_label, value) => {
    const [type, data] = await serde.dumpsTyped(value);
    expect(type).toMatch(/\+aes$/);
    expect(Buffer.from(data).toString("latin1")).not.toContain(SECRET);
    expect(await serde.loadsTyped(type, data)).toEqual(value);
    // Savers may hand the stored bytes back as text (SqliteSaver casts pending-write values).
    expect(await serde.loadsTyped(type, new TextDecoder().decode(data))).toEqual(value);
  });

  it("rejects a value changed at rest, or read with another key, naming the cause", async () => {
    const [type, data] = await serde.dumpsTyped({ text: SECRET });
    const tampered = Buffer.from(Buffer.from(new TextDecoder().decode(data), "base64"));
    tampered[tampered.length - 1] ^= 1;
    await expect(serde.loadsTyped(type, new TextEncoder().encode(tampered.toString("base64")))).rejects.toThrow(/failed authentication/);
    await expect(createEncryptedSerializer(randomBytes(32)).loadsTyped(type, data)).rejects.toThrow(/another key/);
    await expect(serde.loadsTyped("json", data)).rejects.toThrow(/was not written by this serializer/);
  });

  it("refuses a key of the wrong size without echoing it", () => {
    const attempt = () => createEncryptedSerializer("not-a-real-key-but-a-secret");
    expect(attempt).toThrow(ConformanceUsageError);
    expect(attempt).toThrow(/32 bytes .* got a string of 27 characters/);
    expect(attempt).not.toThrow(/not-a-real-key/);
    expect(createEncryptedSerializer("ab".repeat(32))).toBeDefined();
  });

  it("keeps checkpoints, metadata and writes encrypted in SqliteSaver's database file, and reads them back", async () => {
    const { default: Database } = await requireOptional<{ default: SqliteDatabaseConstructor }>("better-sqlite3");
    const dir = await mkdtemp(join(tmpdir(), "lgc-encrypted-test-"));
    dirs.push(dir);
    const file = join(dir, "checkpoints.sqlite");
    const db = new Database(file);
    const saver = new SqliteSaver(db as ConstructorParameters<typeof SqliteSaver>[0], serde);
    const checkpoint = generateCheckpoint({ channelValues: { secret: SECRET }, channelVersions: { secret: 1 } });
    const config = await saver.put(generateConfig(), checkpoint, generateMetadata("loop", 0, { note: SECRET }));
    await saver.putWrites(config, [["secret", `${SECRET}-write`]], "task-1");

    const tuple = await saver.getTuple(config);
    expect(tuple?.checkpoint.channel_values).toEqual({ secret: SECRET });
    expect(tuple?.metadata).toMatchObject({ note: SECRET });
    expect(tuple?.pendingWrites).toEqual([["task-1", "secret", `${SECRET}-write`]]);
    const types = saver.db.prepare("SELECT type FROM checkpoints UNION ALL SELECT type FROM writes").all() as { type: string }[];
    expect(types.map((r) => r.type)).toEqual(["json+aes", "json+aes"]);
    db.close();
    expect((await readFile(file)).toString("latin1")).not.toContain(SECRET);
  });
});
