// The one place a provider view (resolved from config) becomes a live Provider, so adding a provider
// kind is a change here and in the config schema, nowhere else.
import type { ProviderView } from "../../config/derived-views.js";
import type { CompletionRequest, Provider, ProviderEvent } from "../provider.js";
import { EchoProvider } from "./echo-provider.js";

export function createProvider(view: ProviderView): Provider {
  switch (view.kind) {
    case "echo":
      return new EchoProvider();
    case "openai":
      return lazyOpenAi(view);
  }
}

/**
 * The OpenAI SDK takes ~60 ms to load; a daemon that never talks to such a provider (the default, echo)
 * should not pay that at start-up, so the client is loaded on the first completion.
 */
function lazyOpenAi(view: Extract<ProviderView, { kind: "openai" }>): Provider {
  let real: Promise<Provider> | undefined;
  return {
    async *stream(request: CompletionRequest): AsyncIterable<ProviderEvent> {
      real ??= import("./openai-provider.js").then((m) => new m.OpenAiProvider(view));
      yield* (await real).stream(request);
    },
  };
}
