// What zerocode (zeroclaw's terminal client, apps/zerocode at zeroclaw 15d28660) requires of what a
// daemon sends, written here in TypeScript from reading its client.rs and wire.rs (none of its code is
// copied): parse_initialize_response, StatusResult, SessionNewResult, SessionMessagesResult,
// AgentsStatusResult, parse_session_update, ElicitationRequestParams and ElicitationShape::from_schema.
// Each parser follows serde's rules for the Rust type it stands for: a required String must be a
// string, a usize/u64 a non-negative integer, an Option<String> with #[serde(default)] absent, null or
// a string, and a parse that zerocode's code would drop (its `?` on a missing member) returns
// undefined. A test that gets undefined where zerocode would get a value has found a member zerocode
// would not find.

/** The zerocode release compat.zeroclaw_version matches by default (its CARGO_PKG_VERSION). */
export const ZEROCODE_VERSION = "0.8.4";

type Json = unknown;
type Obj = Record<string, Json>;

const isObj = (v: Json): v is Obj => typeof v === "object" && v !== null && !Array.isArray(v);
const str = (v: Json): string | undefined => (typeof v === "string" ? v : undefined);
/** serde_json's as_u64: a non-negative integer. */
const u64 = (v: Json): number | undefined =>
  typeof v === "number" && Number.isInteger(v) && v >= 0 ? v : undefined;

/** serde deserializing a struct: throws like serde_json::from_value would. */
class SerdeError extends Error {}
function field<T>(obj: Json, key: string, parse: (v: Json) => T | undefined, what: string): T {
  if (!isObj(obj)) throw new SerdeError(`expected a map, got ${JSON.stringify(obj)}`);
  if (!(key in obj)) throw new SerdeError(`missing field \`${key}\``);
  const value = parse(obj[key]);
  if (value === undefined)
    throw new SerdeError(`${key}: invalid type, expected ${what}: ${JSON.stringify(obj[key])}`);
  return value;
}
/** `#[serde(default)] Option<String>`: absent or null is None, a string is Some, anything else fails. */
function optionalString(obj: Obj, key: string): string | null {
  const v = obj[key];
  if (v === undefined || v === null) return null;
  if (typeof v !== "string")
    throw new SerdeError(`${key}: invalid type, expected a string: ${JSON.stringify(v)}`);
  return v;
}
/** `#[serde(default)] usize`: absent is 0. */
function defaultUsize(obj: Obj, key: string): number {
  if (!(key in obj)) return 0;
  const v = u64(obj[key]);
  if (v === undefined)
    throw new SerdeError(`${key}: invalid type, expected usize: ${JSON.stringify(obj[key])}`);
  return v;
}
const stringArray = (v: Json): string[] | undefined =>
  Array.isArray(v) && v.every((s) => typeof s === "string") ? (v as string[]) : undefined;

export type CommandDescriptor = { id: string; name: string; aliases: string[] };

/** parse_initialize_response: a version mismatch is an error, so is a `commands` that does not decode. */
export function parseInitializeResponse(resp: Json): {
  serverVersion: string;
  serverPid: number | null;
  commands: CommandDescriptor[] | "legacy";
} {
  const r = isObj(resp) ? resp : {};
  const serverVersion = str(r.server_version) ?? "unknown";
  if (serverVersion !== ZEROCODE_VERSION)
    throw new Error(`Version mismatch: zerocode is ${ZEROCODE_VERSION} but the daemon is ${serverVersion}.`);
  const pid = u64(r.server_pid);
  const commands =
    "commands" in r
      ? field(
          { c: r.commands },
          "c",
          (v) => (Array.isArray(v) ? v.map(commandDescriptor) : undefined),
          "a sequence",
        )
      : "legacy";
  return { serverVersion, serverPid: pid !== undefined && pid <= 0xffffffff ? pid : null, commands };
}

function commandDescriptor(v: Json): CommandDescriptor {
  const id = field(v, "id", str, "a string");
  const name = field(v, "name", str, "a string");
  const aliases = isObj(v) && "aliases" in v ? field(v, "aliases", stringArray, "a sequence of strings") : [];
  return { id, name, aliases };
}

export type StatusResult = {
  server_version: string;
  protocol_version: number;
  active_sessions: number;
  config_dir: string | null;
  config_file: string | null;
  config_kind: string | null;
  local_ipc_endpoint: string | null;
};

export function parseStatus(v: Json): StatusResult {
  const o = v as Obj;
  return {
    server_version: field(v, "server_version", str, "a string"),
    protocol_version: field(v, "protocol_version", u64, "u64"),
    active_sessions: field(v, "active_sessions", u64, "usize"),
    config_dir: optionalString(o, "config_dir"),
    config_file: optionalString(o, "config_file"),
    config_kind: optionalString(o, "config_kind"),
    local_ipc_endpoint: optionalString(o, "local_ipc_endpoint"),
  };
}

export function parseSessionNew(v: Json): { session_id: string; workspace_dir: string | null } {
  return {
    session_id: field(v, "session_id", str, "a string"),
    workspace_dir: optionalString(v as Obj, "workspace_dir"),
  };
}

export function parseSessionMessages(v: Json): {
  messages: { role: string; content: string }[];
  total: number;
} {
  const messages = field(
    v,
    "messages",
    (m) =>
      Array.isArray(m)
        ? m.map((e) => ({
            role: field(e, "role", str, "a string"),
            content: field(e, "content", str, "a string"),
          }))
        : undefined,
    "a sequence",
  );
  return { messages, total: defaultUsize(v as Obj, "total") };
}

export function parseAgentsStatus(v: Json): { alias: string; enabled: boolean }[] {
  return field(
    v,
    "agents",
    (a) =>
      Array.isArray(a)
        ? a.map((e) => {
            const entry = e as Obj;
            defaultUsize(entry, "live_sessions");
            defaultUsize(entry, "persisted_sessions");
            if ("channels" in entry) field(entry, "channels", stringArray, "a sequence of strings");
            return {
              alias: field(e, "alias", str, "a string"),
              enabled: field(e, "enabled", (b) => (typeof b === "boolean" ? b : undefined), "a boolean"),
            };
          })
        : undefined,
    "a sequence",
  );
}

/** `SessionApproveResult {}` / `SessionCancelResult {}`: any map decodes, nothing else does. */
export function parseEmptyStruct(v: Json): Obj {
  if (!isObj(v)) throw new SerdeError(`expected a map, got ${JSON.stringify(v)}`);
  return v;
}

export type SessionUpdate =
  | { kind: "agent_message_chunk" | "agent_thought_chunk"; sessionId: string; text: string }
  | { kind: "tool_call"; sessionId: string; toolCallId: string; name: string; rawInput: Json }
  | { kind: "tool_result"; sessionId: string; toolCallId: string; rawOutput: string }
  | {
      kind: "approval_request";
      sessionId: string;
      requestId: string;
      toolName: string;
      argumentsSummary: string;
      timeoutSecs: number;
    }
  | { kind: "context_usage"; sessionId: string }
  | { kind: "history_trimmed"; sessionId: string; droppedMessages: number; keptTurns: number; reason: string }
  | {
      kind: "turn_complete";
      sessionId: string;
      outcome: "completed" | "cancelled" | "failed";
      content: string;
    };

/** parse_session_update: undefined wherever zerocode's parser returns None (the update is dropped). */
export function parseSessionUpdate(p: Json): SessionUpdate | undefined {
  if (!isObj(p)) return undefined;
  const kind = str(p.type);
  const sessionId = str(p.session_id);
  if (kind === undefined || sessionId === undefined) return undefined;
  const has = (k: string) => k in p;
  switch (kind) {
    case "agent_message_chunk":
    case "agent_thought_chunk": {
      const text = str(p.text);
      return text === undefined ? undefined : { kind, sessionId, text };
    }
    case "tool_call": {
      const toolCallId = str(p.tool_call_id);
      const name = str(p.name);
      if (toolCallId === undefined || name === undefined || !has("raw_input")) return undefined;
      return { kind, sessionId, toolCallId, name, rawInput: p.raw_input };
    }
    case "tool_result": {
      const toolCallId = str(p.tool_call_id);
      const rawOutput = str(p.raw_output);
      if (toolCallId === undefined || rawOutput === undefined) return undefined;
      return { kind, sessionId, toolCallId, rawOutput };
    }
    case "approval_request": {
      const requestId = str(p.request_id);
      const toolName = str(p.tool_name);
      const argumentsSummary = str(p.arguments_summary);
      if (requestId === undefined || toolName === undefined || argumentsSummary === undefined)
        return undefined;
      if (!has("timeout_secs")) return undefined;
      return {
        kind,
        sessionId,
        requestId,
        toolName,
        argumentsSummary,
        timeoutSecs: u64(p.timeout_secs) ?? 30,
      };
    }
    case "context_usage":
      return { kind, sessionId };
    case "history_trimmed": {
      const droppedMessages = u64(p.dropped_messages);
      const keptTurns = u64(p.kept_turns);
      const reason = str(p.reason);
      if (droppedMessages === undefined || keptTurns === undefined || reason === undefined) return undefined;
      return { kind, sessionId, droppedMessages, keptTurns, reason };
    }
    case "turn_complete": {
      // An unknown or absent outcome reads as completed, an absent content as "".
      const o = p.outcome;
      const outcome = o === "cancelled" || o === "failed" ? o : "completed";
      return { kind, sessionId, outcome, content: str(p.content) ?? "" };
    }
    default:
      return undefined;
  }
}

export type ElicitationChoice = { constId: string; title: string };
export type ElicitationShape =
  | { kind: "single"; property: string; choices: ElicitationChoice[] }
  | { kind: "multi"; property: string; choices: ElicitationChoice[]; minItems: number; maxItems: number };

/** ElicitationRequestParams: undefined where serde would fail (zerocode then answers cancel). */
export function parseElicitationParams(
  p: Json,
): { sessionId: string; mode: "form" | "url"; message: string; requestedSchema: Json } | undefined {
  if (!isObj(p)) return undefined;
  const sessionId = str(p.sessionId);
  const message = str(p.message);
  const mode = p.mode === "form" || p.mode === "url" ? p.mode : undefined;
  if (sessionId === undefined || message === undefined || mode === undefined || !("requestedSchema" in p))
    return undefined;
  return { sessionId, mode, message, requestedSchema: p.requestedSchema };
}

/** ElicitationShape::from_schema: the first property, an array of anyOf or a string with a non-empty oneOf. */
export function elicitationShape(schema: Json): ElicitationShape | undefined {
  const props = isObj(schema) && isObj(schema.properties) ? schema.properties : undefined;
  // serde_json's Map is ordered by key unless preserve_order is on; with one property either way agrees.
  const first = props ? Object.keys(props).sort()[0] : undefined;
  if (first === undefined || props === undefined) return undefined;
  const prop = props[first];
  if (!isObj(prop)) return undefined;
  const options = (list: Json): ElicitationChoice[] =>
    Array.isArray(list)
      ? list.flatMap((item) => {
          const constId = isObj(item) ? str(item.const) : undefined;
          return constId === undefined ? [] : [{ constId, title: str((item as Obj).title) ?? constId }];
        })
      : [];
  if (prop.type === "array") {
    const anyOf = isObj(prop.items) ? prop.items.anyOf : undefined;
    if (!Array.isArray(anyOf)) return undefined;
    const choices = options(anyOf);
    return {
      kind: "multi",
      property: first,
      choices,
      minItems: u64(prop.minItems) ?? 1,
      maxItems: u64(prop.maxItems) ?? choices.length,
    };
  }
  if (prop.type === "string") {
    if (!Array.isArray(prop.oneOf)) return undefined;
    const choices = options(prop.oneOf);
    return choices.length === 0 ? undefined : { kind: "single", property: first, choices };
  }
  return undefined;
}
