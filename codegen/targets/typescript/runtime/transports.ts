// The transport a URL names: `http(s)://` → JSON-RPC over HTTP POST (fetch), `ws(s)://` → WebSocket
// (the `ws` package), `unix:PATH` or a bare filesystem path → newline-delimited JSON over a Unix
// socket. Each delivers whole JSON texts (frames) both ways.
import { connect as netConnect, type Socket } from "node:net";
import { homedir } from "node:os";

/** Nothing answered at `endpoint`: the message names it and says what to check; `cause` is the OS error. */
export class ConnectError extends Error {
  constructor(
    readonly endpoint: string,
    cause: Error,
  ) {
    super(
      `cannot connect to ${endpoint}: ${cause.message} (is the server running and listening there? check the address, or pass another URL)`,
      { cause },
    );
    this.name = "ConnectError";
  }
}

/** A leading `~` is the home directory, as a shell reads it (`unix:~/.app/daemon.sock`). */
const expandHome = (path: string): string =>
  path === "~" || path.startsWith("~/") ? homedir() + path.slice(1) : path;

export interface Transport {
  send(frame: string): Promise<void>;
  onFrame(handler: (frame: string) => void): void;
  onClose(handler: (reason: string) => void): void;
  close(): void;
}

export type TransportOptions = {
  /** Extra HTTP headers (authorization…) for `http(s)://` and `ws(s)://` URLs. */
  headers?: Record<string, string>;
};

export async function openTransport(url: string, options: TransportOptions = {}): Promise<Transport> {
  if (/^https?:\/\//i.test(url)) return new HttpTransport(url, options.headers ?? {});
  if (/^wss?:\/\//i.test(url)) return WsTransport.open(url, options.headers ?? {});
  if (/^unix:/i.test(url)) return SocketTransport.open(url.replace(/^unix:(\/\/)?/i, ""));
  if (!/^[a-z][a-z0-9+.-]*:\/\//i.test(url)) return SocketTransport.open(url);
  throw new Error(`unsupported URL ${url}: use http(s)://, ws(s)://, unix:PATH or a socket path`);
}

class Listeners {
  frame: (frame: string) => void = () => undefined;
  close: (reason: string) => void = () => undefined;
}

/** One POST per message; a non-empty response body is the answer (or batch of answers). */
class HttpTransport implements Transport {
  private readonly on = new Listeners();
  private readonly aborts = new AbortController();

  constructor(
    private readonly url: string,
    private readonly headers: Record<string, string>,
  ) {}

  async send(frame: string): Promise<void> {
    const res = await fetch(this.url, {
      method: "POST",
      headers: { "content-type": "application/json", accept: "application/json", ...this.headers },
      body: frame,
      signal: this.aborts.signal,
    });
    const body = await res.text();
    if (body.trim() !== "") this.on.frame(body);
    else if (!res.ok) throw new Error(`HTTP ${res.status} ${res.statusText} from ${this.url}`);
  }

  onFrame(handler: (frame: string) => void): void {
    this.on.frame = handler;
  }

  onClose(handler: (reason: string) => void): void {
    this.on.close = handler;
  }

  close(): void {
    this.aborts.abort();
    this.on.close("closed by the client");
  }
}

class SocketTransport implements Transport {
  private readonly on = new Listeners();
  private buffer = "";

  private constructor(private readonly socket: Socket) {
    socket.setEncoding("utf8");
    socket.on("data", (chunk: string) => {
      this.buffer += chunk;
      for (let nl = this.buffer.indexOf("\n"); nl !== -1; nl = this.buffer.indexOf("\n")) {
        const line = this.buffer.slice(0, nl);
        this.buffer = this.buffer.slice(nl + 1);
        if (line.trim() !== "") this.on.frame(line);
      }
    });
    socket.on("close", () => this.on.close("socket closed"));
    socket.on("error", () => undefined); // "close" follows and reports it
  }

  static open(given: string): Promise<Transport> {
    const path = expandHome(given);
    return new Promise((resolve, reject) => {
      const socket = netConnect(path);
      socket.once("error", (err) => reject(new ConnectError(`unix:${path}`, err)));
      socket.once("connect", () => {
        socket.removeAllListeners("error");
        resolve(new SocketTransport(socket));
      });
    });
  }

  send(frame: string): Promise<void> {
    return new Promise((resolve, reject) => {
      this.socket.write(`${frame}\n`, (err) => (err ? reject(err) : resolve()));
    });
  }

  onFrame(handler: (frame: string) => void): void {
    this.on.frame = handler;
  }

  onClose(handler: (reason: string) => void): void {
    this.on.close = handler;
  }

  close(): void {
    this.socket.end();
  }
}

type WebSocketLike = {
  send(data: string, cb: (err?: Error) => void): void;
  close(): void;
  on(event: "message", cb: (data: Buffer | string) => void): void;
  on(event: "close", cb: (code: number) => void): void;
  once(event: "open", cb: () => void): void;
  once(event: "error", cb: (err: Error) => void): void;
};

class WsTransport implements Transport {
  private readonly on = new Listeners();

  private constructor(private readonly ws: WebSocketLike) {
    ws.on("message", (data) => this.on.frame(data.toString()));
    ws.on("close", (code) => this.on.close(`websocket closed (${code})`));
  }

  static async open(url: string, headers: Record<string, string>): Promise<Transport> {
    // Loaded only for ws(s):// URLs, so HTTP and socket users never load it.
    const { WebSocket } = await import("ws");
    const ws = new WebSocket(url, { headers }) as unknown as WebSocketLike;
    await new Promise<void>((resolve, reject) => {
      ws.once("open", resolve);
      ws.once("error", reject);
    });
    return new WsTransport(ws);
  }

  send(frame: string): Promise<void> {
    return new Promise((resolve, reject) => this.ws.send(frame, (err) => (err ? reject(err) : resolve())));
  }

  onFrame(handler: (frame: string) => void): void {
    this.on.frame = handler;
  }

  onClose(handler: (reason: string) => void): void {
    this.on.close = handler;
  }

  close(): void {
    this.ws.close();
  }
}
