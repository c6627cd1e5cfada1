import type { WireEvent } from "./connection.js";
import type { JsonValue } from "./json.js";
import type { Transcript } from "./transcript.js";

const utf8Decoder = new TextDecoder("utf-8", { fatal: true });
const NOT_JSON = {
  line: "line is not valid JSON",
  "text frame": "text frame is not one JSON value",
} as const;

/**
 * What a connection received, in order, whatever carried it (a socket line or a WebSocket text frame):
 * messages, invalid messages, then end of stream, which repeats forever once reached.
 */
export class Inbox {
  private readonly events: WireEvent[] = [];
  private wake: (() => void) | undefined;
  private closedEvent: WireEvent | undefined;

  constructor(
    private readonly name: string,
    private readonly transcript: Transcript,
  ) {}

  get isClosed(): boolean {
    return this.closedEvent !== undefined;
  }

  push(event: WireEvent): void {
    this.events.push(event);
    this.wake?.();
  }

  /** One received message's bytes: must be UTF-8 and one JSON value (`what` names the unit in reasons). */
  receive(bytes: Buffer, what: "line" | "text frame"): void {
    let text: string;
    try {
      text = utf8Decoder.decode(bytes);
    } catch {
      this.push({ kind: "invalid", text: bytes.toString("latin1"), reason: `${what} is not valid UTF-8` });
      return;
    }
    this.transcript.record(this.name, "<", text);
    try {
      this.push({ kind: "message", value: JSON.parse(text) as JsonValue, text });
    } catch {
      this.push({ kind: "invalid", text, reason: NOT_JSON[what] });
    }
  }

  /** End of stream (`reset`: ended by an error, not cleanly); returns false if it had already ended. */
  close(detail: string, reset = false): boolean {
    if (this.closedEvent) return false;
    this.transcript.record(this.name, "*", detail);
    this.closedEvent = reset ? { kind: "closed", detail, reset } : { kind: "closed", detail };
    this.push(this.closedEvent);
    return true;
  }

  /** The next message, invalid message or end of stream; undefined on timeout. */
  async next(timeoutMs: number): Promise<WireEvent | undefined> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const event = this.events.shift();
      if (event) return event;
      if (this.closedEvent) return this.closedEvent;
      const remaining = deadline - Date.now();
      if (remaining <= 0) return undefined;
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, remaining);
        this.wake = () => {
          clearTimeout(timer);
          resolve();
        };
      });
      this.wake = undefined;
    }
  }
}
