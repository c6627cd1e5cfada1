// Rust: types and enum variants in PascalCase, fields, methods and params in snake_case. A keyword
// field, method or param becomes a raw identifier (`r#type`), except the few that cannot be raw
// (`self`, `super`, `crate`), which get a trailing underscore like the client's own method names
// (`close_`). A type may not shadow the prelude (generated code says `Option`, `Vec`, `Fn`… and
// imports the types with a glob) nor the crate's own `Client`/`Error`/`Result`: it gets `Type`
// appended (`ResultType`). Crate names in kebab-case (the library is its snake_case form), never one
// cargo refuses or warns about.
import type { NamingTable } from "../table.js";
import { kebab, pascal } from "../words.js";

const KEYWORDS = new Set(
  (
    "as break const continue crate else enum extern false fn for if impl in let loop match mod move mut " +
    "pub ref return self Self static struct super trait true type unsafe use where while async await dyn " +
    "abstract become box do final macro override priv typeof unsized virtual yield try gen union"
  ).split(" "),
);
const NOT_RAW = new Set(["self", "Self", "super", "crate", "_"]);
const PRELUDE =
  "Option Some None Result Ok Err Vec String Box ToString ToOwned Clone Copy Send Sync Sized Unpin Fn " +
  "FnMut FnOnce Drop Default Eq PartialEq Ord PartialOrd Iterator IntoIterator DoubleEndedIterator " +
  "ExactSizeIterator Extend FromIterator From Into TryFrom TryInto AsRef AsMut";
/** Package names cargo refuses (std crates, its own directories) or warns about (Windows devices). */
const CARGO_RESERVED = new Set(
  "alloc core std test proc-macro proc_macro build deps examples incremental con prn aux nul".split(" "),
);

/** The runtime's other public types (runtime/*.rs; test/codegen-runtime-names.test.ts keeps this list whole). */
const RUNTIME =
  "CallError Connection Declared Http JsFormatter NotificationHandler RequestHandler Socket Wide WsReader WsWriter";

export const rustNaming: NamingTable = {
  language: "rust",
  cases: {
    type: "PascalCase",
    member: "snake_case",
    method: "snake_case",
    param: "snake_case",
    enumMember: "PascalCase",
  },
  keywords: KEYWORDS,
  reserved: {
    // …and what the generated modules import or export at the crate root.
    type: new Set(
      `${PRELUDE} Client Error RpcError TransportError Upload Value Map IndexMap Serialize Deserialize ${RUNTIME}`.split(
        " ",
      ),
    ),
    // The client's own methods (the hooks on_*/handle_*/subscribe_* are made unique by the target).
    method: new Set(
      "connect connect_default close set_call_timeout connection call notify new upload upload_with_progress".split(
        " ",
      ),
    ),
  },
  escape: (name, kind) => {
    if (kind === "type") return `${name}Type`;
    if (kind === "enumMember") return `${name}Value`;
    return KEYWORDS.has(name) && !NOT_RAW.has(name) ? `r#${name}` : `${name}_`;
  },
  // Not `_`: `_1` reads as unused, and clippy refuses a name of underscores and digits only.
  digitPrefix: (kind) => (kind === "type" || kind === "enumMember" ? "T" : "n"),
  clash: (name, n) => (/^[A-Z]/.test(name) ? `${name}${n}` : `${name}_${n}`),
  // Cargo wants a letter first, and refuses keywords and a few reserved names.
  packageName: (raw) => {
    const name = kebab(raw) || "openrpc-client";
    if (/^[0-9]/.test(name)) return `openrpc-${name}`;
    const snake = name.replaceAll("-", "_");
    const reserved =
      KEYWORDS.has(snake) || CARGO_RESERVED.has(name) || /^(com|lpt)[0-9]$/.test(name) || snake === "_";
    return reserved ? `${name}-client` : name;
  },
  errorType: (stem) => `${pascal(stem)}Error`,
};
