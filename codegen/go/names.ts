// Go identifiers derived mechanically from wire and component names, spelled the way Go code spells them:
// MixedCaps with the initialisms golint knows upper-cased (`session_id` → `SessionID`, `rpc.discover` →
// `RPCDiscover`, `sha256` → `SHA256`).

const INITIALISMS: Record<string, string> = Object.fromEntries(
  [
    "ACL",
    "API",
    "ASCII",
    "CPU",
    "CSS",
    "DNS",
    "EOF",
    "GUID",
    "HTML",
    "HTTP",
    "HTTPS",
    "ID",
    "IDs",
    "IP",
    "JSON",
    "PID",
    "RPC",
    "SHA256",
    "SQL",
    "SSH",
    "TCP",
    "TLS",
    "TTL",
    "UDP",
    "UI",
    "UID",
    "UUID",
    "URI",
    "URL",
    "UTF8",
    "XML",
  ].map((w) => [w.toLowerCase(), w]),
);

/** Words of a wire or component name: `toolCallId` → tool, Call, Id; `RpcConfig` → Rpc, Config. */
export function words(name: string): string[] {
  return name
    .split(/[^A-Za-z0-9]+/)
    .flatMap((part) => part.match(/[A-Z]+(?![a-z])|[A-Z]?[a-z]+[0-9]*|[0-9]+/g) ?? [])
    .filter((w) => w.length > 0);
}

const goWord = (w: string): string =>
  INITIALISMS[w.toLowerCase()] ?? w.charAt(0).toUpperCase() + w.slice(1).toLowerCase();

/** An exported Go identifier: `session/prompt` → `SessionPrompt`, `protocol_version` → `ProtocolVersion`. */
export function goName(name: string): string {
  const out = words(name).map(goWord).join("");
  return /^[A-Za-z]/.test(out) ? out : "";
}

/** An error code's Go name: `INVALID_PARAMS` → `InvalidParams` (then `InvalidParamsError`). */
export const errorTypeName = (key: string): string => {
  const base = goName(key);
  return base.endsWith("Error") ? base : `${base}Error`;
};
