// errors_gen.rs: every error in components.errors as a ZeroclawError variant carrying its message and
// its data, decoded by `data.reason` into a `#[serde(tag = "reason")]` enum per code (declared with the
// other types). A code or a data shape the client does not know stays readable as `Other`.
import type { ErrorModel } from "../legacy/model.js";
import { docComment, rustType } from "./rust-names.js";
import type { RustTypes } from "./rust-types.js";

export interface RustError {
  key: string;
  code: number;
  message: string;
  variant: string;
  reasons: string;
}

/** `INVALID_PARAMS` → `InvalidParamsReason`: the enum of that code's `data`, tagged by `reason`. */
export const reasonEnumName = (key: string): string => `${rustType(key)}Reason`;

/** Declares each error's `<Code>Reason` enum (and the data structs it names) in `types`. */
export function declareErrorData(errors: ErrorModel[], types: RustTypes): RustError[] {
  return errors.map((err) => {
    const reasons = reasonEnumName(err.name);
    types.declare(reasons, {
      description: `The \`data\` of a ${err.code} ${err.name} error, by \`reason\`.`,
      // A variant the document inlines is named as the document names its components: `<Reason>Data`.
      oneOf: err.variants.map((v) =>
        v.name in types.doc.components.schemas
          ? { $ref: `#/components/schemas/${v.name}` }
          : { ...v.schema, title: v.name },
      ),
    });
    return { key: err.name, code: err.code, message: err.message, variant: rustType(err.name), reasons };
  });
}

export function renderErrors(banner: string, errors: RustError[]): string {
  const consts = errors
    .map((e) => `${docComment(`${e.message}.`, "    ")}    pub const ${e.key}: i64 = ${e.code};\n`)
    .join("");
  const variants = errors
    .map(
      (e) =>
        `${docComment(`${e.code} ${e.key}: ${e.message}.`, "    ")}    ${e.variant} {\n` +
        `        message: String,\n        data: ${e.reasons},\n    },\n`,
    )
    .join("");
  const fromWire = errors
    .map(
      (e) =>
        `            code::${e.key} => match decode(&data) {\n` +
        `                Some(data) => Self::${e.variant} { message, data },\n` +
        `                None => Self::Other {\n` +
        "                    code,\n                    message,\n                    data,\n" +
        `                },\n            },\n`,
    )
    .join("");
  const codes = errors.map((e) => `            Self::${e.variant} { .. } => code::${e.key},\n`).join("");
  const messages = errors.map((e) => `            Self::${e.variant} { message, .. } => message,\n`).join("");
  const reasons = errors
    .map((e) => `            Self::${e.variant} { data, .. } => Some(data.tag()),\n`)
    .join("");
  return `${banner}
//! Every error the daemon declares, typed: its code, its message and its \`data\` decoded by \`reason\`.

use super::types::*;
use serde::de::DeserializeOwned;
use std::fmt;

/// The error codes, by name.
pub mod code {
${consts}}

/// An error response from the daemon, typed by its code, with \`data\` decoded by \`data.reason\`.
#[derive(Debug, Clone, PartialEq)]
pub enum ZeroclawError {
${variants}    /// A code this client does not know, or \`data\` that does not decode as that code's shapes.
    Other {
        code: i64,
        message: String,
        data: Option<serde_json::Value>,
    },
}

impl ZeroclawError {
    /// Types an error object from the wire: a known code whose \`data\` decodes gives its variant.
    pub fn from_wire(code: i64, message: String, data: Option<serde_json::Value>) -> Self {
        match code {
${fromWire}            _ => Self::Other {
                code,
                message,
                data,
            },
        }
    }

    /// The JSON-RPC error code.
    pub fn code(&self) -> i64 {
        match self {
${codes}            Self::Other { code, .. } => *code,
        }
    }

    /// The error's message, as the daemon wrote it.
    pub fn message(&self) -> &str {
        match self {
${messages}            Self::Other { message, .. } => message,
        }
    }

    /// The typed \`data.reason\` (\`None\` for \`Other\`, whose raw \`data\` is kept as sent).
    pub fn reason(&self) -> Option<&'static str> {
        match self {
${reasons}            Self::Other { .. } => None,
        }
    }
}

fn decode<T: DeserializeOwned>(data: &Option<serde_json::Value>) -> Option<T> {
    data.as_ref().and_then(|d| T::deserialize(d).ok())
}

impl fmt::Display for ZeroclawError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{} ({})", self.message(), self.code())
    }
}

impl std::error::Error for ZeroclawError {}
`;
}
