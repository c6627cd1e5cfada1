// The one place a provider view (resolved from config) becomes a live Provider, so adding a provider
// kind is a change here and in the config schema, nowhere else.
import type { ProviderView } from "../../config/derived-views.js";
import type { Provider } from "../provider.js";
import { EchoProvider } from "./echo-provider.js";
import { OpenAiProvider } from "./openai-provider.js";

export function createProvider(view: ProviderView): Provider {
  switch (view.kind) {
    case "echo":
      return new EchoProvider();
    case "openai":
      return new OpenAiProvider(view);
  }
}
