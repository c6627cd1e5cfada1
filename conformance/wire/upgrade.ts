import { WebSocket } from "ws";
import type { HttpResponse } from "./gateway.js";
import { clip } from "./json.js";
import type { Transcript } from "./transcript.js";

/**
 * `@upgrade [ORIGIN]` (SPEC §12): one WebSocket upgrade request to the
 * gateway's /rpc, with `Origin: ORIGIN` when given, reported as the HTTP
 * status it got (101 when accepted; the socket is then dropped at once), so
 * `<<http STATUS` can judge the Origin check and the pending-connection cap.
 * `@ws` cannot: it fails the case on any refusal and sends no Origin.
 */

/** In ORIGIN, stands for the gateway's own origin `http://HOST:PORT` (from status.gateway_url). */
export const OWN_ORIGIN = "<gateway>";

export function upgradeStatus(
  gatewayUrl: URL,
  origin: string | undefined,
  transcript: Transcript,
  timeoutMs: number,
): Promise<HttpResponse> {
  const sent = origin?.replaceAll(OWN_ORIGIN, `http://${gatewayUrl.host}`);
  transcript.record("upgrade", ">", `GET ${gatewayUrl.href}${sent === undefined ? "" : ` Origin: ${sent}`}`);
  return new Promise((resolve, reject) => {
    const ws = new WebSocket(gatewayUrl.href, {
      perMessageDeflate: false,
      handshakeTimeout: timeoutMs,
      ...(sent === undefined ? {} : { headers: { Origin: sent } }),
    });
    const done = (response: HttpResponse): void => {
      transcript.record("upgrade", "<", `${response.status} ${clip(response.body, 200)}`);
      ws.removeAllListeners();
      ws.on("error", () => {});
      ws.terminate();
      resolve(response);
    };
    ws.once("open", () => done({ status: 101, contentType: undefined, body: "" }));
    ws.once("unexpected-response", (_request, response) => {
      const chunks: Buffer[] = [];
      response.on("data", (chunk: Buffer) => chunks.push(chunk));
      response.on("error", () => {});
      response.on("end", () =>
        done({
          status: response.statusCode ?? 0,
          contentType: response.headers["content-type"],
          body: Buffer.concat(chunks).toString("utf8"),
        }),
      );
    });
    ws.once("error", (error) => {
      ws.removeAllListeners();
      ws.on("error", () => {});
      reject(new Error(`upgrade to ${gatewayUrl.href} failed: ${error.message}`));
    });
  });
}
