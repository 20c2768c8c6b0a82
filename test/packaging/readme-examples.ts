import { readFileSync } from "node:fs";
import { join } from "node:path";
import { REPO_ROOT } from "../cli/run-cli-process.js";

/**
 * The README's code block that starts with the comment `// FILE`: the tests
 * write it into a scratch project as FILE and run it, so what users copy works.
 */
export function readmeExample(file: string): string {
  const readme = readFileSync(join(REPO_ROOT, "README.md"), "utf8");
  for (const match of readme.matchAll(/```[a-z]*\n([\s\S]*?)```/g)) {
    const code = match[1];
    const first = code.split("\n", 1)[0].trim();
    if (first === `// ${file}` || first.startsWith(`// ${file} `)) return code;
  }
  throw new Error(`README.md has no code block starting with "// ${file}"`);
}

/** What the README's examples import as `./src/my-saver.js`: the user's saver, here a MemorySaver. */
export const MY_SAVER_SOURCE = `import { MemorySaver } from "@langchain/langgraph-checkpoint";

export class MySaver extends MemorySaver {
  constructor(readonly options: { url?: string }) {
    super();
  }

  async close(): Promise<void> {}
}
`;
