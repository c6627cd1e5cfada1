// Python (PEP 8): classes in PascalCase, attributes, methods and params in snake_case, constants in
// SCREAMING_SNAKE_CASE; keywords get a trailing underscore (`from` → `from_`, PEP 8's own advice).
// Starter table for the Python target: its author owns it.
import type { NamingTable } from "../table.js";
import { pascal, snake } from "../words.js";

const KEYWORDS = new Set(
  (
    "False None True and as assert async await break class continue def del elif else except finally " +
    "for from global if import in is lambda nonlocal not or pass raise return try while with yield " +
    "match case type _"
  ).split(" "),
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
      "Any Optional Union List Dict Client RpcError Connection Exception object str int float bool bytes list dict".split(
        " ",
      ),
    ),
    method: new Set("close connect request notify".split(" ")),
    param: new Set(["self", "timeout"]),
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
