// _generated_errors.py: `ErrorCode`, one `ZeroclawError` subclass per error code with its `data`
// typed (decoded by `data.reason`), and `error_from_wire`, which picks the class by code.
import type { JsonSchema } from "../legacy/document.js";
import { allList, importList } from "./emit-types.js";
import { type PyModel, reasonDataName } from "./model.js";
import { converter } from "./py-exprs.js";
import { docstring, errorClassName, pyStr } from "./py-names.js";

export function emitErrors(model: PyModel, banner: string): string {
  const errors = Object.entries(model.doc.components.errors);
  const dataTypes = [...new Set(errors.map(([name]) => model.errorData.get(name) as string))];
  const classes = errors.map(([name, err]) => {
    const cls = errorClassName(name);
    const dataType = model.errorData.get(name) as string;
    const reasons = err["x-data-schema"].oneOf.map((v) => {
      const r = model.resolve(v as JsonSchema);
      const reason = String(((r.properties ?? {}) as Record<string, JsonSchema>).reason?.const);
      const type = v.$ref ? String(v.$ref).split("/").pop() : reasonDataName(reason);
      return `\`\`${reason}\`\` (\`\`${type}\`\`): ${String(r.description ?? "")}`.trim();
    });
    const doc = `${err.code} ${name}: ${err.message}.\n\n\`\`data.reason\`\`:\n${reasons.map((r) => `    ${r}`).join("\n")}`;
    return `class ${cls}(ZeroclawError):
${docstring(doc, "    ")}

    CODE: ClassVar[int] = ${err.code}
    MESSAGE: ClassVar[str] = ${pyStr(err.message)}
    data: ${dataType} | None

    @staticmethod
    def decode_data(raw: Any) -> ${dataType}:
        return ${converter(model, { kind: "ref", name: dataType })}(raw)`;
  });
  const codes = errors.map(([name, err]) => `    ${name} = ${err.code}`).join("\n");
  const table = errors.map(([name, err]) => `    ${err.code}: ${errorClassName(name)},`).join("\n");
  const decoders = dataTypes.flatMap((t) => {
    const conv = converter(model, { kind: "ref", name: t });
    return conv.startsWith("decode_") ? [t, conv] : [t];
  });
  return `${banner}
"""Every error the daemon answers with (SPEC §11): one exception class per code.

Catch a class to handle one code; its \`\`data\`\` is typed by \`\`data.reason\`\` (one dataclass per
reason, matched with \`\`isinstance\`\` or \`\`match\`\`).
"""

from __future__ import annotations

from enum import IntEnum
from typing import Any, ClassVar

from . import _codec as _c
${importList(decoders)}
from .errors import ZeroclawError

${allList(["ERROR_CLASSES", "ErrorCode", "error_from_wire", ...errors.map(([name]) => errorClassName(name))])}


class ErrorCode(IntEnum):
    """The JSON-RPC error codes openrpc.json declares."""

${codes}


${classes.join("\n\n\n")}


ERROR_CLASSES: dict[int, type[ZeroclawError]] = {
${table}
}


def error_from_wire(error: Any) -> ZeroclawError:
    """The typed exception for a JSON-RPC error object.

    An unknown code gives a plain \`\`ZeroclawError\`\`; data that does not match its reason's
    schema leaves \`\`data\`\` at \`\`None\`\` (\`\`raw_data\`\` still has it).
    """
    obj = error if isinstance(error, dict) else {}
    code = obj.get("code")
    message = obj.get("message")
    message = message if isinstance(message, str) else ""
    raw = obj.get("data")
    if isinstance(code, bool) or not isinstance(code, int):
        code = -32603  # not a JSON-RPC error object: JSON-RPC's internal error
    cls = ERROR_CLASSES.get(code)
    if cls is None:
        return ZeroclawError(message, code=code, raw_data=raw)
    try:
        data = None if raw is None else cls.decode_data(raw)
    except _c.DecodeError:
        data = None
    return cls(message, data, raw_data=raw)
`;
}
