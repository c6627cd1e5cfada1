// Python (PEP 8): classes in PascalCase, attributes, methods and params in snake_case, constants in
// SCREAMING_SNAKE_CASE; keywords get a trailing underscore (`from` → `from_`, PEP 8's own advice).
// The soft keywords `match`, `case` and `type` are ordinary names (`update.type`), so they stay.
// Reserved per kind: what the generated package itself declares or imports next to the generated
// names (a type named `Literal` or `RpcError` would shadow it), builtins a member or method must not
// shadow in its class body (a field named `str` would retype every later `str`), and
// the names a dataclass or the client uses itself (`to_json`, `connection`, `close`).
import type { NamingTable } from "../table.js";
import { pascal, snake } from "../words.js";

const KEYWORDS = new Set(
  (
    "False None True and as assert async await break class continue def del elif else except finally " +
    "for from global if import in is lambda nonlocal not or pass raise return try while with yield _"
  ).split(" "),
);

// Names a class body uses in annotations or decorators (`str`, `os.PathLike`, `@classmethod`,
// `dataclasses.field`): a member or method of that name would rebind them for the rest of the class.
const CLASS_BODY =
  "str int float bool list dict tuple object bytes bytearray memoryview os dataclasses classmethod".split(
    " ",
  );

export const pythonNaming: NamingTable = {
  language: "python",
  cases: {
    type: "PascalCase",
    member: "snake_case",
    method: "snake_case",
    param: "snake_case",
    enumMember: "SCREAMING_SNAKE_CASE",
  },
  keywords: KEYWORDS,
  reserved: {
    type: new Set(
      (
        "Any Optional Union List Dict Literal TypeAlias ClassVar Callable Awaitable Final Self " +
        "Client Connection Connecting Subscription RpcError DecodeError ConnectionClosedError ConnectFailedError " +
        "FrameTooLargeError UnsupportedTransportError JsonValue Unset UNSET UnknownVariant DEFAULT_URL Exception " +
        // Every name the generated modules import from the runtime (py-text.ts SOURCES): a schema named
        // `Uploads` or `ClientBase` must not be imported from there (soulseek-rs has `Uploads`).
        "ClientBase Uploads Awaitable Callable typed_handler typed_listener deprecated dataclasses ERRORS"
      ).split(" "),
    ),
    member: new Set([...CLASS_BODY, "self", "cls", "from_json", "to_json", "additional_properties"]),
    method: new Set([...CLASS_BODY, "close", "connect", "connecting", "connection", "default_url", "upload"]),
    param: new Set([...CLASS_BODY, "self"]),
  },
  escape: (name) => `${name}_`,
  digitPrefix: (kind) => (kind === "type" ? "T" : "_"),
  clash: (name, n) => (/^[A-Z]/.test(name) ? `${name}${n}` : `${name}_${n}`),
  packageName: (raw) => {
    const name = snake(raw) || "openrpc_client";
    return /^[0-9]/.test(name) ? `openrpc_${name}` : name;
  },
  errorType: (stem) => `${pascal(stem)}Error`,
};
