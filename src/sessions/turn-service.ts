// session/prompt: finds (or rehydrates) the session, refuses a second turn, picks the agent's provider
// from the live config, and runs the turn on behalf of the calling connection.

import type { DaemonToClient } from "../../generated/daemon-to-client.js";
import { rpcErrors } from "../../generated/errors.js";
import type { ClientCapabilities, Dialect, SessionPromptResult } from "../../generated/types.js";
import type { Principal } from "../auth/principal.js";
import type { LiveConfig } from "../config/config-service.js";
import type { ProviderView } from "../config/derived-views.js";
import { type FileStore, markerFor } from "../files/file-store.js";
import type { Peer } from "../jsonrpc/peer.js";
import type { Logger } from "../log.js";
import { PromptQueue } from "./prompt-queue.js";
import type { Provider } from "./provider.js";
import { createProvider } from "./providers/create-provider.js";
import { RunningTurns } from "./running-turns.js";
import type { Attachment, SessionManager } from "./session-manager.js";
import type { SessionSubscriptions } from "./subscriptions.js";
import type { BashSandbox } from "./tools/bash-sandbox.js";
import { TurnLog } from "./turn-log.js";
import { runTurn, type TurnSettings } from "./turn-runner.js";
import { UpdateFrame } from "./update-lines.js";

/** What a turn needs of the call that started it: who asks, on which connection, and the call's signal. */
export type TurnCaller = {
  readonly principal: Principal;
  readonly conn: Attachment & {
    readonly peer: Peer;
    readonly client: DaemonToClient;
    readonly clientCapabilities: ClientCapabilities;
    /** The caller's dialect: its updates are written in it (SPEC §13). */
    readonly dialect: Dialect;
  };
  /** The request's signal: aborted when its connection closes. */
  readonly signal: AbortSignal;
};

export class TurnService {
  /** One client per provider view: a config commit builds new views, and so new clients. */
  private readonly providers = new WeakMap<ProviderView, Provider>();
  /** Each running turn's prompt and updates so far, for watchers joining midway (session/subscribe). */
  readonly running = new RunningTurns();
  /** zeroclaw-dialect prompts waiting for a running turn (SPEC §13). */
  private readonly queue = new PromptQueue();

  constructor(
    private readonly sessions: SessionManager,
    private readonly files: FileStore,
    /** Watchers get each update right after the caller. */
    private readonly subscriptions: SessionSubscriptions,
    private readonly config: () => LiveConfig,
    private readonly log: Logger,
    /** Where bash runs (SPEC §17): decided per turn from the live tools.bash settings. */
    private readonly sandbox: BashSandbox,
  ) {}

  async prompt(
    sessionId: string,
    text: string,
    attachments: readonly string[],
    ctx: TurnCaller,
  ): Promise<SessionPromptResult> {
    const principal = ctx.principal;
    const current = () => this.sessions.forPrompt(sessionId, principal, ctx.conn);
    let session = current();
    // Checked again after every wait, in the step that starts the turn: another prompt woken by the
    // same turn's end may have taken the session in between.
    while (session.turn) {
      if (ctx.conn.dialect !== "zeroclaw") throw rpcErrors.sessionBusy({ session_id: sessionId });
      const s = this.config().effective.sessions;
      session = await this.queue.untilIdle(
        sessionId,
        current,
        { depth: s.prompt_queue_depth, waitMs: s.prompt_queue_wait_ms },
        ctx.signal,
      );
    }
    // Attached files are shown to the agent as their markers and paths in the workspace.
    const lines = attachments.map((ref, i) => {
      const file = this.files.find({ surface: session.mode, sessionId }, ref);
      if (!file)
        throw rpcErrors.invalidParams({
          errors: [{ path: `/attachments/${i}`, message: `no file ${ref} in this session` }],
        });
      return `${markerFor(file.filename, file.sizeBytes, file.sha256)} at ${file.path}`;
    });
    const prompt = lines.length > 0 ? `${text}\n\n${lines.join("\n")}` : text;
    const live = this.config();
    const agent = live.views.agents.get(session.agent);
    if (!agent) {
      throw rpcErrors.invalidParams({
        errors: [{ path: "/session_id", message: `the session's agent ${session.agent} no longer exists` }],
      });
    }
    let provider = this.providers.get(agent.provider);
    if (!provider) {
      provider = createProvider(agent.provider);
      this.providers.set(agent.provider, provider);
    }
    const s = live.effective.sessions;
    const settings: TurnSettings = {
      sandbox: this.sandbox.plan(
        live.effective.tools.bash.sandbox,
        agent.bashNetwork,
        agent.bashEnv,
        session.workspaceDir,
      ),
      timeoutMs: s.tool_timeout_ms,
      outputMaxBytes: s.tool_output_max_bytes,
      askUserTimeoutMs: s.ask_user_timeout_ms,
      approvalTimeoutMs: s.approval_timeout_ms,
      transcriptMaxBytes: s.transcript_max_bytes,
      maxToolRounds: s.max_tool_rounds,
    };
    const { peer, client, dialect } = ctx.conn;
    const transport = peer.transport;
    // One frame per turn, reused for every update: each dialect's line is made once, and only when a
    // connection of that dialect (the caller, a watcher) is to get it.
    const frame = new UpdateFrame(sessionId);
    const canElicit = ctx.conn.clientCapabilities.elicitation !== undefined;
    const turnLog = new TurnLog(this.log, sessionId, session.agent);
    const { subscriptions, running: runningTurns } = this;
    const running = runTurn({
      session,
      prompt,
      principal,
      agent,
      provider,
      store: this.sessions.store,
      settings,
      log: this.log,
      io: {
        signal: ctx.signal,
        emit(update, modelText) {
          turnLog.observe(update);
          frame.set(update, modelText);
          transport.send(frame.line(dialect));
          // Watchers get it right after, each in its own dialect, so each sees the turn's order (SPEC §14).
          subscriptions.publish(sessionId, frame, peer);
          // In the same synchronous step: a watcher subscribing now gets it in running_turn or after, once.
          runningTurns.record(sessionId, update, modelText);
          // No promise at all while output flows: a streamed chunk costs no extra microtasks.
          return transport.backedUp ? transport.whenWritable() : undefined;
        },
        elicit: canElicit
          ? (params, options) => client.elicitationCreate({ sessionId, mode: "form", ...params }, options)
          : undefined,
      },
    });
    // runTurn sets session.turn before its first await (and emits nothing before it), so the turn id
    // is known here and the record starts before the turn's first update.
    const turnId = (session.turn as { turnId: string } | undefined)?.turnId;
    if (turnId !== undefined) runningTurns.start(sessionId, turnId, prompt);
    turnLog.started(turnId);
    try {
      const result = await running;
      turnLog.ended(result.outcome, result.stop_reason, session.context);
      return result;
    } finally {
      if (turnId !== undefined) runningTurns.end(sessionId, turnId);
    }
  }
}
