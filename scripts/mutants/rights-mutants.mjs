// Seeded single bugs of the reference daemon (who may do what: grants, ownership, pairing, the gateway); see reference-daemon.mjs.

export const RIGHTS_MUTANTS = [
  // --- grants (SPEC §4) ----------------------------------------------------------------------------
  {
    name: "kill-needs-no-grant",
    area: "grants",
    suite: ["principals"],
    file: "src/auth/connection-auth.ts",
    search: `if (info.grant !== null && !hasGrant(principal, info.grant)) {`,
    replace: `if (info.grant !== null && info.name !== "session/kill" && !hasGrant(principal, info.grant)) {`,
    what: "session/kill needs no grant",
  },
  {
    name: "delete-needs-no-grant",
    area: "grants",
    suite: ["principals"],
    file: "src/auth/connection-auth.ts",
    search: `if (info.grant !== null && !hasGrant(principal, info.grant)) {`,
    replace: `if (info.grant !== null && info.name !== "session/delete" && !hasGrant(principal, info.grant)) {`,
    what: "session/delete needs no grant",
  },
  {
    name: "any-verb-grants-the-resource",
    area: "grants",
    suite: ["principals"],
    file: "src/auth/principal.ts",
    // biome-ignore lint/suspicious/noTemplateCurlyInString: the source text of a template literal
    search: 'return p.grants.has(`${resource}:*`) || p.grants.has(`*:${verb}`) || p.grants.has("*:*");',
    replace:
      // biome-ignore lint/suspicious/noTemplateCurlyInString: the source text of a template literal
      'return p.grants.has(`${resource}:*`) || p.grants.has(`*:${verb}`) || p.grants.has("*:*") || [...p.grants].some((g) => g.startsWith(`${resource}:`));',
    what: "holding one verb of a resource grants all its verbs (sessions:create allows session/kill)",
  },
  {
    name: "only-first-profile-counts",
    area: "grants",
    suite: ["gateway"],
    file: "src/auth/principal.ts",
    search: "for (const name of config.users?.[user]?.permission_profiles ?? []) {",
    replace: "for (const name of (config.users?.[user]?.permission_profiles ?? []).slice(0, 1)) {",
    what: "a user's profiles do not merge: only the first one counts",
  },
  {
    name: "admin-profile-ignored",
    area: "grants",
    suite: ["gateway"],
    file: "src/auth/principal.ts",
    search: "admin ||= p.admin === true;",
    replace: "admin ||= false;",
    what: "a profile with admin = true does not make its users admin",
  },
  // --- ownership (SPEC §5) ---------------------------------------------------------------------------
  {
    name: "close-skips-ownership",
    area: "ownership",
    suite: ["principals"],
    file: "src/sessions/session-manager.ts",
    search: `      if (!owns(principal, live.owner)) throw rpcErrors.sessionNotOwned({ session_id: id });
      await live.cancel();`,
    replace: "      await live.cancel();",
    what: "session/close of someone else's live session skips the ownership check",
  },
  {
    name: "close-retires-before-ownership",
    area: "ownership",
    suite: ["principals"],
    file: "src/sessions/session-manager.ts",
    search: `      if (!owns(principal, live.owner)) throw rpcErrors.sessionNotOwned({ session_id: id });
      await live.cancel();
      this.retire(live);`,
    replace: `      await live.cancel();
      this.retire(live);
      if (!owns(principal, live.owner)) throw rpcErrors.sessionNotOwned({ session_id: id });`,
    what: "session/close of someone else's live session is refused, but only after closing it",
  },
  {
    name: "kill-skips-ownership",
    area: "ownership",
    suite: ["principals"],
    file: "src/sessions/session-manager.ts",
    search: `    if (!owns(principal, owner)) throw rpcErrors.sessionNotOwned({ session_id: id });
    const surface`,
    replace: "    const surface",
    what: "session/kill of someone else's session skips the ownership check",
  },
  {
    name: "delete-skips-ownership",
    area: "ownership",
    suite: ["principals"],
    file: "src/sessions/session-manager.ts",
    search:
      "    if (!owns(principal, live?.owner ?? row!.owner)) throw rpcErrors.sessionNotOwned({ session_id: id });\n",
    replace: "",
    what: "session/delete of someone else's session skips the ownership check",
  },
  {
    name: "cancel-approve-skip-ownership",
    area: "ownership",
    suite: ["principals"],
    file: "src/sessions/session-manager.ts",
    search: `    if (!live) throw rpcErrors.sessionNotFound({ session_id: id });
    if (!owns(principal, live.owner)) throw rpcErrors.sessionNotOwned({ session_id: id });
    return live;`,
    replace: `    if (!live) throw rpcErrors.sessionNotFound({ session_id: id });
    return live;`,
    what: "session/cancel and session/approve act on someone else's live session",
  },
  {
    name: "read-skips-ownership",
    area: "ownership",
    suite: ["principals"],
    file: "src/sessions/session-manager.ts",
    search: `    if (!owns(principal, row.owner)) throw rpcErrors.sessionNotOwned({ session_id: id });
    return row;`,
    replace: "    return row;",
    what: "session/messages, subscribe and unsubscribe read someone else's session",
  },
  {
    name: "prompt-skips-ownership",
    area: "ownership",
    suite: ["principals"],
    file: "src/sessions/session-manager.ts",
    search: `      if (!owns(principal, live.owner)) throw rpcErrors.sessionNotOwned({ session_id: id });
      return live;`,
    replace: "      return live;",
    what: "session/prompt runs a turn in someone else's live session",
  },
  // --- pairing (SPEC §5) ---------------------------------------------------------------------------
  {
    name: "revoke-unknown-accepted",
    area: "pairing",
    suite: ["pairing"],
    file: "src/handlers/pairing.ts",
    search: "if (!daemon.pairing.revoke(params.token_id)) {",
    replace: "if (daemon.pairing.revoke(params.token_id) === undefined) {",
    what: "revoking an unknown token succeeds",
  },
  {
    name: "token-for-unknown-user",
    area: "pairing",
    suite: ["pairing"],
    file: "src/handlers/pairing.ts",
    search: "if (!Object.hasOwn(daemon.config.live.effective.users, params.user)) {",
    replace: "if (params.user === undefined) {",
    what: "pairing/create makes a token for a user that does not exist",
  },
  // --- gateway (SPEC §10, §12) ---------------------------------------------------------------------
  {
    name: "origin-not-checked",
    area: "gateway",
    suite: ["gateway"],
    file: "src/daemon/gateway-listener.ts",
    search: "if (origin !== undefined && !this.admittedOrigins.has(normalizeOrigin(origin))) {",
    replace:
      'if (origin !== undefined && !this.admittedOrigins.has(normalizeOrigin(origin)) && origin === "") {',
    what: "a WebSocket upgrade from any Origin is accepted",
  },
  {
    name: "revocation-not-noticed",
    area: "gateway",
    suite: ["gateway"],
    file: "src/auth/connection-auth.ts",
    search: "if (this.generation === generation && this.resolved) return this.resolved;",
    replace: "if (this.resolved) return this.resolved;",
    what: "a revoked token or grant keeps working on a connection that was signed in with it",
  },
  {
    name: "local-only-served-over-gateway",
    area: "gateway",
    suite: ["gateway", "files"],
    file: "src/auth/connection-auth.ts",
    search: `if (info.localOnly && this.kind !== "local") {`,
    replace: `if (info.localOnly && this.kind === "gateway-never") {`,
    what: "local-only methods (pairing/create, uploads) are served over the gateway",
  },
  {
    name: "pending-cap-ignored",
    area: "gateway",
    suite: ["gateway"],
    file: "src/daemon/gateway-listener.ts",
    search:
      "while (this.pendingConnections >= this.options.maxPendingConnections) this.evictOldestPending();",
    replace: "while (this.pendingConnections < 0) this.evictOldestPending();",
    what: "connections that never upgrade or initialize pile up beyond gateway.max_pending_connections (none is evicted)",
  },
  // --- rights that lapse, failed authentication (SPEC §17) ----------------------------------------
  {
    name: "watcher-keeps-lapsed-rights",
    area: "gateway",
    suite: ["gateway"],
    file: "src/daemon/daemon.ts",
    search: "for (const c of this.connections) c.rightsChanged();",
    replace: "for (const c of this.connections) void c;",
    what: "a watcher whose token is revoked or grant removed keeps its subscription until its next call",
  },
  {
    name: "failed-auth-keeps-connection",
    area: "gateway",
    suite: ["gateway"],
    file: "src/handlers/initialize.ts",
    search: 'if (!guessed) throw new ClosingError(err, "authentication failed");',
    replace: "if (!guessed) throw err;",
    what: "a gateway initialize without a token leaves the connection open for more tries",
  },
  {
    name: "auth-never-throttled",
    area: "gateway",
    suite: ["gateway"],
    file: "src/handlers/initialize.ts",
    search:
      "verdict.retryAfterMs === undefined ? err : rpcErrors.throttled({ retry_after_ms: verdict.retryAfterMs });",
    replace: "err;",
    what: "failed authentications past gateway.auth_throttle.refuse_after_failures are still answered invalid_token",
  },
];
