import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";

/**
 * A scripted OpenAI-compatible chat completions server on 127.0.0.1, for the
 * compat cases that need a model which calls tools (tool_call, tool_result,
 * approval_request, elicitation/create): the echo provider never does. Each
 * POST /v1/chat/completions streams the next queued reply as server-sent
 * events and records the request body, so a case can check what the model
 * was told. Written here, not imported from the repository's tests, because
 * the suite ships without them.
 */

export type ModelReply =
  /** The reply text, in one chunk per word; finish_reason stop. */
  | { text: string; reasoning?: string }
  /** One tool call; finish_reason tool_calls. */
  | { toolCall: { id: string; name: string; arguments: unknown } };

export interface RecordedRequest {
  messages: { role: string; content?: unknown; tool_call_id?: string }[];
}

export class ScriptedModel {
  readonly requests: RecordedRequest[] = [];
  private readonly replies: ModelReply[] = [];
  private readonly server: Server;
  baseUrl = "";

  private constructor() {
    this.server = createServer((req, res) => void this.serve(req, res));
  }

  static async start(): Promise<ScriptedModel> {
    const model = new ScriptedModel();
    await new Promise<void>((resolve) => model.server.listen(0, "127.0.0.1", resolve));
    model.baseUrl = `http://127.0.0.1:${(model.server.address() as AddressInfo).port}/v1`;
    return model;
  }

  enqueue(...replies: ModelReply[]): void {
    this.replies.push(...replies);
  }

  /** config.toml lines for a provider on this server and an agent using it (this daemon's keys, SPEC §7). */
  configLines(agent: string): string[] {
    return [
      `providers.${agent}-model.kind = "openai"`,
      `providers.${agent}-model.base_url = ${JSON.stringify(this.baseUrl)}`,
      `providers.${agent}-model.api_key = "sk-conformance"`,
      `providers.${agent}-model.model = "conformance"`,
      `agents.${agent}.provider = "${agent}-model"`,
      `agents.${agent}.allowed_tools = ["ask_user"]`,
    ];
  }

  close(): Promise<void> {
    this.server.closeAllConnections();
    return new Promise((resolve) => this.server.close(() => resolve()));
  }

  private async serve(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    if (req.method !== "POST" || !req.url?.endsWith("/chat/completions")) {
      res.writeHead(404).end();
      return;
    }
    try {
      this.requests.push(JSON.parse(Buffer.concat(chunks).toString("utf8")) as RecordedRequest);
    } catch {
      this.requests.push({ messages: [] });
    }
    const reply = this.replies.shift();
    if (!reply) {
      res.writeHead(500, { "content-type": "application/json" });
      res.end(
        JSON.stringify({
          error: { message: "the conformance model has no reply queued", type: "server_error" },
        }),
      );
      return;
    }
    res.writeHead(200, { "content-type": "text/event-stream", "cache-control": "no-cache" });
    const send = (delta: object, finish: string | null = null): void => {
      const chunk = { id: "conf", object: "chat.completion.chunk", created: 0, model: "conformance" };
      res.write(
        `data: ${JSON.stringify({ ...chunk, choices: [{ index: 0, delta, finish_reason: finish }] })}\n\n`,
      );
    };
    if ("toolCall" in reply) {
      const { id, name, arguments: args } = reply.toolCall;
      send({
        role: "assistant",
        tool_calls: [{ index: 0, id, type: "function", function: { name, arguments: "" } }],
      });
      send({ tool_calls: [{ index: 0, function: { arguments: JSON.stringify(args) } }] });
      send({}, "tool_calls");
    } else {
      if (reply.reasoning) send({ role: "assistant", reasoning_content: reply.reasoning });
      for (const word of reply.text.match(/\S*\s+|\S+/g) ?? []) send({ content: word });
      send({}, "stop");
    }
    res.end("data: [DONE]\n\n");
  }
}
