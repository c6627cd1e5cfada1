// The TypeScript client target (entry point `zeroclaw-rpc/client`). The typed calls and handler hooks
// are generated/client.ts (emit-client.ts, shared with the daemon's own tests and command line); this
// target adds what only a client needs: one error class per §11 code whose `data` is typed by reason,
// and the table the runtime (src/client/) uses to turn a wire error into the right class.
import type { OpenRpcDocument } from "../document.js";
import { errorDataTypeName } from "../emit-types.js";
import { buildModel } from "../model.js";
import { pascal } from "../names.js";

const BANNER = "// Generated from openrpc.json by codegen/ — do not edit. Run `npm run generate`.";

/** `VERSION_MISMATCH` → `VersionMismatchError`, `PARSE_ERROR` → `ParseError`. */
export const errorClassName = (errorName: string): string =>
  `${pascal(errorName.toLowerCase().replace(/_error$/, ""))}Error`;

export function emitTypescript(doc: OpenRpcDocument): { path: string; content: string }[] {
  const errors = buildModel(doc).errors;
  const classes = errors.map((e) => {
    const cls = errorClassName(e.name);
    const data = `T.${errorDataTypeName(e.name)}`;
    const reasons = e.variants.map((v) => `\`${v.reason}\``).join(", ");
    return `/** ${e.code} ${e.name}: ${e.message}. \`data.reason\` is one of ${reasons}. */
export class ${cls} extends ZeroclawError {
  static readonly code = ${e.code};
  static readonly errorName = ${JSON.stringify(e.name)};
  declare readonly code: ${e.code};
  declare readonly data: ${data};
  constructor(message: string, data: ${data}) {
    super(${e.code}, message, data);
    this.name = "${cls}";
  }
}`;
  });
  const content = `${BANNER}
import { RpcError } from "./errors.js";
import type * as T from "./types.js";

/** Every error the daemon declares (SPEC §11), as a class per code; \`data\` is typed per \`reason\`. */
export abstract class ZeroclawError extends RpcError {}

${classes.join("\n\n")}

/** Any of the declared errors: narrow with \`instanceof\`, then on \`data.reason\`. */
export type DeclaredError =
${errors.map((e) => `  | ${errorClassName(e.name)}`).join("\n")};

/** The class for each declared code. */
export const errorClassByCode: { readonly [code: number]: new (message: string, data: never) => DeclaredError } = {
${errors.map((e) => `  [${e.code}]: ${errorClassName(e.name)},`).join("\n")}
};
`;
  return [{ path: "generated/client-errors.ts", content }];
}
