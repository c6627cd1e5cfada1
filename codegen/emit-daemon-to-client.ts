// generated/daemon-to-client.ts: the daemon's typed senders for daemon → client traffic, over any
// endpoint with request/notify (src/jsonrpc's Peer is one). One method per daemon → client method:
// a notification is sent and forgotten; a request takes a signal, and an aborted signal withdraws it.
import type { OpenRpcDocument } from "./document.js";
import { buildModel } from "./model.js";
import { camel } from "./names.js";

export function emitDaemonToClient(doc: OpenRpcDocument, banner: string): string {
  const senders: string[] = [];
  for (const m of buildModel(doc).methods) {
    if (m.direction !== "daemon→client") continue;
    // A connection of another dialect gets that dialect's params (x-dialects, SPEC §13).
    const p = [m.params.name, ...m.dialects.flatMap((d) => (d.params ? [d.params] : []))]
      .map((n) => `T.${n}`)
      .join(" | ");
    const summary = m.summary ? `  /** ${m.summary} */\n` : "";
    if (m.notification) {
      senders.push(`${summary}  ${camel(m.name)}(params: ${p}): void {
    this.endpoint.notify(${JSON.stringify(m.name)}, params);
  }`);
    } else {
      const r = `T.${m.result!.name}`;
      senders.push(`${summary}  ${camel(m.name)}(params: ${p}, options?: SendOptions): Promise<${r}> {
    return this.endpoint.request(${JSON.stringify(m.name)}, params, options) as Promise<${r}>;
  }`);
    }
  }
  return `${banner}
import type * as T from "./types.js";

export type SendOptions = { signal?: AbortSignal };

/** The daemon's end of one connection: correlation, ids and framing live behind it. */
export interface DaemonEndpoint {
  request(method: string, params: unknown, options?: SendOptions): Promise<unknown>;
  notify(method: string, params: unknown): void;
}

/** What the daemon may send to one client. */
export class DaemonToClient {
  constructor(readonly endpoint: DaemonEndpoint) {}

${senders.join("\n\n")}
}
`;
}
