// generated/client.ts: a typed client over any RpcEndpoint (src/jsonrpc's Peer is one). One method per
// client → daemon request, and typed registration for daemon → client requests and notifications.
import type { Model } from "../model/types.js";
import { camel, pascal } from "../naming/words.js";
import { ownNames } from "./names.js";

export function emitClient(model: Model, banner: string): string {
  const own = ownNames(model);
  const calls: string[] = [];
  const registrations: string[] = [];
  for (const m of model.methods) {
    const p = `T.${own.params(m)}`;
    const doc1 = m.docs.summary ? `  /** ${m.docs.summary} */\n` : "";
    const optional = m.paramsOptional;
    const toDaemon = m.implementedBy === "server";
    if (toDaemon && m.result) {
      const r = `T.${own.result(m)}`;
      calls.push(
        `${doc1}  ${camel(m.name)}(params: ${p}${optional ? " = {}" : ""}, options?: CallOptions): Promise<${r}> {
    return this.call(${JSON.stringify(m.name)}, params, options);
  }`,
      );
    } else if (toDaemon) {
      calls.push(
        `${doc1}  ${camel(m.name)}(params: ${p}): void {
    this.endpoint.notify(${JSON.stringify(m.name)}, params);
  }`,
      );
    } else if (!m.result) {
      registrations.push(
        `${doc1}  on${pascal(m.name)}(handler: (params: ${p}) => void): void {
    this.endpoint.setNotificationHandler(${JSON.stringify(m.name)}, handler as (params: unknown) => void);
  }`,
      );
    } else {
      const r = `T.${own.result(m)}`;
      registrations.push(
        `${doc1}  handle${pascal(m.name)}(handler: (params: ${p}) => ${r} | Promise<${r}>): void {
    this.endpoint.setRequestHandler(${JSON.stringify(m.name)}, handler as (params: unknown) => unknown);
  }`,
      );
    }
  }
  return `${banner}
import type * as T from "./types.js";
import type { DaemonRequestMethod, MethodParams, MethodResults } from "./methods.js";

export type CallOptions = { signal?: AbortSignal };

/** The connection a client runs over: correlation, ids and framing live behind it. */
export interface RpcEndpoint {
  request(method: string, params: unknown, options?: CallOptions): Promise<unknown>;
  notify(method: string, params: unknown): void;
  setRequestHandler(method: string, handler: (params: unknown) => unknown): void;
  setNotificationHandler(method: string, handler: (params: unknown) => void): void;
}

export class ZeroclawClient {
  constructor(readonly endpoint: RpcEndpoint) {}

  /** Calls any client → daemon request by its wire name. */
  call<M extends DaemonRequestMethod>(method: M, params: MethodParams[M], options?: CallOptions): Promise<MethodResults[M]> {
    return this.endpoint.request(method, params, options) as Promise<MethodResults[M]>;
  }

${[...calls, ...registrations].join("\n\n")}
}
`;
}
