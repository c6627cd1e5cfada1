// Live sessions and their durable lifecycle (SPEC §5, §7, §8): create, find (rehydrating a closed
// session), close, kill, delete, list and read. Ownership is checked here; grants were checked by the
// dispatcher before any of this runs.

import { randomBytes } from "node:crypto";
import { rmSync } from "node:fs";
import { rpcErrors } from "../../generated/errors.js";
import type { SessionInfo, SessionNewResult, TranscriptMessage } from "../../generated/types.js";
import { mayUseAgent, owns, type Principal } from "../auth/principal.js";
import type { LiveConfig } from "../config/config-service.js";
import { sweepPartials } from "../files/file-store.js";
import type { Logger } from "../log.js";
import { LiveSession } from "./live-session.js";
import type { SessionRow, SessionStore, Surface } from "./session-store.js";
import { WorkspacePolicy } from "./workspace-policy.js";

/** The connection a session is attached to: once it has closed, an idle session is reclaimable. */
export type Attachment = { readonly closed: AbortSignal };

export class SessionManager {
  private readonly live = new Map<string, LiveSession>();
  private generation = 0;
  /**
   * Kept in memory: an admin's status reads it on every call, and a COUNT query there would be on the
   * hot path. A non-admin's status counts its own with one prepared query instead.
   */
  private persisted: number;
  private readonly workspaces: WorkspacePolicy;

  constructor(
    readonly store: SessionStore,
    dataDir: string,
    private readonly config: () => LiveConfig,
    private readonly log: Logger,
  ) {
    this.persisted = store.countPersisted();
    this.workspaces = new WorkspacePolicy(dataDir);
  }

  /** At start-up: sessions whose owner died with the previous daemon are recovered and closed. */
  recoverOrphans(): void {
    for (const row of this.store.list()) sweepPartials(row.workspaceDir);
    for (const row of this.store.orphaned()) {
      const markers = this.store.recoverInterrupted(row.surface, row.sessionId);
      this.store.setState(row.surface, row.sessionId, "closed");
      if (markers > 0) this.log.info({ session: row.sessionId, markers }, "recovered an interrupted session");
    }
  }

  get liveIds(): string[] {
    return [...this.live.keys()];
  }

  /** Live session ids the principal may see (all for an admin). */
  visibleLiveIds(principal: Principal): string[] {
    if (principal.admin) return this.liveIds;
    return [...this.live.values()].filter((s) => s.owner === principal.id).map((s) => s.id);
  }

  /** Persisted sessions the principal may see (all for an admin). */
  visiblePersistedCount(principal: Principal): number {
    return principal.admin ? this.persisted : this.store.countPersistedOf(principal.id);
  }

  /** Sessions the principal may see, by agent: live ones and stored ones (every live one is stored too). */
  countsByAgent(principal: Principal): Map<string, { live: number; persisted: number }> {
    const counts = new Map<string, { live: number; persisted: number }>();
    const of = (agent: string) => {
      const c = counts.get(agent) ?? { live: 0, persisted: 0 };
      counts.set(agent, c);
      return c;
    };
    for (const s of this.live.values()) if (owns(principal, s.owner)) of(s.agent).live++;
    for (const r of this.store.list()) if (owns(principal, r.owner)) of(r.agent).persisted++;
    return counts;
  }

  liveSession(id: string): LiveSession | undefined {
    return this.live.get(id);
  }

  /** Who owns session `id` (live or stored), undefined when there is no such session. */
  ownerOf(id: string): string | undefined {
    return this.live.get(id)?.owner ?? this.durable(id)?.owner;
  }

  create(
    params: { agent?: string; mode?: Surface; cwd?: string; session_id?: string },
    principal: Principal,
    attachment: Attachment,
  ): SessionNewResult {
    const agent = params.agent ?? "default";
    const mode: Surface = params.mode ?? "acp";
    if (!this.config().views.agents.has(agent)) {
      throw rpcErrors.invalidParams({ errors: [{ path: "/agent", message: `no agent ${agent}` }] });
    }
    if (!mayUseAgent(principal, agent)) throw rpcErrors.agentNotAllowed({ agent });
    const id = params.session_id ?? `s_${randomBytes(8).toString("hex")}`;
    if (this.live.has(id) || this.store.get(mode, id)) {
      throw rpcErrors.invalidParams({
        errors: [{ path: "/session_id", message: `session ${id} already exists` }],
      });
    }
    const workspaceDir =
      params.cwd === undefined
        ? undefined
        : this.workspaces.chosenWorkspace(params.cwd, principal, () =>
            this.store.workspacesNotOf(principal.id),
          );
    this.makeRoom();
    const dir = workspaceDir ?? this.workspaces.managedWorkspace(id);
    this.store.create({ surface: mode, sessionId: id, agent, owner: principal.id, workspaceDir: dir });
    this.persisted++;
    const session = new LiveSession(id, mode, agent, principal.id, dir, ++this.generation, [], 0);
    session.attach(attachment);
    this.live.set(id, session);
    return { session_id: id, agent, mode, workspace_dir: dir, agent_alias: agent, message_count: 0 };
  }

  /** The live session to prompt: live already, or a closed one rehydrated (with recovery). */
  forPrompt(id: string, principal: Principal, attachment: Attachment): LiveSession {
    const live = this.live.get(id);
    if (live) {
      if (!owns(principal, live.owner)) throw rpcErrors.sessionNotOwned({ session_id: id });
      return live;
    }
    const row = this.durable(id);
    if (!row) throw rpcErrors.sessionNotFound({ session_id: id });
    return this.rehydrate(row, principal, attachment);
  }

  /**
   * zerocode's reattach (SPEC §13, zeroclaw dialect): session/new naming an existing session the
   * caller owns resumes it, attached to the caller — live as it is, closed rehydrated. Undefined when no
   * session has this id (session/new then creates it).
   */
  reattach(id: string, principal: Principal, attachment: Attachment): SessionNewResult | undefined {
    let session = this.live.get(id);
    if (session) {
      if (!owns(principal, session.owner)) throw rpcErrors.sessionNotOwned({ session_id: id });
      session.attach(attachment);
    } else {
      const row = this.durable(id);
      if (!row) return undefined;
      session = this.rehydrate(row, principal, attachment);
    }
    const { agent, mode, workspaceDir } = session;
    const message_count = this.store.lastSeq(mode, id);
    return { session_id: id, agent, mode, workspace_dir: workspaceDir, agent_alias: agent, message_count };
  }

  /** A closed session made live again (with recovery), attached to the caller. */
  private rehydrate(row: SessionRow, principal: Principal, attachment: Attachment): LiveSession {
    const id = row.sessionId;
    if (!owns(principal, row.owner)) throw rpcErrors.sessionNotOwned({ session_id: id });
    if (row.state === "killed") throw rpcErrors.sessionKilled({ session_id: id });
    this.makeRoom();
    const surface = row.surface as Surface;
    const { context, turnCount } = this.store.resume(surface, id);
    const session = new LiveSession(
      id,
      surface,
      row.agent,
      row.owner,
      row.workspaceDir,
      ++this.generation,
      context,
      turnCount,
    );
    session.attach(attachment);
    this.live.set(id, session);
    this.log.info({ session: id }, "rehydrated a session");
    return session;
  }

  /** A live session the caller may act on (cancel, approve). */
  ownedLive(id: string, principal: Principal): LiveSession {
    const live = this.live.get(id);
    if (!live) throw rpcErrors.sessionNotFound({ session_id: id });
    if (!owns(principal, live.owner)) throw rpcErrors.sessionNotOwned({ session_id: id });
    return live;
  }

  /** The live session `id` if the caller may act on it; undefined otherwise (zeroclaw's approve asks no more). */
  findOwnedLive(id: string, principal: Principal): LiveSession | undefined {
    const live = this.live.get(id);
    return live && owns(principal, live.owner) ? live : undefined;
  }

  async close(id: string, principal: Principal): Promise<void> {
    const live = this.live.get(id);
    if (live) {
      if (!owns(principal, live.owner)) throw rpcErrors.sessionNotOwned({ session_id: id });
      await live.cancel();
      this.retire(live);
      return;
    }
    const row = this.durable(id);
    if (!row) throw rpcErrors.sessionNotFound({ session_id: id });
    if (!owns(principal, row.owner)) throw rpcErrors.sessionNotOwned({ session_id: id });
    if (row.state === "killed") throw rpcErrors.sessionKilled({ session_id: id });
  }

  /** Cancel first, then the tombstone; a storage failure on an idle session keeps it live (-32603). */
  async kill(id: string, principal: Principal): Promise<void> {
    const live = this.live.get(id);
    const row = live ? undefined : this.durable(id);
    if (!live && !row) throw rpcErrors.sessionNotFound({ session_id: id });
    const owner = live?.owner ?? row!.owner;
    if (!owns(principal, owner)) throw rpcErrors.sessionNotOwned({ session_id: id });
    const surface = live?.mode ?? (row!.surface as Surface);
    await this.storageStep(live, "kill", () => this.store.setState(surface, id, "killed"));
  }

  /**
   * Targets ACP storage: a live ACP session, or (none live in ACP mode) its durable ACP rows. A live
   * chat-mode session with the same id, and its rows, are left alone.
   */
  async delete(id: string, principal: Principal): Promise<void> {
    const candidate = this.live.get(id);
    const live = candidate?.mode === "acp" ? candidate : undefined;
    const row = live ? undefined : this.store.get("acp", id);
    if (!live && !row) throw rpcErrors.sessionNotFound({ session_id: id });
    if (!owns(principal, live?.owner ?? row!.owner)) throw rpcErrors.sessionNotOwned({ session_id: id });
    const workspace = live?.workspaceDir ?? row!.workspaceDir;
    await this.storageStep(live, "delete", () => this.store.deleteSession("acp", id));
    this.persisted--;
    // A workspace the daemon made for the session goes with it (a re-created session with the same id
    // must not inherit its files); a cwd the client chose is the client's and stays.
    if (this.workspaces.isManaged(workspace)) rmSync(workspace, { recursive: true, force: true });
  }

  list(principal: Principal): SessionInfo[] {
    return this.store
      .list()
      .filter((r) => owns(principal, r.owner))
      .map((r) => {
        const live = this.live.get(r.sessionId);
        const isLive = live !== undefined && live.mode === r.surface;
        const state = isLive ? (live.turn ? "active" : "idle") : r.state === "killed" ? "killed" : "closed";
        return {
          session_id: r.sessionId,
          agent: r.agent,
          mode: r.surface as Surface,
          state,
          created_at: r.createdAt,
          updated_at: r.lastActivity,
          message_count: r.messageCount,
          title: r.firstPrompt === null ? null : titleOf(r.firstPrompt),
        };
      });
  }

  /** The stored row of a live or closed session the caller may read (-32000 / -32003 otherwise). */
  readable(id: string, principal: Principal): SessionRow {
    const live = this.live.get(id);
    const row = live ? this.store.get(live.mode, id) : this.durable(id);
    if (!row) throw rpcErrors.sessionNotFound({ session_id: id });
    if (!owns(principal, row.owner)) throw rpcErrors.sessionNotOwned({ session_id: id });
    return row;
  }

  messages(
    id: string,
    principal: Principal,
    afterSeq: number,
    limit: number,
  ): { messages: TranscriptMessage[]; total: number } {
    const row = this.readable(id, principal);
    const rows = this.store.transcript(row.surface, id, afterSeq, limit);
    return {
      messages: rows.map((r) => ({
        seq: r.seq,
        role: r.role as TranscriptMessage["role"],
        kind: r.kind as TranscriptMessage["kind"],
        content: r.content,
        turn_id: r.turnId,
        created_at: r.createdAt,
      })),
      // The last seq is the row count (rows are never removed one by one): no COUNT(*) per page.
      total: this.store.lastSeq(row.surface, id),
    };
  }

  /** Every live session's turn is cancelled (daemon shutdown); durable rows stay resumable. */
  async shutdown(): Promise<void> {
    for (const s of this.live.values()) {
      await s.cancel();
      s.flushTurnEnds(this.store, this.log);
      try {
        this.store.setState(s.mode, s.id, "closed");
      } catch (err) {
        this.log.error({ err, session: s.id }, "could not mark a session closed at shutdown");
      }
    }
    this.live.clear();
  }

  /**
   * kill/delete: signal cancellation, then try the storage step. If it fails on a session that was
   * idle, the live session stays exactly as it was and the caller gets -32603; if a running turn was
   * already cancelled, that live generation is gone either way (its durable rows stay usable).
   */
  private async storageStep(live: LiveSession | undefined, what: string, step: () => void): Promise<void> {
    const wasActive = live ? await live.cancel() : false;
    try {
      step();
    } catch (err) {
      this.log.error({ err, session: live?.id, what }, "session storage step failed");
      if (live && wasActive) this.live.delete(live.id);
      throw rpcErrors.internalError(`session ${what} failed: storage unavailable`);
    }
    if (live) this.live.delete(live.id);
  }

  private durable(id: string): SessionRow | undefined {
    return this.store.get("acp", id) ?? this.store.get("chat", id);
  }

  /**
   * Before a new live session (SPEC §12): at sessions.max_live, the least recently used idle-detached
   * session (no turn, its connection gone) is closed as session/close would (history kept, resumable);
   * -32001 only when none qualifies.
   */
  /** A live session with no turn running leaves memory as session/close does: history kept, resumable. */
  private retire(live: LiveSession): void {
    live.flushTurnEnds(this.store, this.log);
    this.store.setState(live.mode, live.id, "closed");
    this.live.delete(live.id);
  }

  private makeRoom(): void {
    const limit = this.config().effective.sessions.max_live;
    while (this.live.size >= limit) {
      let oldest: LiveSession | undefined;
      for (const s of this.live.values()) {
        if (s.idleDetached && (oldest === undefined || s.lastUsed < oldest.lastUsed)) oldest = s;
      }
      if (!oldest) throw rpcErrors.sessionLimit({ limit });
      this.retire(oldest);
      this.log.info({ session: oldest.id }, "reclaimed an idle detached session");
    }
  }
}

/** A session's title: its first prompt's first non-blank line, at most 200 characters (SessionInfo.title). */
export function titleOf(prompt: string): string {
  const line = prompt.split("\n").find((l) => l.trim() !== "") ?? "";
  const flat = line.replace(/\s+/g, " ").trim();
  const chars = Array.from(flat);
  return chars.length > 200 ? `${chars.slice(0, 199).join("")}…` : flat;
}
