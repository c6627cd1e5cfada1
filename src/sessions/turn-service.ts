// session/prompt: finds (or rehydrates) the session, refuses a second turn, picks the agent's provider
// from the live config, and runs the turn on behalf of the calling connection.
import { rpcErrors } from "../../generated/errors.js";
import type { SessionPromptResult, SessionUpdateParams } from "../../generated/types.js";
import type { LiveConfig } from "../config/config-service.js";
import type { ProviderView } from "../config/derived-views.js";
import { type FileStore, markerFor } from "../files/file-store.js";
import type { HandlerContext } from "../handlers/context.js";
import type { Logger } from "../log.js";
import type { Provider } from "./provider.js";
import { createProvider } from "./providers/create-provider.js";
import type { SessionManager } from "./session-manager.js";
import { TurnLog } from "./turn-log.js";
import { runTurn, type TurnSettings } from "./turn-runner.js";

export class TurnService {
  /** One client per provider view: a config commit builds new views, and so new clients. */
  private readonly providers = new WeakMap<ProviderView, Provider>();

  constructor(
    private readonly sessions: SessionManager,
    private readonly files: FileStore,
    private readonly config: () => LiveConfig,
    private readonly log: Logger,
  ) {}

  async prompt(
    sessionId: string,
    text: string,
    attachments: readonly string[],
    ctx: HandlerContext,
  ): Promise<SessionPromptResult> {
    const principal = ctx.conn.principal!;
    const session = this.sessions.forPrompt(sessionId, principal, ctx.conn);
    if (session.turn) throw rpcErrors.sessionBusy({ session_id: sessionId });
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
      timeoutMs: s.tool_timeout_ms,
      outputMaxBytes: s.tool_output_max_bytes,
      askUserTimeoutMs: s.ask_user_timeout_ms,
      approvalTimeoutMs: s.approval_timeout_ms,
      transcriptMaxBytes: s.transcript_max_bytes,
      maxToolRounds: s.max_tool_rounds,
    };
    const { peer, client } = ctx.conn;
    const canElicit = ctx.conn.clientCapabilities.elicitation !== undefined;
    const turnLog = new TurnLog(this.log, sessionId, session.agent);
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
        async emit(update) {
          turnLog.observe(update);
          const params: SessionUpdateParams = { sessionId, ...update };
          client.sessionUpdate(params);
          ctx.daemon.subscriptions.publish(sessionId, params, peer);
          await peer.transport.whenWritable();
        },
        elicit: canElicit
          ? (params, options) => client.elicitationCreate({ sessionId, ...params }, options)
          : undefined,
      },
    });
    // runTurn sets session.turn before its first await, so the turn id is known here.
    turnLog.started((session.turn as { turnId: string } | undefined)?.turnId);
    const result = await running;
    turnLog.ended(result.outcome, result.stop_reason, session.context);
    return result;
  }
}
