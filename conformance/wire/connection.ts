import { isJsonObject, type JsonValue } from "./json.js";

/**
 * What the expectations need from a client connection, whatever carries it:
 * NDJSON over the local socket (wire-client.ts) or text frames over the
 * gateway's WebSocket (ws-client.ts).
 */

export type WireEvent =
  | { kind: "message"; value: JsonValue; text: string }
  | { kind: "invalid"; text: string; reason: string }
  /** `reset`: the stream ended with an error (ECONNRESET, EPIPE…), not a clean end; `<<close` fails then. */
  | { kind: "closed"; detail: string; reset?: boolean };

export interface Connection {
  readonly name: string;
  /** "socket": NDJSON bytes over the local endpoint; "websocket": one JSON message per text frame. */
  readonly transport: "socket" | "websocket";
  readonly isClosed: boolean;
  /** The next message, invalid message or end of stream; undefined on timeout. End of stream repeats forever. */
  next(timeoutMs: number): Promise<WireEvent | undefined>;
  /** One message: a line plus `\n` on a socket, one text frame on a WebSocket. Not sent once the peer closed. */
  sendMessage(text: string, timeoutMs: number): Promise<void>;
  /**
   * `payload` `repeat` times: on a socket, raw bytes written in chunks (no newline added);
   * on a WebSocket, one text message made of the copies.
   */
  sendRepeated(payload: Uint8Array, repeat: number, timeoutMs: number): Promise<void>;
  /** The method of a request this connection sent with `id`, if it sent one. */
  methodOf(id: JsonValue): string | undefined;
  /**
   * The dialect its last initialize chose (SPEC §13): results are checked against that dialect's
   * schema. Undefined before any initialize (the run's dialect applies then).
   */
  readonly dialect: Dialect | undefined;
  pause(): void;
  resume(): void;
  /** The client ends its side: half-close on a socket, a close frame on a WebSocket. */
  end(): void;
  destroy(): void;
}

/** Outgoing messages longer than this are not parsed for request ids (floods, frame-limit probes). */
export const MAX_TRACKED_MESSAGE_CHARS = 64 * 1024;

/**
 * A connection's wire dialect (SPEC §13): `zeroclaw` when its initialize carried `protocol_version`
 * and no `protocolVersion` (as zerocode sends it), else `seed`.
 */
export type Dialect = "seed" | "zeroclaw";

/** Every dialect, as `--dialect`, `@dialects` and `[tag]` lines name them. */
export const DIALECTS: readonly Dialect[] = ["seed", "zeroclaw"];

export function isDialect(text: string): text is Dialect {
  return (DIALECTS as readonly string[]).includes(text);
}

/** Request id (JSON text) → method, for validating results against openrpc.json; and the dialect. */
export class SentRequests {
  private readonly methods = new Map<string, string>();
  dialect: Dialect | undefined;

  remember(text: string): void {
    if (text.length > MAX_TRACKED_MESSAGE_CHARS) return;
    try {
      const message: unknown = JSON.parse(text);
      if (isJsonObject(message) && typeof message.method === "string" && message.id !== undefined) {
        this.methods.set(JSON.stringify(message.id), message.method);
        if (message.method === "initialize" && isJsonObject(message.params)) {
          const { protocolVersion, protocol_version } = message.params;
          const given = (v: JsonValue | undefined): boolean => v !== undefined && v !== null;
          this.dialect = given(protocol_version) && !given(protocolVersion) ? "zeroclaw" : "seed";
        }
      }
    } catch {
      // Deliberately broken frames are not requests.
    }
  }

  methodOf(id: JsonValue): string | undefined {
    return this.methods.get(JSON.stringify(id));
  }
}
