// The one-time login code `zeroclaw dashboard` puts in the URL: #login=CODE (preferred: a fragment is
// never sent to a server, so no access log or proxy sees it), or ?login=CODE. Read once, then removed
// from the address bar with history.replaceState, keeping the rest of the address.

export function takeLoginCode(
  loc: Pick<Location, "hash" | "search" | "pathname">,
  history: Pick<History, "replaceState"> = window.history,
): string | undefined {
  const hash = new URLSearchParams(loc.hash.replace(/^#/, ""));
  const query = new URLSearchParams(loc.search);
  const code = hash.get("login") ?? query.get("login") ?? undefined;
  if (code === undefined) return undefined;
  hash.delete("login");
  query.delete("login");
  const search = query.toString();
  const fragment = hash.toString();
  history.replaceState(
    null,
    "",
    `${loc.pathname}${search ? `?${search}` : ""}${fragment ? `#${fragment}` : ""}`,
  );
  return code === "" ? undefined : code;
}
