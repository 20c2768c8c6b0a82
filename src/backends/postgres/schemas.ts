import { randomBytes } from "node:crypto";
import type { Pool } from "pg";

/**
 * Creates the schemas of one run and drops exactly those: the name carries a
 * random run id, `CREATE SCHEMA` (no `IF NOT EXISTS`) fails rather than adopt
 * someone else's, and only names this allocator created are ever dropped.
 */
export class SchemaAllocator {
  private readonly runId = randomBytes(4).toString("hex");
  private readonly created = new Set<string>();
  private counter = 0;

  /**
   * @param admin a pool on the server, used only for CREATE/DROP SCHEMA.
   * @param style `"plain"`: `lgc_<run>_<n>`; `"quoted"`: mixed case, a space and
   *   a hyphen (`LGC Schema-<run>-<n>`), which works only if the saver quotes it everywhere.
   */
  constructor(
    private readonly admin: Pool,
    private readonly style: "plain" | "quoted",
  ) {}

  async create(): Promise<string> {
    const n = ++this.counter;
    const name = this.style === "plain" ? `lgc_${this.runId}_${n}` : `LGC Schema-${this.runId}-${n}`;
    await this.admin.query(`CREATE SCHEMA ${quoteIdentifier(name)}`);
    this.created.add(name);
    return name;
  }

  async drop(name: string): Promise<void> {
    if (!this.created.has(name)) throw new Error(`SchemaAllocator: refusing to drop schema "${name}", which this run did not create`);
    await this.admin.query(`DROP SCHEMA IF EXISTS ${quoteIdentifier(name)} CASCADE`);
    this.created.delete(name);
  }

  /** Drops whatever this run created and has not dropped yet (a factory whose cleanup never ran). */
  async dropAll(): Promise<void> {
    for (const name of [...this.created]) await this.drop(name);
  }
}

function quoteIdentifier(name: string): string {
  return `"${name.replace(/"/g, '""')}"`;
}
