// generated/client-errors.ts, for the package entry `zeroclaw-rpc/client` (src/client/): one error
// class per §11 code whose `data` is the union of that code's `<Reason>Data`, and the table the
// runtime uses to turn a wire error into the right class. The typed calls and handler hooks are
// generated/client.ts (emit-client.ts).
import type { Model } from "../model/types.js";
import { ownNames } from "./names.js";

export function emitClientErrors(model: Model, banner: string): string {
  const own = ownNames(model);
  const errors = [...model.errors.values()];
  const errorClassName = (e: (typeof errors)[number]): string => own.names.errorType(e);
  const classes = errors.map((e) => {
    const cls = errorClassName(e);
    const data = `T.${own.errorData(e)}`;
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
  return `${banner}
import { RpcError } from "./errors.js";
import type * as T from "./types.js";

/** Every error the daemon declares (SPEC §11), as a class per code; \`data\` is typed per \`reason\`. */
export abstract class ZeroclawError extends RpcError {}

${classes.join("\n\n")}

/** Any of the declared errors: narrow with \`instanceof\`, then on \`data.reason\`. */
export type DeclaredError =
${errors.map((e) => `  | ${errorClassName(e)}`).join("\n")};

/** The class for each declared code. */
export const errorClassByCode: { readonly [code: number]: new (message: string, data: never) => DeclaredError } = {
${errors.map((e) => `  [${e.code}]: ${errorClassName(e)},`).join("\n")}
};
`;
}
