// A plain `ws` client for black-box gateway tests: one JSON-RPC message per text frame, responses
// matched by id, waits that resolve on events (a message, the close) with a generous ceiling.
import type { Socket } from "node:net";
import WebSocket from "ws";
import type { WireMessage } from "./raw-client.js";

export class WsRpcClient {
  readonly messages: WireMessage[] = [];
  closeCode: number | undefined;
  readonly closed: Promise<number>;
  private waiters: (() => void)[] = [];
  private nextId = 1;

  private constructor(readonly ws: WebSocket) {
    ws.on("message", (data) => {
      this.messages.push(JSON.parse(String(data)) as WireMessage);
      this.wake();
    });
    ws.on("error", () => {});
    this.closed = new Promise((resolve) =>
      ws.on("close", (code) => {
        this.closeCode = code;
        this.wake();
        resolve(code);
      }),
    );
  }

  static open(url: string): Promise<WsRpcClient> {
    const ws = new WebSocket(url, { perMessageDeflate: false });
    const client = new WsRpcClient(ws);
    return new Promise((resolve, reject) => {
      ws.once("open", () => resolve(client));
      ws.once("error", reject);
    });
  }

  /** The client's TCP socket (its local port is the daemon's `ws:<addr>:<port>` peer label). */
  get socket(): Socket {
    return (this.ws as unknown as { _socket: Socket })._socket;
  }

  get isClosed(): boolean {
    return this.closeCode !== undefined;
  }

  async request(method: string, params: unknown = {}, timeoutMs = 10_000): Promise<WireMessage> {
    const id = this.nextId++;
    this.ws.send(JSON.stringify({ jsonrpc: "2.0", id, method, params }));
    return this.take((m) => m.id === id && m.method === undefined, timeoutMs);
  }

  initialize(authToken?: string): Promise<WireMessage> {
    return this.request(
      "initialize",
      authToken === undefined ? { protocolVersion: 1 } : { protocolVersion: 1, auth_token: authToken },
    );
  }

  async take(match: (m: WireMessage) => boolean, timeoutMs = 10_000): Promise<WireMessage> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const i = this.messages.findIndex(match);
      if (i !== -1) return this.messages.splice(i, 1)[0]!;
      if (this.isClosed) throw new Error(`connection closed (${this.closeCode}) while waiting for a message`);
      if (!(await this.wait(deadline - Date.now())))
        throw new Error(`no matching message within ${timeoutMs} ms`);
    }
  }

  /** Resolves true once the connection is closed, false if it is still open after `timeoutMs`. */
  async waitClosed(timeoutMs = 10_000): Promise<boolean> {
    const deadline = Date.now() + timeoutMs;
    while (!this.isClosed) if (!(await this.wait(deadline - Date.now()))) return false;
    return true;
  }

  close(): void {
    this.ws.close();
  }

  terminate(): void {
    this.ws.terminate();
  }

  private wait(ms: number): Promise<boolean> {
    if (ms <= 0) return Promise.resolve(false);
    return new Promise((resolve) => {
      const timer = setTimeout(() => {
        this.waiters = this.waiters.filter((w) => w !== wake);
        resolve(false);
      }, ms);
      const wake = (): void => {
        clearTimeout(timer);
        resolve(true);
      };
      this.waiters.push(wake);
    });
  }

  private wake(): void {
    for (const w of this.waiters.splice(0)) w();
  }
}
