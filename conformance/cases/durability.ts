import { readFile, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { Mailbox } from "../judge/mailbox.js";
import {
  type DaemonLauncher,
  type DaemonProcess,
  type DaemonSandbox,
  describeExit,
} from "../runner/spawn.js";
import { canonicalJson, isJsonObject, type JsonObject, type JsonValue, preview } from "../wire/json.js";
import { WireConnection } from "../wire/wire-client.js";
import { type CaseContext, CaseFailure, type ConformanceCase } from "./case.js";

/**
 * Durable claims checked where they live: config.toml's bytes, and what a restarted daemon reads
 * back (SPEC §6, §8). Each case starts a daemon, stops it (SIGTERM) and starts it again on the same
 * config and data dirs, so these need --spawn.
 */

/** Hand-written on purpose: a daemon that rewrites the file for a refused write changes its bytes. */
const HAND_WRITTEN_CONFIG = `# written by hand: a refused write must leave this file exactly as it is
[sessions]
max_live   =  9   # kept as written

[rpc]
max_local_connections = 77
`;

const STOP_TIMEOUT_MS = 10_000;

export function durabilityCases(): ConformanceCase[] {
  const check = (
    name: string,
    area: string,
    methods: string[],
    title: string,
    run: (d: Restartable) => Promise<void>,
    config: string | undefined = undefined,
  ): ConformanceCase => ({
    name: `${area}/${name}`,
    area,
    methods,
    title,
    needs: { kind: "daemon-launcher" },
    run: (context) => withRestartable(context, config, run),
  });
  return [
    check(
      "refused-writes-leave-config-file",
      "config",
      ["config/get", "config/set", "config/set-many"],
      "a refused config/set or config/set-many (invalid entry, invalid candidate) leaves config.toml byte-identical and config/get unchanged, also after a restart (SPEC §6)",
      async (d) => {
        const before = await d.wholeConfig();
        const refusals: [string, JsonObject][] = [
          [
            "config/set-many",
            {
              sets: [
                { prop: "sessions.max_live", value: 3 },
                { prop: "rpc.max_frame_bytes", value: "big" },
              ],
            },
          ],
          [
            "config/set-many",
            {
              sets: [
                { prop: "sessions.max_live", value: 4 },
                { prop: "users.ghost.uid", value: 4242 },
              ],
            },
          ],
          ["config/set", { prop: "sessions.max_live", value: "many" }],
        ];
        for (const [method, params] of refusals) {
          await d.expectRefused(method, params, -32602);
          await d.expectConfigFile(HAND_WRITTEN_CONFIG, `after the refused ${method} ${preview(params)}`);
          await d.expectSameConfig(before, `after the refused ${method} ${preview(params)}`);
        }
        await d.restart();
        await d.expectSameConfig(before, "after a restart");
        await d.expectConfigFile(HAND_WRITTEN_CONFIG, "after a restart");
      },
      HAND_WRITTEN_CONFIG,
    ),
    check(
      "accepted-set-many-survives-restart",
      "config",
      ["config/get", "config/set-many", "status"],
      "an accepted config/set-many is durable: a restarted daemon reads every entry back, and a listener limit takes effect at that start (SPEC §2, §6)",
      async (d) => {
        await d.client.call("set", "config/set-many", {
          sets: [
            { prop: "sessions.max_live", value: 7 },
            { prop: "rpc.max_local_connections", value: 99 },
          ],
        });
        await d.restart();
        await d.expectProp("sessions.max_live", 7);
        await d.expectProp("rpc.max_local_connections", 99);
        const status = await d.client.call("status-after", "status", {});
        const limit = isJsonObject(status.connections) ? status.connections.limit : undefined;
        if (limit !== 99)
          throw new CaseFailure(
            `status.connections.limit is ${preview(limit)} after the restart, expected 99`,
          );
      },
    ),
    check(
      "closed-session-resumes-after-restart",
      "sessions",
      ["session/new", "session/prompt", "session/close", "session/list", "session/messages"],
      "a closed session, and one still live when the daemon stopped, are listed after a restart and resume: the next prompt continues their transcript (SPEC §8)",
      async (d) => {
        const [closed, live] = [d.session("closed"), d.session("live")];
        for (const id of [closed, live]) {
          await d.client.call(`new-${id}`, "session/new", { session_id: id });
          await d.prompt(id, "first");
        }
        await d.client.call("close", "session/close", { session_id: closed });
        await d.restart();
        for (const id of [closed, live]) {
          const listed = await d.listed(id);
          if (listed?.state !== "closed" || listed.message_count !== 2)
            throw new CaseFailure(
              `after a restart session/list shows ${preview(listed)} for ${id}, expected state "closed" and 2 messages`,
            );
          await d.prompt(id, "second");
          const { total } = await d.client.call(`messages-${id}`, "session/messages", { session_id: id });
          if (total !== 4)
            throw new CaseFailure(`${id} has ${preview(total)} messages after resuming, expected 4`);
        }
      },
    ),
    check(
      "killed-session-stays-tombstone-after-restart",
      "sessions",
      ["session/new", "session/prompt", "session/kill", "session/list", "session/messages"],
      "a killed session stays a tombstone after a restart: listed as killed, its history kept, never prompted again (-32000) (SPEC §8)",
      async (d) => {
        const id = d.session("killed");
        await d.client.call("new", "session/new", { session_id: id });
        await d.prompt(id, "before");
        await d.client.call("kill", "session/kill", { session_id: id });
        await d.restart();
        const listed = await d.listed(id);
        if (listed?.state !== "killed")
          throw new CaseFailure(
            `after a restart session/list shows ${preview(listed)} for ${id}, expected state "killed"`,
          );
        const { total } = await d.client.call("messages", "session/messages", { session_id: id });
        if (total !== 2)
          throw new CaseFailure(
            `the killed session's history has ${preview(total)} messages after a restart, expected 2`,
          );
        await d.expectRefused("session/prompt", { session_id: id, prompt: "after" }, -32000);
      },
    ),
    check(
      "deleted-session-stays-gone-after-restart",
      "sessions",
      ["session/new", "session/prompt", "session/delete", "session/list", "session/messages"],
      "a deleted session does not come back after a restart: not listed, -32000 for its messages (SPEC §8)",
      async (d) => {
        const id = d.session("deleted");
        await d.client.call("new", "session/new", { session_id: id });
        await d.prompt(id, "before");
        await d.client.call("delete", "session/delete", { session_id: id });
        await d.restart();
        if ((await d.listed(id)) !== undefined)
          throw new CaseFailure(`session/list shows the deleted session ${id} after a restart`);
        await d.expectRefused("session/messages", { session_id: id }, -32000);
      },
    ),
  ];
}

async function withRestartable(
  context: CaseContext,
  config: string | undefined,
  run: (d: Restartable) => Promise<void>,
): Promise<void> {
  const launcher = context.launcher;
  if (!launcher) throw new Error("durability cases need a daemon launcher");
  const sandbox = await launcher.createSandbox();
  if (config !== undefined) await writeFile(join(sandbox.configDir, "config.toml"), config);
  const restartable = new Restartable(launcher, sandbox, context);
  try {
    await restartable.start();
    await run(restartable);
  } finally {
    restartable.disconnect();
  }
}

class Restartable {
  client!: Mailbox;
  private daemon: DaemonProcess | undefined;
  private connection: WireConnection | undefined;
  private starts = 0;
  private calls = 0;

  constructor(
    private readonly launcher: DaemonLauncher,
    private readonly sandbox: DaemonSandbox,
    private readonly context: CaseContext,
  ) {}

  session(name: string): string {
    return `conf-${this.context.runId ?? "local"}-${name}`;
  }

  async start(): Promise<void> {
    this.starts += 1;
    try {
      this.daemon = await this.launcher.start(this.sandbox);
    } catch (error) {
      throw new CaseFailure(`the daemon did not start (start ${this.starts}): ${(error as Error).message}`);
    }
    this.connection = await WireConnection.open(
      this.sandbox.socketPath,
      `daemon-${this.starts}`,
      this.context.transcript,
      this.context.timeoutMs,
    );
    this.client = new Mailbox(this.connection, {
      timeoutMs: this.context.timeoutMs,
      contract: this.context.contract,
    });
    await this.client.call(`init-${this.starts}`, "initialize", { protocolVersion: 1 });
  }

  /**
   * SIGTERM to the daemon itself (its pid from status; a wrapping shell would die of the signal
   * instead), a clean exit (SPEC §1), then a new daemon on the same dirs.
   */
  async restart(): Promise<void> {
    const { pid } = await this.client.call(this.nextId("pid"), "status", {});
    if (typeof pid !== "number" || !Number.isInteger(pid) || pid <= 0)
      throw new CaseFailure(`status.pid is not a pid: ${preview(pid)}`);
    this.disconnect();
    process.kill(pid, "SIGTERM");
    const exit = await this.daemon?.waitExit(STOP_TIMEOUT_MS);
    if (!exit) throw new CaseFailure(`the daemon was still running ${STOP_TIMEOUT_MS} ms after SIGTERM`);
    if (exit.code !== 0)
      throw new CaseFailure(`the daemon exited with ${describeExit(exit)} on SIGTERM, expected code 0`);
    await this.start();
  }

  disconnect(): void {
    this.connection?.destroy();
  }

  private nextId(what: string): string {
    this.calls += 1;
    return `${what}-${this.calls}`;
  }

  async wholeConfig(): Promise<JsonObject> {
    return this.client.call(this.nextId("config"), "config/get", {});
  }

  async expectProp(prop: string, value: JsonValue): Promise<void> {
    const result = await this.client.call(this.nextId("get"), "config/get", { prop });
    if (canonicalJson(result.value) !== canonicalJson(value))
      throw new CaseFailure(
        `config/get ${prop} is ${preview(result.value)} after a restart, expected ${preview(value)}`,
      );
  }

  async expectSameConfig(before: JsonObject, when: string): Promise<void> {
    const now = await this.wholeConfig();
    if (canonicalJson(now) !== canonicalJson(before))
      throw new CaseFailure(
        `config/get changed ${when}: was ${preview(before, 300)}, is ${preview(now, 300)}`,
      );
  }

  async expectConfigFile(expected: string, when: string): Promise<void> {
    const text = await readFile(join(this.sandbox.configDir, "config.toml"), "utf8").catch(() => "(no file)");
    if (text !== expected) throw new CaseFailure(`config.toml changed ${when}: ${preview(text, 300)}`);
  }

  /** The call must fail with `code`. */
  async expectRefused(method: string, params: JsonObject, code: number): Promise<void> {
    const id = this.nextId("refused");
    await this.client.send({ jsonrpc: "2.0", id, method, params });
    const response = await this.client.take(
      (message) => message.id === id && message.method === undefined,
      `the response to ${method}`,
    );
    const error = isJsonObject(response.error) ? response.error : undefined;
    if (error?.code !== code)
      throw new CaseFailure(
        `${method} ${preview(params)} answered ${preview(response, 300)}, expected error ${code}`,
      );
  }

  /** An echo turn: the reply is the prompt (the built-in echo agent of a fresh daemon, SPEC §7). */
  async prompt(sessionId: string, text: string): Promise<void> {
    const result = await this.client.call(this.nextId("prompt"), "session/prompt", {
      session_id: sessionId,
      prompt: text,
    });
    if (result.outcome !== "completed")
      throw new CaseFailure(`the turn "${text}" of ${sessionId} did not complete: ${preview(result)}`);
  }

  async listed(sessionId: string): Promise<JsonObject | undefined> {
    const { sessions } = await this.client.call(this.nextId("list"), "session/list", {});
    return (Array.isArray(sessions) ? sessions : []).find(
      (session): session is JsonObject => isJsonObject(session) && session.session_id === sessionId,
    );
  }
}
