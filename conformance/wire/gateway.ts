import { request } from "node:http";
import { CaseFailure, NotImplemented } from "../cases/case.js";
import { call, type ExpectOptions, initialize } from "../judge/expectations.js";
import { clip, preview } from "./json.js";
import type { Transcript } from "./transcript.js";
import { WireConnection } from "./wire-client.js";

/**
 * The gateway of SPEC §10 as a black box sees it: its address comes from
 * `status.gateway_url` on the local socket (a case sets `gateway.port = 0`,
 * so only the daemon knows the port), and its HTTP resources are plain GETs.
 */

const PROBE_CONNECTION = "gateway-probe";

/** `status.gateway_url` from a fresh, initialized local connection, closed again afterwards. */
export async function discoverGatewayUrl(
  socketPath: string,
  transcript: Transcript,
  options: ExpectOptions,
): Promise<URL> {
  const connection = await WireConnection.open(socketPath, PROBE_CONNECTION, transcript, options.timeoutMs);
  let reported: unknown;
  try {
    await initialize(connection, `${PROBE_CONNECTION}-init`, options);
    reported = (await call(connection, `${PROBE_CONNECTION}-status`, "status", {}, options)).gateway_url;
  } finally {
    connection.destroy();
  }
  if (reported === null || reported === undefined) {
    // The case enabled the gateway (`#! gateway.enabled = true`); an implementation that still reports
    // none does not offer one: not implemented (a failure under --require gateway or --strict).
    throw new NotImplemented(
      "status.gateway_url is null: the daemon serves no gateway (though the case set `gateway.enabled = true`)",
    );
  }
  if (typeof reported !== "string")
    throw new CaseFailure(`status.gateway_url is not a string: ${preview(reported)}`);
  let url: URL;
  try {
    url = new URL(reported);
  } catch {
    throw new CaseFailure(`status.gateway_url is not a URL: ${preview(reported)}`);
  }
  if (url.protocol !== "ws:" || url.pathname !== "/rpc") {
    throw new CaseFailure(`status.gateway_url should be ws://HOST:PORT/rpc, got ${preview(reported)}`);
  }
  return url;
}

export interface HttpResponse {
  status: number;
  contentType: string | undefined;
  body: string;
}

/** One HTTP/1.1 request to the gateway's host and port (no body), the whole response read. */
export function httpRequest(
  gatewayUrl: URL,
  method: string,
  path: string,
  transcript: Transcript,
  timeoutMs: number,
): Promise<HttpResponse> {
  const target = new URL(path, gatewayUrl);
  target.protocol = "http:";
  transcript.record("http", ">", `${method} ${target.href}`);
  return new Promise((resolve, reject) => {
    const outgoing = request(target, { method, timeout: timeoutMs, agent: false }, (response) => {
      const chunks: Buffer[] = [];
      response.on("data", (chunk: Buffer) => chunks.push(chunk));
      response.on("error", (error) => reject(new Error(`HTTP ${method} ${path}: ${error.message}`)));
      response.on("end", () => {
        const body = Buffer.concat(chunks).toString("utf8");
        const status = response.statusCode ?? 0;
        transcript.record("http", "<", `${status} ${clip(body, 300)}`);
        resolve({ status, contentType: response.headers["content-type"], body });
      });
    });
    outgoing.on("timeout", () => outgoing.destroy(new Error(`no response within ${timeoutMs} ms`)));
    outgoing.on("error", (error) => reject(new CaseFailure(`HTTP ${method} ${path}: ${error.message}`)));
    outgoing.end();
  });
}
