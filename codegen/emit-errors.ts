// generated/errors.ts: error codes, the RpcError class, and one constructor per data.reason, so handlers
// and the transport build every error from the document's declarations and never spell a code.
import type { JsonSchema, OpenRpcDocument } from "./document.js";
import { errorDataTypeName } from "./emit-types.js";
import { buildModel } from "./model.js";
import { camel } from "./names.js";

export function emitErrors(doc: OpenRpcDocument, banner: string): string {
  const errors = buildModel(doc).errors;
  const codes = errors.map((e) => `  ${e.name}: ${e.code},`).join("\n");
  const dataMap = errors.map((e) => `  ${e.name}: T.${errorDataTypeName(e.name)};`).join("\n");
  const ctors: string[] = [];
  for (const err of errors) {
    const name = err.name;
    for (const { reason, name: component, schema: v } of err.variants) {
      const props = v.properties as Record<string, JsonSchema>;
      const figures = Object.keys(props).filter((k) => k !== "reason");
      const type = `T.${component}`;
      const message = JSON.stringify(v.description);
      ctors.push(
        `  /** ${name} (${err.code}): ${v.description} */`,
        figures.length === 0
          ? `  ${camel(reason)}: (message: string = ${message}): RpcError =>\n    new RpcError(ErrorCode.${name}, message, { reason: "${reason}" } satisfies ${type}),`
          : `  ${camel(reason)}: (figures: Omit<${type}, "reason">, message: string = ${message}): RpcError =>\n    new RpcError(ErrorCode.${name}, message, { reason: "${reason}", ...figures } satisfies ${type}),`,
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
