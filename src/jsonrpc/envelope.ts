// Classifies one parsed JSON value as a JSON-RPC 2.0 envelope (SPEC §3). Never throws; every value
// gets exactly one classification, and only request-shaped input can ever produce a reply.

export type JsonRpcId = string | number | null;

export type Envelope =
  | { kind: "request"; method: string; params: unknown; id: JsonRpcId }
  | { kind: "notification"; method: string; params: unknown }
  | { kind: "result"; id: JsonRpcId; result: unknown }
  | { kind: "error"; id: JsonRpcId; error: { code: number; message: string; data?: unknown } }
  /** Answer with -32600 and this id (null unless a request-shaped envelope carried a valid id). */
  | { kind: "invalid"; id: JsonRpcId; why: string }
  /** A malformed response: drop it, reply nothing (echoing its id could complete an unrelated call). */
  | { kind: "drop"; why: string };

const isObject = (v: unknown): v is Record<string, unknown> =>
  typeof v === "object" && v !== null && !Array.isArray(v);

const isValidId = (v: unknown): v is JsonRpcId =>
  typeof v === "string" || typeof v === "number" || v === null;

export function classify(value: unknown): Envelope {
  if (!isObject(value)) return { kind: "invalid", id: null, why: "not an object" };
  const hasResult = Object.hasOwn(value, "result");
  const hasError = Object.hasOwn(value, "error");
  const hasId = Object.hasOwn(value, "id");
  const method = value.method;

  if (typeof method === "string") {
    if (hasResult || hasError) return { kind: "invalid", id: null, why: "both method and result/error" };
    const id = hasId && isValidId(value.id) ? value.id : null;
    if (value.jsonrpc !== "2.0") return { kind: "invalid", id, why: 'jsonrpc must be "2.0"' };
    if (hasId && !isValidId(value.id)) return { kind: "invalid", id: null, why: "invalid id" };
    const params = value.params;
    if (Object.hasOwn(value, "params") && (typeof params !== "object" || params === null))
      return { kind: "invalid", id, why: "params must be an object or an array" };
    return hasId
      ? { kind: "request", method, params, id: value.id as JsonRpcId }
      : { kind: "notification", method, params };
  }

  if (Object.hasOwn(value, "method")) return { kind: "invalid", id: null, why: "method must be a string" };
  if (!hasResult && !hasError) return { kind: "invalid", id: null, why: "neither a request nor a response" };

  // Response-shaped: anything wrong is dropped silently.
  if (value.jsonrpc !== "2.0") return { kind: "drop", why: "response without jsonrpc 2.0" };
  if (!hasId || !isValidId(value.id)) return { kind: "drop", why: "response without a valid id" };
  if (hasResult && hasError) return { kind: "drop", why: "response with both result and error" };
  if (hasResult) return { kind: "result", id: value.id, result: value.result };
  const error = value.error;
  if (!isObject(error) || !Number.isInteger(error.code) || typeof error.message !== "string")
    return { kind: "drop", why: "malformed error object" };
  return { kind: "error", id: value.id, error: error as { code: number; message: string; data?: unknown } };
}
