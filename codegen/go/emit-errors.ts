// clients/go/zeroclaw/errors_gen.go: one Code constant and one error type per components.errors entry,
// each carrying its typed data (decoded by data.reason), so callers match them with errors.As.
import type { GoError } from "./api.js";
import { alignedBlock, comment, goString } from "./gofmt.js";

function emitErrorType(e: GoError): string[] {
  const dataType = e.data.kind === "single" ? `*${e.data.type}` : e.data.type;
  const dataDoc =
    e.data.kind === "single"
      ? `Data is nil when the daemon sent no data or data of another reason than ${goString(e.data.tag)}.`
      : `Data is nil when the daemon sent no data; see ${e.data.type} for its variants.`;
  return [
    ...comment(`${e.typeName} is ${e.key} (${e.code}): ${e.message}. ${dataDoc}`),
    `type ${e.typeName} struct {`,
    ...alignedBlock([
      { comment: [], cells: ["Message", "string"] },
      { comment: [], cells: ["Data", dataType] },
      { comment: [], cells: ["wire", "*RPCError"] },
    ]),
    "}",
    "",
    `func (e *${e.typeName}) Error() string { return e.wire.Error() }`,
    "",
    "// Unwrap returns the error object as received, so errors.As(err, &rpcErr) with an *RPCError matches too.",
    `func (e *${e.typeName}) Unwrap() error { return e.wire }`,
  ];
}

function decodeCase(e: GoError): string[] {
  const head = [`\tcase ${e.codeConst}:`, `\t\te := &${e.typeName}{Message: wire.Message, wire: wire}`];
  if (e.data.kind === "union") {
    return [
      ...head,
      `\t\tif d, err := Decode${e.data.type}(wire.Data); err == nil {`,
      "\t\t\te.Data = d",
      "\t\t}",
      "\t\treturn e",
    ];
  }
  return [
    ...head,
    `\t\tif tag, err := peekTag(wire.Data, "reason"); err == nil && tag == ${goString(e.data.tag)} {`,
    `\t\t\td := &${e.data.type}{}`,
    "\t\t\tif json.Unmarshal(wire.Data, d) == nil {",
    "\t\t\t\te.Data = d",
    "\t\t\t}",
    "\t\t}",
    "\t\treturn e",
  ];
}

export function emitErrorsGo(errors: GoError[], banner: string[]): string {
  const lines = [
    ...banner,
    "",
    "package zeroclaw",
    "",
    ...(errors.some((e) => e.data.kind === "single") ? ['import "encoding/json"', ""] : []),
    "// Error codes, one per components.errors entry of openrpc.json (SPEC §11).",
    "const (",
    ...alignedBlock(errors.map((e) => ({ comment: [], cells: [e.codeConst, `= ${e.code}`] }))),
    ")",
  ];
  for (const e of errors) lines.push("", ...emitErrorType(e));
  lines.push(
    "",
    "// decodeError turns an error object into its typed error by code; an undeclared code stays an *RPCError.",
    "func decodeError(wire *RPCError) error {",
    "\tswitch wire.Code {",
  );
  for (const e of errors) lines.push(...decodeCase(e));
  lines.push("\t}", "\treturn wire", "}");
  return `${lines.join("\n")}\n`;
}
