// The clean end after a last word (SPEC §12): once the daemon has written its final line and half-closed,
// whatever the peer still sends is read and thrown away, unparsed, until it ends its side or `ms` pass.
// Closing with the peer's bytes unread would reset the connection, and a client still writing would
// lose the line that says why. Used after fatal frame errors and for connections refused at the cap.
import type { Socket } from "node:net";

export function drainThenClose(socket: Socket, ms: number, close: () => void): void {
  const timer = setTimeout(close, ms);
  timer.unref();
  socket.on("data", () => {}); // flowing mode: the bytes are dropped
  socket.once("end", close);
  socket.once("close", () => clearTimeout(timer));
  socket.resume();
}
