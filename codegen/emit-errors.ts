// generated/errors.ts: error codes, the RpcError class, and one constructor per data.reason, so handlers
// and the transport build every error from the document's declarations and never spell a code.
import { errorVariants, type JsonSchema, type OpenRpcDocument } from "./document.js";
import { errorDataTypeName, reasonDataTypeName } from "./emit-types.js";
import { camel } from "./names.js";

export function emitErrors(doc: OpenRpcDocument, banner: string): string {
  const entries = Object.entries(doc.components.errors);
  const codes = entries.map(([name, e]) => `  ${name}: ${e.code},`).join("\n");
  const dataMap = entries.map(([name]) => `  ${name}: T.${errorDataTypeName(name)};`).join("\n");
  const ctors: string[] = [];
  for (const [name, err] of entries) {
    for (const { reason, component, schema: v } of errorVariants(doc, err)) {
      const props = v.properties as Record<string, JsonSchema>;
      const figures = Object.keys(props).filter((k) => k !== "reason");
      const type = `T.${component ?? reasonDataTypeName(reason)}`;
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
