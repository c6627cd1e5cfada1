// One dashboard connection: the generated typed client over the browser WebSocket endpoint, opened
// at the page's own origin (the gateway serves the page and admits its own origin, SPEC §12), and
// the handshake with a pairing token or a one-time login code (SPEC §18) and the elicitation
// capability (the page answers ask_user).
import { ZeroclawClient } from "../../../generated/client.js";
import type {
  ElicitationCreateParams,
  ElicitationCreateResult,
  InitializeResult,
} from "../../../generated/types.js";
import { WsEndpoint } from "./ws-endpoint.js";

export type Connection = {
  client: ZeroclawClient;
  endpoint: WsEndpoint;
  init: InitializeResult;
  /** session/subscribe is served (feature-detected from initialize.capabilities). */
  canSubscribe: boolean;
};

/** ws://host:port/rpc of the gateway that served this page. */
export function gatewayUrl(loc: Location = location): string {
  return `${loc.protocol === "https:" ? "wss:" : "ws:"}//${loc.host}/rpc`;
}

/** How the page signs in: a pairing token (kept for the tab), or a one-time code from `zeroclaw dashboard`. */
export type Credentials = { auth_token: string } | { login_code: string };

export async function openConnection(
  credentials: Credentials,
  onElicitation: (params: ElicitationCreateParams) => Promise<ElicitationCreateResult>,
  url: string = gatewayUrl(),
): Promise<Connection> {
  const endpoint = await WsEndpoint.open(url);
  const client = new ZeroclawClient(endpoint);
  // Handlers go in before initialize: the daemon may ask as soon as a turn runs.
  client.handleElicitationCreate(onElicitation);
  try {
    const init = await client.initialize({
      protocolVersion: 1,
      clientInfo: { name: "zeroclaw-dashboard", version: "0.1.0" },
      clientCapabilities: { elicitation: { form: {} } },
      ...credentials,
    });
    return { client, endpoint, init, canSubscribe: init.capabilities.includes("session/subscribe") };
  } catch (err) {
    endpoint.close();
    throw err;
  }
}
