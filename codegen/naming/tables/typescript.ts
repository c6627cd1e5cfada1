// TypeScript: types in PascalCase, members keep their wire names (the target quotes those that are
// not identifiers), methods and positional params in camelCase; npm package names in kebab-case.
import type { NamingTable } from "../table.js";
import { kebab, pascal } from "../words.js";

const KEYWORDS = new Set(
  (
    "break case catch class const continue debugger default delete do else enum export extends false " +
    "finally for function if import in instanceof new null return super switch this throw true try " +
    "typeof var void while with yield let static implements interface package private protected " +
    "public await arguments eval undefined NaN Infinity"
  ).split(" "),
);

export const typescriptNaming: NamingTable = {
  language: "ts",
  cases: {
    type: "PascalCase",
    member: "wire",
    method: "camelCase",
    param: "camelCase",
    enumMember: "PascalCase",
  },
  keywords: KEYWORDS,
  reserved: {
    // Built-in types a declaration must not shadow, and the names the generated package declares itself.
    type: new Set(
      (
        "any unknown never object string number boolean bigint symbol Object String Number Boolean " +
        "BigInt Symbol Array Promise Map Set Record Partial Required Readonly Pick Omit Date Error " +
        "Function JSON Math RegExp Client RpcError Connection ConnectionError ConnectError CallOptions ConnectOptions " +
        "UploadOptions UploadResult Json ErrorClass Transport TransportOptions"
      ).split(" "),
    ),
    // A client method named `then` would make the client a thenable; `constructor` is the class's own.
    method: new Set("then constructor close connection request notify call toString valueOf".split(" ")),
    param: new Set(["options"]),
  },
  escape: (name, kind) => (kind === "type" ? `${name}Type` : `${name}_`),
  digitPrefix: (kind) => (kind === "type" || kind === "enumMember" ? "T" : "_"),
  clash: (name, n) => `${name}${n}`,
  packageName: (raw) => kebab(raw).slice(0, 214) || "openrpc-client",
  errorType: (stem) => `${pascal(stem)}Error`,
};
