// A wire error as the class declared for its code (generated/client-errors.ts), so a caller narrows
// with `instanceof VersionMismatchError` and then reads `data.requested` typed. An undeclared code
// stays a plain RpcError (a newer daemon may add codes).

import type { RpcEndpoint } from "../../generated/client.js";
import { errorClassByCode } from "../../generated/client-errors.js";
import { RpcError } from "../../generated/errors.js";

export function toTypedError(err: unknown): unknown {
  if (!(err instanceof RpcError) || !Object.hasOwn(errorClassByCode, err.code)) return err;
  const Declared = errorClassByCode[err.code]!;
  return new Declared(err.message, err.data as never);
}

/** The same endpoint, with every rejected request's RpcError turned into its declared class. */
export function withTypedErrors(endpoint: RpcEndpoint): RpcEndpoint {
  return {
    request: (method, params, options) =>
      endpoint.request(method, params, options).catch((err: unknown) => {
        throw toTypedError(err);
      }),
    notify: (method, params) => endpoint.notify(method, params),
    setRequestHandler: (method, handler) => endpoint.setRequestHandler(method, handler),
    setNotificationHandler: (method, handler) => endpoint.setNotificationHandler(method, handler),
  };
}
