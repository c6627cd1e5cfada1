/**
 * The areas of SPEC §16. Every case belongs to exactly one: a fixture to the
 * directory it lives in (so a new directory such as fixtures/compat/ slots in
 * by name), an openrpc.json example to its method's area, a spawn check to
 * `endpoint` (SPEC §1) unless it says otherwise.
 */
export const AREAS = [
  "endpoint",
  "framing",
  "envelope",
  "handshake",
  "config",
  "principals",
  "pairing",
  "gateway",
  "sessions",
  "files",
  "compat",
] as const;

/** Methods that change the daemon's settings or credentials: such cases need --allow-writes under --socket. */
export const SETTINGS_WRITERS: ReadonlySet<string> = new Set([
  "config/set",
  "config/set-many",
  "pairing/create",
  "pairing/revoke",
]);

/** The area of a fixture named `dir/…/file`: its top directory. */
export function fixtureArea(name: string): string {
  return name.split("/")[0] ?? name;
}

/** The area an openrpc.json example of `method` belongs to. */
export function methodArea(method: string): string {
  if (method.startsWith("config/")) return "config";
  if (method.startsWith("pairing/")) return "pairing";
  if (method.startsWith("file/")) return "files";
  if (method.startsWith("session/")) return "sessions";
  // What zerocode's panes read (SPEC §13): an implementation of §1–§4 alone need not serve them.
  if (method === "health" || method.startsWith("agents/")) return "compat";
  return "handshake"; // initialize, status, rpc.discover
}

/** Known areas first, in the order above, then any other directory name seen (sorted). */
export function orderAreas(names: Iterable<string>): string[] {
  const known: readonly string[] = AREAS;
  const extra = [...new Set(names)].filter((name) => !known.includes(name)).sort();
  return [...known, ...extra];
}

/** Parses `--area a,b`: each must be a known area or one some case has. */
export function parseAreaList(text: string): string[] {
  const names = text
    .split(",")
    .map((name) => name.trim())
    .filter((name) => name !== "");
  if (names.length === 0)
    throw new Error(`expected a comma-separated list of areas, got ${JSON.stringify(text)}`);
  return names;
}

/** The `"method":"…"` names a line sends, raw or JSON (partial frames included). */
export function methodsIn(text: string): string[] {
  return [...text.matchAll(/"method"\s*:\s*"([^"\\]+)"/g)].map((match) => match[1] as string);
}
