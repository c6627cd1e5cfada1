import type { ExpectOptions } from "../judge/expectations.js";
import { call, initialize } from "../judge/expectations.js";
import { isJsonObject } from "../wire/json.js";
import { Transcript } from "../wire/transcript.js";
import { WireConnection } from "../wire/wire-client.js";

/**
 * What the suite asks the implementation under test once per run, outside
 * any case: the methods it serves (`initialize.capabilities`, which decides
 * "not implemented", SPEC §16), and at the end, under --socket, removing
 * what the run created (sessions and pairing tokens whose id or label holds
 * the run's token).
 */

export async function probeCapabilities(socketPath: string, options: ExpectOptions): Promise<string[]> {
  const connection = await WireConnection.open(
    socketPath,
    "capabilities",
    new Transcript(),
    options.timeoutMs,
  );
  try {
    const result = await initialize(connection, "conformance-capabilities", options);
    const { capabilities } = result;
    if (!Array.isArray(capabilities) || !capabilities.every((name) => typeof name === "string")) {
      throw new Error("initialize.capabilities is not an array of method names");
    }
    return capabilities as string[];
  } finally {
    connection.destroy();
  }
}

/**
 * Whether a live daemon's `default` agent runs on a provider of kind `echo` (SPEC §7: built in,
 * replies with the prompt), which the cases that prompt it rely on; undefined when config/get is
 * not served or says nothing useful.
 */
export async function defaultAgentIsEcho(
  socketPath: string,
  capabilities: readonly string[] | undefined,
  options: ExpectOptions,
): Promise<boolean | undefined> {
  if (capabilities !== undefined && !capabilities.includes("config/get")) return undefined;
  const connection = await WireConnection.open(socketPath, "echo-probe", new Transcript(), options.timeoutMs);
  try {
    await initialize(connection, "echo-probe-init", options);
    const agent = await call(
      connection,
      "echo-probe-agent",
      "config/get",
      { prop: "agents.default.provider" },
      options,
    );
    if (typeof agent.value !== "string") return undefined;
    const kind = await call(
      connection,
      "echo-probe-kind",
      "config/get",
      { prop: `providers.${agent.value}.kind` },
      options,
    );
    return typeof kind.value === "string" ? kind.value === "echo" : undefined;
  } catch {
    return undefined;
  } finally {
    connection.destroy();
  }
}

/** Deletes the run's sessions and revokes the run's pairing tokens; returns how many of each. */
export async function removeRunLeftovers(
  socketPath: string,
  runId: string,
  capabilities: readonly string[] | undefined,
  options: ExpectOptions,
): Promise<{ sessions: number; tokens: number }> {
  const serves = (method: string): boolean => capabilities === undefined || capabilities.includes(method);
  const removed = { sessions: 0, tokens: 0 };
  const connection = await WireConnection.open(socketPath, "cleanup", new Transcript(), options.timeoutMs);
  let next = 0;
  const id = (): string => `conformance-cleanup-${next++}`;
  try {
    await initialize(connection, id(), options);
    if (serves("session/list") && serves("session/delete")) {
      const { sessions } = await call(connection, id(), "session/list", {}, options);
      for (const session of Array.isArray(sessions) ? sessions : []) {
        const sessionId = isJsonObject(session) ? session.session_id : undefined;
        if (typeof sessionId !== "string" || !sessionId.includes(runId)) continue;
        await call(connection, id(), "session/delete", { session_id: sessionId }, options).catch(
          () => undefined,
        );
        removed.sessions += 1;
      }
    }
    if (serves("pairing/list") && serves("pairing/revoke")) {
      const { tokens } = await call(connection, id(), "pairing/list", {}, options);
      for (const token of Array.isArray(tokens) ? tokens : []) {
        if (!isJsonObject(token) || typeof token.token_id !== "string") continue;
        if (typeof token.label !== "string" || !token.label.includes(runId)) continue;
        await call(connection, id(), "pairing/revoke", { token_id: token.token_id }, options).catch(
          () => undefined,
        );
        removed.tokens += 1;
      }
    }
  } finally {
    connection.destroy();
  }
  return removed;
}
