// A minimal JSON-RPC client over a WebSocket for tests: one message per text frame, explicit waits.
import WebSocket from "ws";
import type { WireMessage } from "./raw-client.js";

export class WsJsonClient {
  readonly messages: WireMessage[] = [];
  private waiters: (() => void)[] = [];
  private nextId = 1;
  closeCode: number | undefined;
  readonly closed: Promise<void>;

  private constructor(readonly ws: WebSocket) {
    ws.on("message", (data, isBinary) => {
      if (!isBinary) this.messages.push(JSON.parse(data.toString()) as WireMessage);
      this.wake();
    });
    this.closed = new Promise((resolve) =>
      ws.on("close", (code) => {
        this.closeCode = code;
        this.wake();
        resolve();
      }),
    );
    ws.on("error", () => {});
  }

  static connect(url: string): Promise<WsJsonClient> {
    return new Promise((resolve, reject) => {
      const ws = new WebSocket(url);
      ws.once("open", () => resolve(new WsJsonClient(ws)));
      ws.once("error", reject);
    });
  }

  async request(method: string, params?: unknown): Promise<WireMessage> {
    const id = this.nextId++;
    this.ws.send(JSON.stringify({ jsonrpc: "2.0", id, method, ...(params === undefined ? {} : { params }) }));
    const deadline = Date.now() + 5000;
    for (;;) {
      const i = this.messages.findIndex((m) => m.id === id);
      if (i !== -1) return this.messages.splice(i, 1)[0]!;
      if (this.closeCode !== undefined)
        throw new Error(`closed (${this.closeCode}) while waiting for ${method}`);
      if (Date.now() > deadline) throw new Error(`no answer to ${method}`);
      await new Promise<void>((r) => {
        const t = setTimeout(r, 50);
        this.waiters.push(() => {
          clearTimeout(t);
          r();
        });
      });
    }
  }

  close(): void {
    this.ws.close();
  }

  private wake(): void {
    const w = this.waiters;
    this.waiters = [];
    for (const f of w) f();
  }
}
