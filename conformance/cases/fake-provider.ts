import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";

/**
 * A tiny OpenAI-compatible chat completions server on 127.0.0.1 (SPEC §7's `openai` provider kind),
 * started by a case that spawned its daemon and wrote the provider into config.toml: the only way a
 * black box can make a daemon's agent call a tool. It streams (SSE) like any such server and
 * decides by the conversation, so it needs no script:
 *
 * - the last message is a tool result → the reply `done`;
 * - the last user message is `ask:<question>` → one `ask_user` tool call asking `<question>`;
 * - anything else → the user's text, echoed.
 */
export class FakeProvider {
  private calls = 0;

  private constructor(
    private readonly server: Server,
    /** e.g. `http://127.0.0.1:41234/v1`: what `providers.<alias>.base_url` is set to. */
    readonly baseUrl: string,
  ) {}

  static async start(): Promise<FakeProvider> {
    let provider: FakeProvider | undefined;
    const server = createServer((request, response) => {
      void provider?.handle(request, response);
    });
    await new Promise<void>((resolve, reject) => {
      server.once("error", reject);
      server.listen(0, "127.0.0.1", () => resolve());
    });
    provider = new FakeProvider(server, `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`);
    return provider;
  }

  /** config.toml lines for a provider `alias` of kind openai pointing here, and an agent using it. */
  configLines(alias: string, agent: string): string[] {
    return [
      `providers.${alias}.kind = "openai"`,
      `providers.${alias}.base_url = "${this.baseUrl}"`,
      `providers.${alias}.api_key = "conformance-key"`,
      `providers.${alias}.model = "conformance-model"`,
      `agents.${agent}.provider = "${alias}"`,
      `agents.${agent}.allowed_tools = ["ask_user"]`,
    ];
  }

  async close(): Promise<void> {
    const closed = new Promise<void>((resolve) => this.server.close(() => resolve()));
    this.server.closeAllConnections();
    await closed;
  }

  private async handle(request: IncomingMessage, response: ServerResponse): Promise<void> {
    const chunks: Buffer[] = [];
    for await (const chunk of request) chunks.push(chunk as Buffer);
    let body: { messages?: { role?: string; content?: unknown }[] } | undefined;
    try {
      body = JSON.parse(Buffer.concat(chunks).toString("utf8")) as typeof body;
    } catch {
      body = undefined;
    }
    const path = (request.url ?? "").split("?")[0];
    if (request.method !== "POST" || !path?.endsWith("/chat/completions") || !Array.isArray(body?.messages)) {
      response.writeHead(404, { "content-type": "application/json" });
      response.end(JSON.stringify({ error: { message: `no route ${request.method} ${request.url}` } }));
      return;
    }
    const messages = body.messages;
    const last = messages[messages.length - 1];
    const lastUser = [...messages].reverse().find((message) => message.role === "user");
    const userText = typeof lastUser?.content === "string" ? lastUser.content : textOf(lastUser?.content);
    const id = `chatcmpl-conformance-${++this.calls}`;
    const chunk = (delta: object, finish: string | null = null): string =>
      `data: ${JSON.stringify({
        id,
        object: "chat.completion.chunk",
        created: Math.floor(Date.now() / 1000),
        model: "conformance-model",
        choices: [{ index: 0, delta, finish_reason: finish }],
      })}\n\n`;
    response.writeHead(200, { "content-type": "text/event-stream", "cache-control": "no-cache" });
    response.write(chunk({ role: "assistant", content: "" }));
    if (last?.role !== "tool" && userText.startsWith("ask:")) {
      const call = {
        index: 0,
        id: `call_${this.calls}`,
        type: "function",
        function: { name: "ask_user", arguments: JSON.stringify({ question: userText.slice(4) }) },
      };
      response.write(chunk({ tool_calls: [call] }));
      response.write(chunk({}, "tool_calls"));
    } else {
      response.write(chunk({ content: last?.role === "tool" ? "done" : userText }));
      response.write(chunk({}, "stop"));
    }
    response.end("data: [DONE]\n\n");
  }
}

function textOf(content: unknown): string {
  if (!Array.isArray(content)) return "";
  return content
    .map((part) => (typeof part === "object" && part !== null && "text" in part ? String(part.text) : ""))
    .join("");
}
