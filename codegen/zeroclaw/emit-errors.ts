// generated/errors.ts: error codes, the RpcError class, and one constructor per data.reason, so handlers
// and the transport build every error from the document's declarations and never spell a code.
import type { Model } from "../model/types.js";
import { camel } from "../naming/words.js";
import { propertyKey } from "../targets/typescript/render-types.js";
import { ownNames } from "./names.js";

export function emitErrors(model: Model, banner: string): string {
  const own = ownNames(model);
  const errors = [...model.errors.values()];
  const codes = errors.map((e) => `  ${propertyKey(e.name)}: ${e.code},`).join("\n");
  const dataMap = errors.map((e) => `  ${propertyKey(e.name)}: T.${own.errorData(e)};`).join("\n");
  const ctors: string[] = [];
  for (const err of errors) {
    for (const v of err.variants) {
      const decl = model.types.get(v.type.name);
      const figures = decl?.kind === "object" ? decl.members.filter((m) => m.name !== "reason") : [];
      const type = own.ts(v.type);
      const message = JSON.stringify(v.description);
      const name = `ErrorCode.${err.name}`;
      ctors.push(
        `  /** ${err.name} (${err.code}): ${v.description} */`,
        figures.length === 0
          ? `  ${camel(v.reason)}: (message: string = ${message}): RpcError =>\n    new RpcError(${name}, message, { reason: "${v.reason}" } satisfies ${type}),`
          : `  ${camel(v.reason)}: (figures: Omit<${type}, "reason">, message: string = ${message}): RpcError =>\n    new RpcError(${name}, message, { reason: "${v.reason}", ...figures } satisfies ${type}),`,
      );
    }
  }
  return `${banner}
import type * as T from "./types.js";

export const ErrorCode = {
${codes}
} as const;
export type ErrorName = keyof typeof ErrorCode;

/** The data member each error carries, by error name. */
export type ErrorDataByName = {
${dataMap}
};

/** A JSON-RPC error object as it travels on the wire. */
export type WireError = { code: number; message: string; data?: unknown };

/** A JSON-RPC error raised by a handler or the transport; serialized as the response's error member. */
export class RpcError extends Error {
  constructor(
    readonly code: number,
    message: string,
    readonly data?: unknown,
  ) {
    super(message);
    this.name = "RpcError";
  }

  toWire(): WireError {
    return this.data === undefined
      ? { code: this.code, message: this.message }
      : { code: this.code, message: this.message, data: this.data };
  }
}

/** One constructor per data.reason declared in openrpc.json. */
export const rpcErrors = {
${ctors.join("\n")}
} as const;
`;
}
