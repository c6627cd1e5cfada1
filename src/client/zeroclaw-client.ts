// The client a program uses: the generated typed methods and handler hooks (generated/client.ts) over
// one socket connection (connect.ts: NDJSON framing, `zc-out-N` ids, id routing), with wire errors
// turned into their declared classes, the elicitation capability advertised when a handler is set,
// and the chunked-upload helper.
import { type CallOptions, ZeroclawClient as GeneratedClient } from "../../generated/client.js";
import type * as T from "../../generated/types.js";
import type { ClientConnection } from "./connect.js";
import { withTypedErrors } from "./typed-errors.js";
import { type UploadOptions, type UploadResult, uploadFile } from "./upload.js";

export type ElicitationHandler = (
  params: T.ElicitationCreateParams,
) => T.ElicitationCreateResult | Promise<T.ElicitationCreateResult>;

export class ZeroclawClient extends GeneratedClient {
  #answersElicitation = false;

  constructor(readonly connection: ClientConnection) {
    super(withTypedErrors(connection));
  }

  /** Resolves with the reason once the connection has ended. */
  get closed(): Promise<string> {
    return this.connection.closed;
  }

  /**
   * The handshake. When an elicitation handler is set and the caller names no capabilities, the
   * client advertises `elicitation` (the daemon only asks connections that do, SPEC §7).
   */
  override initialize(params: T.InitializeParams, options?: CallOptions): Promise<T.InitializeResult> {
    const withCapability =
      this.#answersElicitation && params.clientCapabilities === undefined
        ? { ...params, clientCapabilities: { elicitation: {} } }
        : params;
    return super.initialize(withCapability, options);
  }

  /** Answers the daemon's elicitation/create requests (the ask_user tool). */
  override handleElicitationCreate(handler: ElicitationHandler): void {
    this.#answersElicitation = true;
    super.handleElicitationCreate(handler);
  }

  /** Same as handleElicitationCreate. */
  onElicitation(handler: ElicitationHandler): void {
    this.handleElicitationCreate(handler);
  }

  /** Uploads bytes into a session in chunks of the size the daemon picks (SPEC §9). */
  upload(options: UploadOptions): Promise<UploadResult> {
    return uploadFile(this, options);
  }

  close(): void {
    this.connection.close();
  }
}
