// Go: exported PascalCase for types, fields, methods and constants; params in camelCase; keywords and
// predeclared identifiers escaped with a trailing underscore; package names flat lower case.
// Starter table for the Go target: its author owns it (initialisms like `ID`, `URL` are its call).
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
    type: new Set("Client Error RPCError Dial Option".split(" ")),
    method: new Set("Close Call Notify".split(" ")),
    param: new Set(["ctx", "c"]),
  },
  escape: (name) => `${name}_`,
  digitPrefix: (kind) => (kind === "param" ? "n" : "N"),
  clash: (name, n) => `${name}${n}`,
  packageName: (raw) => flat(raw).replace(/^[0-9]+/, "") || "openrpc",
  errorType: (stem) => `${pascal(stem)}Error`,
};
