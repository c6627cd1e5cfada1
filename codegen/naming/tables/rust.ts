// Rust: types and enum variants in PascalCase, fields, methods and params in snake_case; keywords
// become raw identifiers (`r#type`) except the few that cannot (`self`, `Self`, `super`, `crate`),
// which get a trailing underscore. Crate names in kebab-case (the library is its snake_case form).
// Starter table for the Rust target: its author owns it.
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
    type: new Set("Client Error Result Option Some None Ok Err Vec String Box Value Map".split(" ")),
    method: new Set("connect close call notify new".split(" ")),
  },
  escape: (name) => (NOT_RAW.has(name) ? `${name}_` : `r#${name}`),
  digitPrefix: (kind) => (kind === "type" || kind === "enumMember" ? "T" : "_"),
  clash: (name, n) => (/^[A-Z]/.test(name) ? `${name}${n}` : `${name}_${n}`),
  // Cargo wants a letter first.
  packageName: (raw) => {
    const name = kebab(raw) || "openrpc-client";
    return /^[0-9]/.test(name) ? `openrpc-${name}` : name;
  },
  errorType: (stem) => `${pascal(stem)}Error`,
};
