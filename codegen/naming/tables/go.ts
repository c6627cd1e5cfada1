// Go: exported PascalCase for types, fields, methods and constants; params in camelCase; keywords and
// predeclared identifiers escaped with a trailing underscore; package names flat lower case. The Go
// target (codegen/targets/go/names.ts) upper-cases initialisms on top (`SessionId` → `SessionID`).
import type { NamingTable } from "../table.js";
import { flat, pascal } from "../words.js";

const KEYWORDS = new Set(
  (
    "break case chan const continue default defer else fallthrough for func go goto if import interface " +
    "map package range return select struct switch type var " +
    "any bool byte comparable complex64 complex128 error float32 float64 int int8 int16 int32 int64 " +
    "rune string uint uint8 uint16 uint32 uint64 uintptr true false iota nil append cap clear close " +
    "complex copy delete imag len make max min new panic print println real recover"
  ).split(" "),
);

/** What the runtime (codegen/targets/go/runtime/) declares at package level. */
const RUNTIME =
  "Client Option NewClient Dial DefaultURL DefaultMaxFrameBytes ErrClosed ErrFrameTooLarge ErrWebSocket ConnectError " +
  "RPCError UnknownVariant Nullable NullableOf NullValue Map MapOf Ptr UploadOptions WithMaxFrameBytes " +
  "WithLogger WithHTTPClient WithHeader";
/** Methods `go vet` (stdmethods) expects a fixed signature of, and the client's own. */
const METHODS =
  "Close Done Err Call Notify Upload UploadBytes Format GobDecode GobEncode MarshalJSON MarshalXML Peek " +
  "ReadByte ReadFrom ReadRune Scan Seek UnmarshalJSON UnmarshalXML UnreadByte UnreadRune WriteByte " +
  "WriteTo Is As Unwrap";

export const goNaming: NamingTable = {
  language: "go",
  cases: {
    type: "PascalCase",
    member: "PascalCase",
    method: "PascalCase",
    param: "camelCase",
    enumMember: "PascalCase",
  },
  keywords: KEYWORDS,
  reserved: {
    type: new Set(RUNTIME.split(" ")),
    method: new Set(METHODS.split(" ")),
    // A struct's own methods; the generated bodies' locals and the packages and helpers they use.
    member: new Set(["MarshalJSON", "UnmarshalJSON"]),
    param: new Set("ctx c h fn raw err params result call positional json context errors io".split(" ")),
  },
  escape: (name, kind) => (kind === "type" ? `${name}Type` : `${name}_`),
  digitPrefix: (kind) => (kind === "param" ? "n" : "N"),
  clash: (name, n) => `${name}${n}`,
  packageName: (raw) => {
    const name = flat(raw).replace(/^[0-9]+/, "") || "openrpc";
    return KEYWORDS.has(name) || name === "main" ? `${name}client` : name;
  },
  errorType: (stem) => `${pascal(stem)}Error`,
};
