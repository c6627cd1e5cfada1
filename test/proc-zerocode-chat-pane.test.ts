// Issue 18, item 6: the daemon driven exactly as zerocode's Chat pane drives it (SPEC §13), against a
// real daemon child process started the way zerocode spawns one (`zeroclaw daemon --ephemeral
// --config-dir DIR` with ZEROCLAW_SOCKET), over its real socket, with the fake OpenAI-compatible server
// for the turns that call tools. Every answer goes through test/helpers/zerocode-wire.ts, which
// requires what zerocode's client.rs and wire.rs require; so this fails on any member zerocode would
// not find, and on any session/update zerocode's parse_session_update would drop.
import { existsSync, mkdirSync, realpathSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ZeroclawSessionUpdateParams as validZeroclawUpdate } from "../generated/validators.js";
import { FakeOpenAi, step, textReply } from "./helpers/fake-openai-server.js";
import { childEnv, type DaemonProcess, requireBuild, spawnDaemon, tempDirs } from "./helpers/proc-daemon.js";
import { RawClient, type WireMessage } from "./helpers/raw-client.js";
import {
  elicitationShape,
  parseAgentsStatus,
  parseElicitationParams,
  parseEmptyStruct,
  parseInitializeResponse,
  parseSessionMessages,
  parseSessionNew,
  parseSessionUpdate,
  parseStatus,
  type SessionUpdate,
} from "./helpers/zerocode-wire.js";

/** The camelCase spellings of the seed dialect: never in a zeroclaw-dialect update (SPEC §13). */
const SEED_MEMBERS = [
  "sessionId",
  "turnId",
  "toolCallId",
  "rawInput",
  "rawOutput",
  "requestId",
  "toolName",
  "timeoutMs",
];

/** A zerocode-like client: string ids zc-out-N, prompts as notifications, updates parsed as zerocode does. */
class Zerocode {
  private next = 0;
  constructor(readonly raw: RawClient) {}

  async call(method: string, params: unknown): Promise<unknown> {
    const id = `zc-out-${this.next++}`;
    await this.raw.send({ jsonrpc: "2.0", id, method, params });
    const reply = await this.raw.take((m) => m.id === id && m.method === undefined, 10_000);
    if (reply.error) throw new Error(`RPC ${method}: ${reply.error.message} (${reply.error.code})`);
    return reply.result;
  }

  /**
   * The Chat pane's turn: session/prompt as a notification, then every session/update of the session
   * until turn_complete. `onUpdate` sees each parsed update; `onRequest` answers elicitation/create.
   */
  async turn(
    sessionId: string,
    prompt: string,
    handlers: {
      onUpdate?: (u: SessionUpdate) => Promise<void> | void;
      onRequest?: (m: WireMessage) => unknown;
    } = {},
  ): Promise<SessionUpdate[]> {
    await this.raw.send({
      jsonrpc: "2.0",
      method: "session/prompt",
      params: { session_id: sessionId, prompt },
    });
    const updates: SessionUpdate[] = [];
    for (;;) {
      const m = await this.raw.take((x) => x.method !== undefined, 15_000);
      if (m.method === "session/update") {
        const update = parseSessionUpdate(m.params);
        // zerocode drops what it cannot parse: the turn would never end on its screen.
        expect(update, `zerocode would drop ${JSON.stringify(m.params)}`).toBeDefined();
        expect(validZeroclawUpdate(m.params), JSON.stringify(m.params)).toBe(true);
        expect(Object.keys(m.params as object).filter((k) => SEED_MEMBERS.includes(k))).toEqual([]);
        if (update!.sessionId !== sessionId) continue;
        updates.push(update!);
        await handlers.onUpdate?.(update!);
        if (update!.kind === "turn_complete") return updates;
      } else if (m.id !== undefined) {
        const result = handlers.onRequest?.(m);
        expect(result, `unexpected request ${JSON.stringify(m)}`).toBeDefined();
        await this.raw.send({ jsonrpc: "2.0", id: m.id, result });
      }
    }
  }
}

const tmp = tempDirs("zc-zerocode-");
let fake: FakeOpenAi;
let daemon: DaemonProcess;
let socket: string;
let project: string;
let zc: Zerocode;

beforeAll(async () => {
  requireBuild();
  fake = await FakeOpenAi.start();
  const home = tmp.make();
  const configDir = join(home, "profile");
  mkdirSync(configDir);
  writeFileSync(
    join(configDir, "config.toml"),
    [
      "[providers.fake]",
      'kind = "openai"',
      `base_url = "${fake.baseUrl}"`,
      'api_key = "sk-test"',
      'model = "m1"',
      "[agents.coder]",
      'provider = "fake"',
      'allowed_tools = ["ask_user"]',
      "[sessions]",
      "approval_timeout_ms = 30000",
      "",
    ].join("\n"),
  );
  project = join(home, "project");
  mkdirSync(project);
  socket = join(home, "run", "zerocode.sock");
  // zerocode's spawn path: its own child, --ephemeral --config-dir, ZEROCLAW_SOCKET set.
  daemon = spawnDaemon(childEnv(home, { ZEROCLAW_SOCKET: socket }), [
    "--ephemeral",
    "--config-dir",
    configDir,
  ]);
  // No probe connection: with --ephemeral it would itself be the first client.
  for (let i = 0; !existsSync(socket); i++) {
    if (!daemon.running || i > 400) throw new Error(`no socket at ${socket}\n${daemon.stderr}`);
    await new Promise((r) => setTimeout(r, 25));
  }
  zc = new Zerocode(await RawClient.connect(socket));
});

afterAll(async () => {
  zc?.raw.close();
  await daemon?.kill();
  await fake?.close();
  tmp.cleanup();
});

let chatSession = "";

describe("zerocode's Chat pane against the daemon it spawned (SPEC §13)", () => {
  it("connects: zerocode's initialize passes its version check, and server_pid is its child's pid", async () => {
    const env = Object.fromEntries(
      Object.entries(process.env).filter((e): e is [string, string] => e[1] !== undefined),
    );
    const result = await zc.call("initialize", {
      protocol_version: 1,
      clientCapabilities: { elicitation: { form: {} } },
      env,
    });
    const init = parseInitializeResponse(result);
    expect(init.serverPid).toBe(daemon.pid);
    expect(init.commands).toEqual([]);
  });

  it("status and health decode as zerocode's StatusResult and the status line and Dashboard read them", async () => {
    const status = parseStatus(await zc.call("status", {}));
    expect(status).toMatchObject({ server_version: "0.8.4", protocol_version: 1, config_kind: "toml" });
    expect(status.local_ipc_endpoint).toBe(socket);
    const health = (await zc.call("health", {})) as {
      components: Record<string, { status: string }>;
      process: { rss_bytes: number; num_cpus: number; system_ram_total_bytes: number };
      uptime_seconds: number;
    };
    expect(health.components.rpc?.status).toBe("ok");
    expect(health.components.storage?.status).toBe("ok");
    expect(health.process.rss_bytes).toBeGreaterThan(0);
    expect(health.process.num_cpus).toBeGreaterThan(0);
    expect(Number.isInteger(health.uptime_seconds)).toBe(true);
  });

  it("agents/status gives the Chat pane its agents", async () => {
    const agents = parseAgentsStatus(await zc.call("agents/status", {}));
    expect(agents).toEqual(
      expect.arrayContaining([
        { alias: "default", enabled: true },
        { alias: "coder", enabled: true },
      ]),
    );
  });

  it("session/new in the Chat pane's form, the Code pane's form and the resume form (cwd null)", async () => {
    const chat = parseSessionNew(
      await zc.call("session/new", { agent_alias: "default", cwd: project, session_id: null, tui_id: null }),
    );
    expect(chat.workspace_dir).toBe(realpathSync(project));
    chatSession = chat.session_id;
    const code = parseSessionNew(
      await zc.call("session/new", {
        agent_alias: "coder",
        cwd: project,
        session_id: null,
        tui_id: null,
        exclude_memory: true,
        chat_mode: "acp",
      }),
    );
    expect(code.session_id).not.toBe(chat.session_id);
    const resumed = parseSessionNew(
      await zc.call("session/new", {
        agent_alias: "default",
        cwd: null,
        session_id: chatSession,
        tui_id: null,
      }),
    );
    expect(resumed).toEqual(chat);
  });

  it("an echo turn: the prompt as a notification, chunks, turn_complete; then session/messages", async () => {
    const updates = await zc.turn(chatSession, "hello zerocode");
    expect(updates.map((u) => u.kind)).toEqual([
      "agent_message_chunk",
      "agent_message_chunk",
      "turn_complete",
    ]);
    expect(updates.at(-1)).toMatchObject({ outcome: "completed", content: "hello zerocode" });
    const { messages } = parseSessionMessages(await zc.call("session/messages", { session_id: chatSession }));
    expect(messages).toEqual([
      { role: "user", content: "hello zerocode" },
      { role: "assistant", content: "hello zerocode" },
    ]);
  });

  it("a refused prompt still ends with turn_complete, so the pane leaves its working state", async () => {
    const updates = await zc.turn("no-such-session", "anyone there?");
    expect(updates).toEqual([
      {
        kind: "turn_complete",
        sessionId: "no-such-session",
        outcome: "failed",
        content: expect.stringMatching(/.+/),
      },
    ]);
  });

  const coderSession = async (): Promise<string> =>
    parseSessionNew(
      await zc.call("session/new", { agent_alias: "coder", cwd: project, session_id: null, tui_id: null }),
    ).session_id;
  const bash = (id: string, command: string) => [
    ...step.toolCallSplit(0, id, "bash", JSON.stringify({ command })),
    step.finish("tool_calls"),
  ];
  /** The modal's answer: session/approve with the decision's kind, for each approval_request. */
  const deciding = (sessionId: string, decision: string) => {
    const asked: SessionUpdate[] = [];
    return {
      asked,
      async onUpdate(u: SessionUpdate) {
        if (u.kind !== "approval_request") return;
        asked.push(u);
        parseEmptyStruct(
          await zc.call("session/approve", { session_id: sessionId, request_id: u.requestId, decision }),
        );
      },
    };
  };
  const toolResult = (updates: SessionUpdate[]) =>
    updates.find((u) => u.kind === "tool_result") as
      | Extract<SessionUpdate, { kind: "tool_result" }>
      | undefined;

  it("cancel while an approval waits: turn_complete cancelled", async () => {
    const sid = await coderSession();
    fake.enqueue(bash("call_c", "echo never"));
    const updates = await zc.turn(sid, "start and cancel", {
      async onUpdate(u) {
        if (u.kind === "approval_request")
          parseEmptyStruct(await zc.call("session/cancel", { session_id: sid }));
      },
    });
    expect(updates.at(-1)).toMatchObject({ kind: "turn_complete", outcome: "cancelled" });
  });

  it("allow once, reject and allow always, as the approval modal sends them", async () => {
    const sid = await coderSession();
    fake.enqueue(bash("call_1", "echo allowed-once"));
    fake.enqueue(textReply("done"));
    const once = deciding(sid, "allow_once");
    const first = await zc.turn(sid, "run it", once);
    expect(once.asked).toEqual([
      expect.objectContaining({
        toolName: "bash",
        argumentsSummary: "command: echo allowed-once",
        timeoutSecs: 30,
      }),
    ]);
    expect(toolResult(first)?.rawOutput).toContain("allowed-once");
    expect(first.find((u) => u.kind === "tool_call")).toMatchObject({
      toolCallId: "call_1",
      name: "bash",
      rawInput: { command: "echo allowed-once" },
    });

    fake.enqueue(bash("call_2", "echo rejected"));
    fake.enqueue(textReply("ok"));
    const rejected = await zc.turn(sid, "again", deciding(sid, "reject"));
    expect(toolResult(rejected)?.rawOutput).toMatch(/denied by the user/);

    fake.enqueue(bash("call_3", "echo always"));
    fake.enqueue(textReply("ok"));
    const always = deciding(sid, "allow_always");
    await zc.turn(sid, "always", always);
    fake.enqueue(bash("call_4", "echo no-question-now"));
    fake.enqueue(textReply("ok"));
    const after = deciding(sid, "reject");
    const fourth = await zc.turn(sid, "once more", after);
    expect([always.asked.length, after.asked.length]).toEqual([1, 0]);
    expect(toolResult(fourth)?.rawOutput).toContain("no-question-now");
  });

  it("an ask_user choice: zerocode's modal renders it and its choice-<i> reaches the model as the text", async () => {
    const sid = await coderSession();
    fake.enqueue([
      ...step.toolCallSplit(
        0,
        "call_q",
        "ask_user",
        JSON.stringify({ question: "Which colour?", choices: ["red", "blue"] }),
      ),
      step.finish("tool_calls"),
    ]);
    fake.enqueue(textReply("Blue it is."));
    const updates = await zc.turn(sid, "ask me", {
      onRequest(m) {
        expect(m.method).toBe("elicitation/create");
        const params = parseElicitationParams(m.params);
        expect(params).toMatchObject({ sessionId: sid, mode: "form", message: "Which colour?" });
        const shape = elicitationShape(params!.requestedSchema);
        expect(shape).toEqual({
          kind: "single",
          property: "choice",
          choices: [
            { constId: "choice-0", title: "red" },
            { constId: "choice-1", title: "blue" },
          ],
        });
        // The modal's cursor on the second row, Enter: accept_content.
        return { action: "accept", content: { [shape!.property]: "choice-1" } };
      },
    });
    expect(JSON.parse(toolResult(updates)!.rawOutput)).toEqual({
      action: "accept",
      content: { answer: "blue" },
    });
    expect(updates.at(-1)).toMatchObject({ outcome: "completed", content: "Blue it is." });
  });

  it("exits after zerocode leaves, as an ephemeral daemon does", async () => {
    zc.raw.close();
    expect(await daemon.waitExit(15_000)).toEqual({ code: 0, signal: null });
    expect(existsSync(socket)).toBe(false);
  });
});
