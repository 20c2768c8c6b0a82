import { RewritingListSaver, type ListQueryRewrite } from "./rewriting-list.js";
import type { Mutant } from "./types.js";

/** Reads only thread_id and checkpoint_ns from the list config (as JS SqliteSaver does). */
const ignoresCheckpointId: ListQueryRewrite = ({ config, options }) => {
  const { checkpoint_id: _ignored, ...rest } = config.configurable ?? {};
  return { config: { ...config, configurable: rest }, options };
};

export default {
  name: "list-ignores-config-checkpoint-id",
  bug: "list() ignores a checkpoint_id in its config and lists the whole namespace",
  catches: ["test_list_checkpoint_id_in_config"],
  create: () => new RewritingListSaver(ignoresCheckpointId),
} satisfies Mutant;
