import { setImmediate as nextTurn } from "node:timers/promises";
import { type RawData, WebSocket } from "ws";
import { type Connection, type Dialect, SentRequests, type WireEvent } from "./connection.js";
import { Inbox } from "./inbox.js";
import { clip, type JsonValue } from "./json.js";
import type { Transcript } from "./transcript.js";

/**
 * One client connection to the gateway's WebSocket (SPEC §10): one JSON-RPC
 * message per text frame, both ways. A binary frame or a text frame that is
 * not one JSON value is reported as an invalid message, like a bad line on
 * the socket.
 */

export class WsConnection implements Connection {
  readonly transport = "websocket" as const;
  private readonly inbox: Inbox;
  private readonly sentRequests = new SentRequests();

  private constructor(
    private readonly ws: WebSocket,
    readonly name: string,
    private readonly transcript: Transcript,
  ) {
    this.inbox = new Inbox(name, transcript);
    ws.on("message", (data: RawData, isBinary: boolean) => this.onMessage(data, isBinary));
    ws.on("close", (code: number, reason: Buffer) =>
      this.onClosed(`close frame ${code}${reason.length > 0 ? ` ${clip(reason.toString("utf8"), 80)}` : ""}`),
    );
    ws.on("error", (error: Error & { code?: string }) =>
      this.onClosed(`WebSocket error ${error.code ?? error.message}`),
    );
  }

  static open(url: string, name: string, transcript: Transcript, timeoutMs: number): Promise<WsConnection> {
    return new Promise((resolve, reject) => {
      // No compression: every frame on the wire is the message itself, as the daemon's limits see it.
      const ws = new WebSocket(url, { perMessageDeflate: false, handshakeTimeout: timeoutMs });
      const fail = (message: string): void => {
        ws.removeAllListeners();
        ws.on("error", () => {});
        ws.terminate();
        reject(new Error(message));
      };
      ws.once("error", (error) => fail(`WebSocket to ${url} failed: ${error.message}`));
      ws.once("unexpected-response", (_request, response) =>
        fail(`WebSocket to ${url} refused: HTTP ${response.statusCode} instead of 101`),
      );
      ws.once("open", () => {
        ws.removeAllListeners();
        transcript.record(name, "*", `WebSocket connected to ${url}`);
        resolve(new WsConnection(ws, name, transcript));
      });
    });
  }

  get isClosed(): boolean {
    return this.inbox.isClosed;
  }

  /** The next message, invalid message or end of stream; undefined on timeout. */
  next(timeoutMs: number): Promise<WireEvent | undefined> {
    return this.inbox.next(timeoutMs);
  }

  async sendMessage(text: string, timeoutMs: number): Promise<void> {
    await this.sendFrame(text, clip(text, 300), timeoutMs);
  }

  /** One text message made of `repeat` copies of `payload` (frame-limit probes). */
  async sendRepeated(payload: Uint8Array, repeat: number, timeoutMs: number): Promise<void> {
    const piece = new TextDecoder().decode(payload);
    await this.sendFrame(piece.repeat(repeat), `${clip(piece, 100)} ×${repeat} (one message)`, timeoutMs);
  }

  methodOf(id: JsonValue): string | undefined {
    return this.sentRequests.methodOf(id);
  }

  get dialect(): Dialect | undefined {
    return this.sentRequests.dialect;
  }

  pause(): void {
    this.ws.pause();
  }

  resume(): void {
    this.ws.resume();
  }

  end(): void {
    this.transcript.record(this.name, "*", "client close frame 1000");
    if (this.ws.readyState === WebSocket.OPEN) this.ws.close(1000);
  }

  destroy(): void {
    this.ws.terminate();
  }

  private async sendFrame(text: string, shown: string, timeoutMs: number): Promise<void> {
    // Like the socket client: let replies and closes already in flight land first.
    await nextTurn();
    if (this.inbox.isClosed || this.ws.readyState !== WebSocket.OPEN) {
      this.transcript.record(this.name, "*", `not sent, connection closed: ${shown}`);
      return;
    }
    this.transcript.record(this.name, ">", shown);
    this.sentRequests.remember(text);
    await new Promise<void>((resolve, reject) => {
      const timer = setTimeout(() => {
        this.ws.off("close", done);
        reject(new Error(`write blocked for ${timeoutMs} ms: the daemon stopped reading`));
      }, timeoutMs);
      const done = (): void => {
        clearTimeout(timer);
        this.ws.off("close", done);
        resolve();
      };
      this.ws.on("close", done);
      // An error here means the daemon closed first; that is judged by what the case expects next.
      this.ws.send(text, { binary: false }, done);
    });
  }

  private onMessage(data: RawData, isBinary: boolean): void {
    const bytes = Array.isArray(data)
      ? Buffer.concat(data)
      : Buffer.isBuffer(data)
        ? data
        : Buffer.from(data);
    if (isBinary) {
      this.transcript.record(this.name, "<", `(binary frame, ${bytes.length} bytes)`);
      this.inbox.push({
        kind: "invalid",
        text: bytes.toString("latin1"),
        reason: "a binary frame, not a text frame",
      });
      return;
    }
    this.inbox.receive(bytes, "text frame");
  }

  private onClosed(detail: string): void {
    this.inbox.close(detail);
  }
}
