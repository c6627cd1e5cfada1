import {
  call,
  type ExpectOptions,
  expectMessage,
  expectResponse,
  initialize,
  receiveMessage,
} from "../judge/expectations.js";
import type { ExamplePairing, MethodEntry, OpenRpcContract } from "../judge/openrpc-contract.js";
import { discoverGatewayUrl } from "../wire/gateway.js";
import { isJsonObject, type JsonObject, type JsonValue, preview } from "../wire/json.js";
import { WireConnection } from "../wire/wire-client.js";
import { WsConnection } from "../wire/ws-client.js";
import { type CaseContext, CaseFailure, CaseSkipped, type ConformanceCase, expectOptionsOf } from "./case.js";

/**
 * Authorization cases generated from openrpc.json at run time, so a method added to the document
 * gets its cases without anyone writing them (SPEC §4, §5):
 *
 * - `principals/grant/<method>`: for every method with an `x-grant`, a principal holding every
 *   grant but that one is refused with -32012 `{reason: "not_granted", grant, method}`;
 * - `principals/granted/<method>`: a principal holding every grant is never refused for a grant;
 * - `principals/not-owner/<method>`: for every method whose params require `session_id`, a
 *   non-admin principal is refused with -32003 on a session another principal owns.
 *
 * Principals come from config.toml: the suite's own uid is mapped to a non-admin user
 * (`security.trust_daemon_uid = false`), so local-only methods are covered too; the owner of the
 * sessions is a second user that signs in through the gateway with a pairing token.
 */

const LOCAL_USER = "conformance";
const SESSION_CREATE = "sessions:create";
const OWNER_USER = "owner";
const LACKING_PROFILE = "lacking";
const EVERYTHING_PROFILE = "everything";

export function authorizationCases(contract: OpenRpcContract): ConformanceCase[] {
  const methods = contract.methods().filter((method) => method.servedByDaemon && !method.isNotification);
  const grants = [
    ...new Set(methods.flatMap((method) => (method.grant === undefined ? [] : [method.grant]))),
  ];
  const uid = process.getuid?.();
  const cases: ConformanceCase[] = [];
  for (const method of methods) {
    if (method.grant === undefined) continue;
    const grant = method.grant;
    cases.push({
      name: `principals/grant/${method.name}`,
      area: "principals",
      methods: [method.name],
      title: `${method.name} needs the grant ${grant}: a principal without it gets -32012 not_granted naming the grant and the method (openrpc.json ${method.pointer}/x-grant; SPEC §4)`,
      needs: { kind: "fresh-daemon", configLines: localPrincipal(uid, grants, grant), shared: true },
      run: (context) => refusedForGrant(method, grant, uid, context),
    });
    cases.push({
      name: `principals/granted/${method.name}`,
      area: "principals",
      methods: [method.name],
      title: `a non-admin principal holding ${grant} may call ${method.name}: it is never refused for a grant it holds (openrpc.json ${method.pointer}/x-grant; SPEC §4)`,
      needs: { kind: "fresh-daemon", configLines: ownershipConfig(uid, grants), shared: true },
      run: (context) => allowedWithGrant(method, uid, context),
    });
  }
  for (const method of methods) {
    if (!method.requiredParams.includes("session_id")) continue;
    const grant = method.grant;
    if (grant !== undefined && grant !== SESSION_CREATE)
      cases.push({
        name: `principals/grant-own-session/${method.name}`,
        area: "principals",
        methods: [method.name, "session/new"],
        title: `${method.name} needs ${grant} even on the caller's own session: owning a session grants nothing (openrpc.json ${method.pointer}/x-grant; SPEC §4, §5)`,
        needs: { kind: "fresh-daemon", configLines: localPrincipal(uid, grants, grant), shared: true },
        run: (context) => refusedOnOwnSession(method, grant, uid, context),
      });
  }
  if (methods.some((m) => m.name === "session/close"))
    cases.push({
      name: "principals/not-owner-live-session-untouched",
      area: "principals",
      methods: [
        "session/close",
        "session/kill",
        "session/delete",
        "session/cancel",
        "session/new",
        "pairing/create",
      ],
      title:
        "another principal's live session is left as it was by a refused session/close, session/kill, session/delete or session/cancel: its owner goes on prompting it (SPEC §5)",
      needs: { kind: "fresh-daemon", configLines: ownershipConfig(uid, grants), shared: true },
      run: (context) => liveSessionUntouched(uid, context),
    });
  for (const method of methods) {
    if (!method.requiredParams.includes("session_id")) continue;
    cases.push({
      name: `principals/not-owner/${method.name}`,
      area: "principals",
      methods: [method.name, "session/new", "pairing/create"],
      title: `${method.name} on a session another principal owns is refused with -32003 for a non-admin, before anything else is looked at (SPEC §5; openrpc.json ${method.pointer})`,
      needs: { kind: "fresh-daemon", configLines: ownershipConfig(uid, grants), shared: true },
      run: (context) => refusedForNotOwner(method, uid, context),
    });
  }
  return cases;
}

/** Resource → verbs of `grants`, as a TOML inline table for a profile's `grants`. */
function grantTable(grants: readonly string[]): string {
  const byResource = new Map<string, string[]>();
  for (const grant of grants) {
    const [resource = grant, verb = "*"] = grant.split(":");
    byResource.set(resource, [...(byResource.get(resource) ?? []), verb]);
  }
  const entries = [...byResource].map(
    ([resource, verbs]) => `${resource} = [${verbs.map((verb) => JSON.stringify(verb)).join(", ")}]`,
  );
  return `{ ${entries.join(", ")} }`;
}

function profileLines(name: string, grants: readonly string[]): string[] {
  return [
    `permission_profiles.${name}.grants = ${grantTable(grants)}`,
    `permission_profiles.${name}.allowed_agents = ["*"]`,
    `permission_profiles.${name}.allowed_tools = ["*"]`,
    `permission_profiles.${name}.config_write_paths = ["*"]`,
  ];
}

/** The suite's uid is user `conformance`, non-admin, holding every grant of the document but `missing`. */
function localPrincipal(uid: number | undefined, grants: readonly string[], missing: string): string[] {
  return [
    "security.trust_daemon_uid = false",
    ...profileLines(
      LACKING_PROFILE,
      grants.filter((grant) => grant !== missing),
    ),
    `users.${LOCAL_USER}.uid = ${uid ?? 0}`,
    `users.${LOCAL_USER}.permission_profiles = ["${LACKING_PROFILE}"]`,
  ];
}

/** Two non-admin users with every grant: the suite's uid (`conformance`) and `owner` (pairing tokens only). */
function ownershipConfig(uid: number | undefined, grants: readonly string[]): string[] {
  return [
    "gateway.enabled = true",
    "gateway.port = 0",
    "security.trust_daemon_uid = false",
    ...profileLines(EVERYTHING_PROFILE, grants),
    `users.${LOCAL_USER}.uid = ${uid ?? 0}`,
    `users.${LOCAL_USER}.permission_profiles = ["${EVERYTHING_PROFILE}"]`,
    `users.${OWNER_USER}.permission_profiles = ["${EVERYTHING_PROFILE}"]`,
  ];
}

/** Params the document says the method accepts: its first example that documents a success. */
export function exampleParams(method: MethodEntry): JsonObject {
  const usable = (example: ExamplePairing): boolean => !example.uninitialized && example.error === undefined;
  const example = method.examples.find(usable) ?? method.examples.find((e) => !e.uninitialized);
  return structuredClone(example?.params ?? {});
}

/** A local connection signed in as the non-admin user the suite's uid maps to. */
async function signInLocally(
  uid: number | undefined,
  context: CaseContext,
  options: ExpectOptions,
): Promise<WireConnection> {
  if (uid === undefined)
    throw new CaseSkipped(
      "needs the suite's uid to map it to a user ([users] uid), which this platform lacks",
    );
  const connection = await WireConnection.open(
    context.socketPath,
    "local",
    context.transcript,
    context.timeoutMs,
  );
  const result = await initialize(connection, "local-init", options);
  const principal = result.principal;
  if (!isJsonObject(principal) || principal.id !== LOCAL_USER || principal.admin !== false) {
    connection.destroy();
    throw new CaseFailure(
      `initialize.principal is ${preview(principal)}, expected {"id":"${LOCAL_USER}","admin":false}`,
      `a local peer whose uid a [users] entry names is that user, not the owner, while security.trust_daemon_uid is false (SPEC §4)`,
    );
  }
  return connection;
}

async function refusedForGrant(
  method: MethodEntry,
  grant: string,
  uid: number | undefined,
  context: CaseContext,
): Promise<void> {
  const options = expectOptionsOf(context);
  const connection = await signInLocally(uid, context, options);
  try {
    await expectNotGranted(connection, "grant-check", method, exampleParams(method), grant, context);
  } finally {
    connection.destroy();
  }
}

/** Sends `method` with `params` and expects -32012 not_granted naming `grant` and the method. */
async function expectNotGranted(
  connection: WireConnection,
  id: string,
  method: MethodEntry,
  params: JsonObject,
  grant: string,
  context: CaseContext,
): Promise<void> {
  const options = expectOptionsOf(context);
  await connection.sendMessage(
    JSON.stringify({ jsonrpc: "2.0", id, method: method.name, params }),
    context.timeoutMs,
  );
  await expectMessage(
    connection,
    {
      jsonrpc: "2.0",
      id,
      error: { code: -32012, message: "<any>", data: { reason: "not_granted", grant, method: method.name } },
    },
    options,
  );
}

async function allowedWithGrant(
  method: MethodEntry,
  uid: number | undefined,
  context: CaseContext,
): Promise<void> {
  const options = expectOptionsOf(context);
  const connection = await signInLocally(uid, context, options);
  try {
    const request = { jsonrpc: "2.0", id: "granted", method: method.name, params: exampleParams(method) };
    await connection.sendMessage(JSON.stringify(request), context.timeoutMs);
    const response = await expectResponse(connection, "granted", options);
    const error = isJsonObject(response.error) ? response.error : undefined;
    const data = error && isJsonObject(error.data) ? error.data : undefined;
    if (error?.code === -32012 && data?.reason === "not_granted")
      throw new CaseFailure(
        `refused with not_granted although the principal holds every grant: ${preview(response, 300)}`,
      );
  } finally {
    connection.destroy();
  }
}

async function refusedForNotOwner(
  method: MethodEntry,
  uid: number | undefined,
  context: CaseContext,
): Promise<void> {
  const options = expectOptionsOf(context);
  const run = context.runId ?? "local";
  const sessionId = `conf-${run}-owned-${method.name.replaceAll(/[^A-Za-z0-9]/g, "-")}`;
  const local = await signInLocally(uid, context, options);
  let owner: WsConnection | undefined;
  try {
    const paired = await ownerOverGateway(local, context);
    owner = paired.owner;
    const { token_id } = paired;
    await call(owner, "owner-new", "session/new", { session_id: sessionId }, options);

    const params = { ...exampleParams(method), session_id: sessionId };
    await local.sendMessage(
      JSON.stringify({ jsonrpc: "2.0", id: "not-owner", method: method.name, params }),
      context.timeoutMs,
    );
    const response = await expectMessage(
      local,
      { jsonrpc: "2.0", id: "not-owner", error: { code: -32003, message: "<any>", data: "<any>" } },
      options,
    );
    const reasons = context.contract?.errorReasons(-32003) ?? [];
    const error = isJsonObject(response) && isJsonObject(response.error) ? response.error : {};
    const reason = isJsonObject(error.data) ? error.data.reason : undefined;
    if (reasons.length > 0 && !reasons.includes(reason as string))
      throw new CaseFailure(
        `-32003 data.reason is ${preview(reason)}, openrpc.json declares ${reasons.join(" or ")}`,
      );

    await call(owner, "owner-delete", "session/delete", { session_id: sessionId }, options).catch(
      () => undefined,
    );
    await call(local, "unpair-owner", "pairing/revoke", { token_id: token_id as JsonValue }, options).catch(
      () => undefined,
    );
  } finally {
    owner?.destroy();
    local.destroy();
  }
}

/**
 * Pairs user `owner` from the suite's local connection and signs it in over the gateway (its
 * initialize.principal checked): the second principal of the ownership cases.
 */
async function ownerOverGateway(
  local: WireConnection,
  context: CaseContext,
): Promise<{ owner: WsConnection; token_id: JsonValue }> {
  const options = expectOptionsOf(context);
  const run = context.runId ?? "local";
  const { token, token_id } = await call(
    local,
    "pair-owner",
    "pairing/create",
    { user: OWNER_USER, label: `conf-${run}-owner` },
    options,
  );
  const url = await discoverGatewayUrl(context.socketPath, context.transcript, options);
  const owner = await WsConnection.open(url.href, "owner", context.transcript, context.timeoutMs);
  const signedIn = await call(
    owner,
    "owner-init",
    "initialize",
    { protocolVersion: 1, auth_token: token as JsonValue },
    options,
  ).catch((err: unknown) => {
    owner.destroy();
    throw err;
  });
  if (!isJsonObject(signedIn.principal) || signedIn.principal.id !== OWNER_USER) {
    owner.destroy();
    throw new CaseFailure(
      `the owner's initialize.principal is ${preview(signedIn.principal)}, expected user ${OWNER_USER}`,
    );
  }
  return { owner, token_id: token_id as JsonValue };
}

/** The caller makes a session of its own, then calls `method` on it without `grant`: -32012 not_granted. */
async function refusedOnOwnSession(
  method: MethodEntry,
  grant: string,
  uid: number | undefined,
  context: CaseContext,
): Promise<void> {
  const options = expectOptionsOf(context);
  const run = context.runId ?? "local";
  const sessionId = `conf-${run}-own-${method.name.replaceAll(/[^A-Za-z0-9]/g, "-")}`;
  const connection = await signInLocally(uid, context, options);
  try {
    await call(connection, "own-new", "session/new", { session_id: sessionId }, options);
    const params = { ...exampleParams(method), session_id: sessionId };
    await expectNotGranted(connection, "own-grant", method, params, grant, context);
  } finally {
    connection.destroy();
  }
}

/**
 * The owner (over the gateway) keeps a live session; the suite's non-admin user tries to close, kill,
 * delete and cancel it, each refused with -32003; the owner's session is still live and answers a prompt.
 */
async function liveSessionUntouched(uid: number | undefined, context: CaseContext): Promise<void> {
  const options = expectOptionsOf(context);
  const run = context.runId ?? "local";
  const sessionId = `conf-${run}-live-untouched`;
  const local = await signInLocally(uid, context, options);
  let owner: WsConnection | undefined;
  try {
    owner = (await ownerOverGateway(local, context)).owner;
    await call(owner, "owner-new", "session/new", { session_id: sessionId }, options);
    for (const method of ["session/close", "session/kill", "session/delete", "session/cancel"]) {
      const id = `intruder-${method}`;
      await local.sendMessage(
        JSON.stringify({ jsonrpc: "2.0", id, method, params: { session_id: sessionId } }),
        context.timeoutMs,
      );
      await expectMessage(
        local,
        { jsonrpc: "2.0", id, error: { code: -32003, message: "<any>", data: "<any>" } },
        options,
      );
    }
    const { sessions } = await call(owner, "owner-list", "session/list", {}, options);
    const mine = Array.isArray(sessions)
      ? sessions.find((s) => isJsonObject(s) && s.session_id === sessionId)
      : undefined;
    if (!isJsonObject(mine) || (mine.state !== "idle" && mine.state !== "active"))
      throw new CaseFailure(
        `after the refused calls the owner's session is ${preview(mine ?? null)}, expected it live (idle)`,
      );
    // The echo turn streams its updates first; its response comes last.
    await owner.sendMessage(
      JSON.stringify({
        jsonrpc: "2.0",
        id: "owner-prompt",
        method: "session/prompt",
        params: { session_id: sessionId, prompt: "still mine" },
      }),
      context.timeoutMs,
    );
    let done: JsonValue;
    for (;;) {
      done = await receiveMessage(owner, context.timeoutMs, "the response to the owner's prompt");
      if (isJsonObject(done) && done.id === "owner-prompt") break;
    }
    const outcome = isJsonObject(done) && isJsonObject(done.result) ? done.result.outcome : undefined;
    if (outcome !== "completed")
      throw new CaseFailure(
        `the owner's prompt on its session got ${preview(done)}, expected outcome completed`,
      );
  } finally {
    owner?.destroy();
    local.destroy();
  }
}
