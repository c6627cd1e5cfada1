// A deliberately dumb NDJSON client for tests: raw bytes out, parsed lines in, explicit waits.
// It shares no code with the daemon, so a bug in our framing cannot hide itself in both ends.
import { connect, type Socket } from "node:net";

export type WireMessage = {
  jsonrpc?: unknown;
  id?: unknown;
  method?: string;
  params?: unknown;
  result?: unknown;
  error?: { code: number; message: string; data?: Record<string, unknown> };
};

export class RawClient {
  readonly messages: WireMessage[] = [];
  readonly rawLines: string[] = [];
  private buffered = "";
  private waiters: (() => void)[] = [];
  private ended = false;
  readonly closed: Promise<void>;
  private nextId = 1;

  private constructor(readonly socket: Socket) {
    socket.setEncoding("utf8");
    socket.on("data", (text: string) => {
      this.buffered += text;
      let nl = this.buffered.indexOf("\n");
      while (nl !== -1) {
        const line = this.buffered.slice(0, nl);
        this.buffered = this.buffered.slice(nl + 1);
        this.rawLines.push(line);
        this.messages.push(JSON.parse(line) as WireMessage);
        nl = this.buffered.indexOf("\n");
      }
      this.wake();
    });
    socket.on("error", () => {});
    this.closed = new Promise((resolve) =>
      socket.on("close", () => {
        this.ended = true;
        this.wake();
        resolve();
      }),
    );
  }

  static connect(path: string): Promise<RawClient> {
    return new Promise((resolve, reject) => {
      const s = connect(path);
      s.once("error", reject);
      s.once("connect", () => {
        s.off("error", reject);
        resolve(new RawClient(s));
      });
    });
  }

  /** Wraps a socket that is already connected (e.g. the server end of a test socket pair). */
  static over(socket: Socket): RawClient {
    return new RawClient(socket);
  }

  get isClosed(): boolean {
    return this.ended;
  }

  write(data: string | Buffer): Promise<void> {
    return new Promise((resolve) => {
      if (this.socket.destroyed) return resolve();
      this.socket.write(data, () => resolve());
    });
  }

  send(message: unknown): Promise<void> {
    return this.write(`${JSON.stringify(message)}\n`);
  }

  /** Resolves with the next message not yet taken, waiting up to `timeoutMs`. */
  async next(timeoutMs = 5000): Promise<WireMessage> {
    const deadline = Date.now() + timeoutMs;
    while (this.messages.length === 0) {
      if (this.ended) throw new Error("connection closed while waiting for a message");
      if (!(await this.wait(deadline - Date.now()))) throw new Error(`no message within ${timeoutMs} ms`);
    }
    return this.messages.shift()!;
  }

  /** Resolves true if the daemon closed the connection within `timeoutMs` (messages before are kept). */
  async waitClosed(timeoutMs = 5000): Promise<boolean> {
    const deadline = Date.now() + timeoutMs;
    while (!this.ended) if (!(await this.wait(deadline - Date.now()))) return false;
    return true;
  }

  /** True if nothing arrived (and the connection stayed open) for `ms`. */
  async silentFor(ms: number): Promise<boolean> {
    const before = this.messages.length;
    await new Promise((r) => setTimeout(r, ms));
    return this.messages.length === before && !this.ended;
  }

  /** Sends a request and resolves with the response carrying its id (safe to run several at once). */
  async request(method: string, params?: unknown): Promise<WireMessage> {
    const id = this.nextId++;
    await this.send(
      params === undefined ? { jsonrpc: "2.0", id, method } : { jsonrpc: "2.0", id, method, params },
    );
    return this.take((m) => m.id === id && m.method === undefined);
  }

  /** Resolves with (and removes) the first message matching `match`; others stay queued in order. */
  async take(match: (m: WireMessage) => boolean, timeoutMs = 5000): Promise<WireMessage> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const i = this.messages.findIndex(match);
      if (i !== -1) return this.messages.splice(i, 1)[0]!;
      if (this.ended) throw new Error("connection closed while waiting for a message");
      if (!(await this.wait(deadline - Date.now())))
        throw new Error(`no matching message within ${timeoutMs} ms`);
    }
  }

  async initialize(): Promise<WireMessage> {
    const msg = await this.request("initialize", { protocolVersion: 1 });
    if (!msg.result) throw new Error(`initialize failed: ${JSON.stringify(msg)}`);
    return msg;
  }

  close(): void {
    this.socket.destroy();
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
    const waiters = this.waiters;
    this.waiters = [];
    for (const w of waiters) w();
  }
}
