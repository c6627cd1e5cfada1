// Views derived from a config: each provider resolved to what a client needs, each agent bound to its
// provider and model. Built from a candidate before it is committed (a candidate whose provider cannot
// be built fails the write) and installed only after the commit succeeded.
import type { Config } from "../../generated/types.js";
import type { ConfigProblem } from "./validate-config.js";

export type ProviderView =
  | { alias: string; kind: "echo" }
  | { alias: string; kind: "openai"; baseUrl: string; apiKey: string | undefined; model: string | undefined };

export type AgentView = {
  alias: string;
  provider: ProviderView;
  model: string | undefined;
  systemPrompt: string | undefined;
  allowedTools: readonly string[];
  maxContextTokens: number | undefined;
  /** tools.bash.network: its sandboxed bash may use the network (SPEC §17). */
  bashNetwork: boolean;
  /** tools.bash.env: names of the daemon's environment its bash also gets (SPEC §19). */
  bashEnv: readonly string[];
};

export type DerivedViews = {
  providers: ReadonlyMap<string, ProviderView>;
  agents: ReadonlyMap<string, AgentView>;
};

const OPENAI_DEFAULT_BASE_URL = "https://api.openai.com/v1";

export function buildViews(config: Config): { views?: DerivedViews; problems: ConfigProblem[] } {
  const problems: ConfigProblem[] = [];
  const providers = new Map<string, ProviderView>();
  for (const [alias, p] of Object.entries(config.providers ?? {})) {
    if (p.kind === "echo") {
      providers.set(alias, { alias, kind: "echo" });
      continue;
    }
    const baseUrl = p.base_url ?? OPENAI_DEFAULT_BASE_URL;
    try {
      const url = new URL(baseUrl);
      if (url.protocol !== "http:" && url.protocol !== "https:") throw new Error("not http(s)");
    } catch {
      problems.push({
        path: `/providers/${alias}/base_url`,
        message: `cannot build provider ${alias}: base_url must be an http(s) URL`,
      });
      continue;
    }
    providers.set(alias, { alias, kind: "openai", baseUrl, apiKey: p.api_key, model: p.model });
  }
  const agents = new Map<string, AgentView>();
  for (const [alias, a] of Object.entries(config.agents ?? {})) {
    const provider = providers.get(a.provider);
    if (!provider) continue; // reported by referenceProblems, or by the provider itself above
    const model = a.model ?? (provider.kind === "openai" ? provider.model : undefined);
    if (provider.kind === "openai" && model === undefined) {
      problems.push({
        path: `/agents/${alias}/model`,
        message: `agent ${alias} has no model (set agents.${alias}.model or providers.${a.provider}.model)`,
      });
      continue;
    }
    agents.set(alias, {
      alias,
      provider,
      model,
      systemPrompt: a.system_prompt,
      allowedTools: a.allowed_tools ?? ["ask_user"],
      maxContextTokens: a.max_context_tokens,
      bashNetwork: a.tools?.bash?.network === true,
      bashEnv: a.tools?.bash?.env ?? [],
    });
  }
  return problems.length > 0 ? { problems } : { views: { providers, agents }, problems };
}
