// The page's state and every call it makes, apart from the view: one connection (rpc/connect.ts), the
// polled status and session list, the selected session's transcript page and subscription, live turns,
// approvals and questions. Components read a snapshot and re-render when `changed` fires.

import { ErrorCode } from "../../generated/errors.js";
import type {
  ApprovalDecision,
  ElicitationCreateParams,
  ElicitationCreateResult,
  SessionInfo,
  SessionUpdateParams,
  StatusResult,
  TranscriptMessage,
} from "../../generated/types.js";
import { type Approval, foldUpdate, type LiveTurn, openApprovals } from "./live.js";
import type { Discovered } from "./method-form.js";
import { type QuestionForm, questionForm } from "./question-form.js";
import { type Connection, type Credentials, openConnection } from "./rpc/connect.js";

export const TOKEN_KEY = "zeroclaw.dashboard.token";
export const PAGE_SIZE = 50;
/** How often status and the session list are re-read (nothing pushes them). */
const POLL_MS = 2000;

export type Question = {
  id: number;
  sessionId: string;
  message: string;
  form: QuestionForm;
  answer(result: ElicitationCreateResult): void;
};

export type Transcript = { sessionId: string; page: number; total: number; messages: TranscriptMessage[] };

export type State = {
  phase: "pairing" | "connecting" | "ready";
  error: string | undefined;
  conn: Connection | undefined;
  status: StatusResult | undefined;
  /** When `status` was read, to tick the uptime between polls. */
  statusAt: number;
  sessions: SessionInfo[];
  selected: string | undefined;
  transcript: Transcript | undefined;
  live: Record<string, LiveTurn>;
  approvals: Approval[];
  questions: Question[];
  config: Record<string, unknown> | undefined;
  /** undefined until probed; false without config:update. */
  configWritable: boolean | undefined;
  /** Sessions whose turn this page started and is waiting for. */
  prompting: string[];
  /** The Methods view: the methods this principal may call, read when the view is first opened. */
  methods: { doc: Discovered; allowed: string[] } | undefined;
};

/** What a method call from the Methods view gave: its result, or its JSON-RPC error. */
export type CallOutcome = { ok: true; result: unknown } | { ok: false; error: unknown };

const message = (err: unknown): string => (err instanceof Error ? err.message : String(err));

export class Store {
  state: State = {
    phase: "pairing",
    error: undefined,
    conn: undefined,
    status: undefined,
    statusAt: 0,
    sessions: [],
    selected: undefined,
    transcript: undefined,
    live: {},
    approvals: [],
    questions: [],
    config: undefined,
    configWritable: undefined,
    prompting: [],
    methods: undefined,
  };
  private listeners = new Set<() => void>();
  private timer: ReturnType<typeof setInterval> | undefined;
  private subscribed: string | undefined;
  /** Sessions whose subscribe answer is awaited: their updates are held until it is handled. */
  private readonly joining = new Map<string, SessionUpdateParams[]>();
  private questionIds = 0;
  /** Only the newest transcript read is shown (a turn's start and end both re-read it). */
  private pageReads = 0;
  /**
   * Sessions this page made and has not prompted yet: deleted when the page leaves them (another
   * session opened, sign-out, the tab closed), so "New session" and nothing else leaves no empty,
   * untitled session behind — as `zeroclaw chat` does when it quits before its first prompt.
   */
  private readonly unprompted = new Set<string>();

  subscribe(listener: () => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  private set(patch: Partial<State>): void {
    this.state = { ...this.state, ...patch };
    for (const l of this.listeners) l();
  }

  /** Pairs with a token (kept for this tab only, in sessionStorage) and loads everything. */
  async pair(token: string): Promise<void> {
    await this.connect({ auth_token: token }, "Pairing failed", (ok) => {
      if (ok) sessionStorage.setItem(TOKEN_KEY, token);
      else sessionStorage.removeItem(TOKEN_KEY);
    });
  }

  /** Signs in with a one-time code from `zeroclaw dashboard` (used up: nothing is kept). */
  async login(code: string): Promise<void> {
    // The daemon's refusal says what to do (run `zeroclaw dashboard` again).
    await this.connect({ login_code: code }, "The sign-in link did not work");
  }

  /** Opens the connection and loads everything; `signedIn` hears whether initialize accepted the credentials. */
  private async connect(
    credentials: Credentials,
    failure: string,
    signedIn: (ok: boolean) => void = () => {},
  ): Promise<void> {
    this.set({ phase: "connecting", error: undefined });
    let conn: Connection;
    try {
      conn = await openConnection(credentials, (p) => this.ask(p));
    } catch (err) {
      signedIn(false);
      this.set({ phase: "pairing", error: `${failure}: ${message(err)}` });
      return;
    }
    signedIn(true);
    conn.client.onSessionUpdate((u) => this.onUpdate(u));
    void conn.endpoint.closed.then((reason) => {
      if (this.state.conn !== conn) return;
      clearInterval(this.timer);
      this.set({ phase: "pairing", conn: undefined, error: `Disconnected: ${reason}` });
    });
    this.set({ phase: "ready", conn });
    await Promise.all([this.refresh(), this.loadConfig()]);
    this.timer = setInterval(() => void this.refresh(), POLL_MS);
  }

  /** Deletes the sessions this page made and left unprompted, but `keep` (see `unprompted`). */
  leaveUnprompted(keep?: string): void {
    const conn = this.state.conn;
    for (const id of [...this.unprompted]) {
      if (id === keep) continue;
      this.unprompted.delete(id);
      void conn?.client.sessionDelete({ session_id: id }).catch(() => {});
    }
  }

  signOut(): void {
    this.leaveUnprompted();
    sessionStorage.removeItem(TOKEN_KEY);
    clearInterval(this.timer);
    const conn = this.state.conn;
    this.set({
      phase: "pairing",
      conn: undefined,
      error: undefined,
      selected: undefined,
      transcript: undefined,
    });
    conn?.endpoint.close();
  }

  private get client() {
    const conn = this.state.conn;
    if (!conn) throw new Error("not connected");
    return conn.client;
  }

  /** Status and sessions; a failure shows as the page's error line and the next poll tries again. */
  async refresh(): Promise<void> {
    try {
      const [status, list] = await Promise.all([this.client.status(), this.client.sessionList()]);
      this.set({ status, statusAt: Date.now(), sessions: list.sessions, error: undefined });
    } catch (err) {
      this.set({ error: message(err) });
    }
  }

  async loadConfig(): Promise<void> {
    try {
      const got = await this.client.configGet({});
      this.set({ config: (got.value ?? {}) as Record<string, unknown> });
    } catch (err) {
      this.set({ config: undefined, error: `config: ${message(err)}` });
    }
    this.set({ configWritable: await this.probeConfigUpdate() });
  }

  /**
   * Whether this principal holds config:update, without changing anything: the grant is checked before
   * the params (SPEC §5 order of checks), so empty params get -32602 with it and -32012 without.
   */
  private async probeConfigUpdate(): Promise<boolean> {
    if (this.state.conn?.init.principal.admin) return true;
    try {
      await this.client.call("config/set", {} as never);
      return true;
    } catch (err) {
      return (err as { code?: number }).code !== ErrorCode.FORBIDDEN;
    }
  }

  /**
   * The Methods view's list: the document from rpc.discover (with system:read; without it, the names in
   * initialize.capabilities), and which of its methods this principal may call. That is probed without
   * running anything: every params schema is closed and the grant (and local-only rule) is checked
   * before the params (SPEC §5), so a call with an unknown member gets -32602 where it is allowed and
   * -32012 where it is not.
   */
  async loadMethods(): Promise<void> {
    const conn = this.state.conn;
    if (!conn) return;
    let doc: Discovered;
    try {
      doc = (await this.client.rpcDiscover({})) as unknown as Discovered;
    } catch {
      doc = { methods: conn.init.capabilities.map((name) => ({ name })) };
    }
    const probes = await Promise.all(
      doc.methods.map(async (m) => {
        try {
          await this.client.call(m.name as never, { zc_probe: true } as never);
          return m.name;
        } catch (err) {
          return (err as { code?: number }).code === ErrorCode.INVALID_PARAMS ? m.name : undefined;
        }
      }),
    );
    this.set({ methods: { doc, allowed: probes.filter((n): n is string => n !== undefined) } });
  }

  async callMethod(name: string, params: Record<string, unknown>): Promise<CallOutcome> {
    try {
      return { ok: true, result: await this.client.call(name as never, params as never) };
    } catch (err) {
      const e = err as { code?: number; message?: string; data?: unknown };
      return { ok: false, error: { code: e.code, message: e.message, data: e.data } };
    }
  }

  async setConfig(prop: string, value: unknown): Promise<string | undefined> {
    try {
      await this.client.configSet({ prop, value });
      await this.loadConfig();
      return undefined;
    } catch (err) {
      return message(err);
    }
  }

  async newSession(agent: string): Promise<void> {
    try {
      const s = await this.client.sessionNew({ agent });
      this.unprompted.add(s.session_id);
      await this.refresh();
      await this.select(s.session_id);
    } catch (err) {
      this.set({ error: `session/new: ${message(err)}` });
    }
  }

  /**
   * Opens a session: its newest transcript page, and its live stream via session/subscribe, whose
   * answer carries the turn running now (running_turn), so one joined midway shows from its start.
   */
  async select(sessionId: string): Promise<void> {
    this.leaveUnprompted(sessionId);
    this.set({ selected: sessionId, transcript: undefined });
    const conn = this.state.conn;
    if (conn?.canSubscribe && this.subscribed !== sessionId) {
      const previous = this.subscribed;
      this.subscribed = sessionId;
      if (previous) void conn.client.sessionUnsubscribe({ session_id: previous }).catch(() => {});
      // Updates that would arrive before the answer is handled wait for it, then follow the snapshot.
      const held: SessionUpdateParams[] = [];
      this.joining.set(sessionId, held);
      try {
        const { running_turn: turn } = await conn.client.sessionSubscribe({ session_id: sessionId });
        this.joined(sessionId, [...(turn?.updates ?? []), ...held], turn !== null);
      } catch (err) {
        this.subscribed = undefined;
        this.set({ error: `session/subscribe: ${message(err)}` });
      } finally {
        this.joining.delete(sessionId);
      }
    }
    await this.loadPage(sessionId, "last");
  }

  /**
   * The running turn's updates so far, folded as if they had streamed in while the page watched. No
   * running turn: whatever this page last saw of the session is over (it may have missed the end).
   */
  private joined(sessionId: string, updates: readonly SessionUpdateParams[], running: boolean): void {
    let live: LiveTurn | undefined = running ? { items: [], running: true } : undefined;
    let approvals = this.state.approvals.filter((a) => a.sessionId !== sessionId);
    for (const u of updates) {
      live = foldUpdate(live, u);
      approvals = openApprovals(approvals, u, Date.now());
    }
    const { [sessionId]: _stale, ...others } = this.state.live;
    this.set({ live: live ? { ...others, [sessionId]: live } : others, approvals });
  }

  /** Page n holds seq (n·PAGE_SIZE, (n+1)·PAGE_SIZE]: transcript rows are numbered from 1 (SPEC §8). */
  async loadPage(sessionId: string, page: number | "last"): Promise<void> {
    const read = ++this.pageReads;
    try {
      let n = page === "last" ? 0 : page;
      if (page === "last") {
        const { total } = await this.client.sessionMessages({ session_id: sessionId, limit: 1 });
        n = Math.max(0, Math.ceil(total / PAGE_SIZE) - 1);
      }
      const got = await this.client.sessionMessages({
        session_id: sessionId,
        after_seq: n * PAGE_SIZE,
        limit: PAGE_SIZE,
      });
      if (this.state.selected !== sessionId || read !== this.pageReads) return;
      this.set({ transcript: { sessionId, page: n, total: got.total, messages: got.messages } });
    } catch (err) {
      this.set({ error: `session/messages: ${message(err)}` });
    }
  }

  /** Runs a turn from the page; its updates stream in through onUpdate like anyone's. */
  async prompt(sessionId: string, text: string): Promise<void> {
    this.unprompted.delete(sessionId);
    this.set({ prompting: [...this.state.prompting, sessionId], error: undefined });
    try {
      await this.client.sessionPrompt({ session_id: sessionId, prompt: text });
    } catch (err) {
      this.set({ error: `session/prompt: ${message(err)}` });
    } finally {
      this.set({ prompting: this.state.prompting.filter((s) => s !== sessionId) });
    }
  }

  async cancel(sessionId: string): Promise<void> {
    try {
      await this.client.sessionCancel({ session_id: sessionId });
    } catch (err) {
      this.set({ error: `session/cancel: ${message(err)}` });
    }
  }

  async approve(approval: Approval, decision: ApprovalDecision): Promise<void> {
    this.set({ approvals: this.state.approvals.filter((a) => a.requestId !== approval.requestId) });
    try {
      await this.client.sessionApprove({
        session_id: approval.sessionId,
        request_id: approval.requestId,
        decision,
      });
    } catch (err) {
      this.set({ error: `session/approve: ${message(err)}` });
    }
  }

  /** elicitation/create (ask_user): a card on the page; the daemon gets whatever the person answers. */
  private ask(p: ElicitationCreateParams): Promise<ElicitationCreateResult> {
    return new Promise((resolve) => {
      const id = ++this.questionIds;
      const question: Question = {
        id,
        sessionId: p.sessionId,
        message: p.message,
        form: questionForm(p.requestedSchema),
        answer: (result) => {
          this.set({ questions: this.state.questions.filter((q) => q.id !== id) });
          resolve(result);
        },
      };
      this.set({ questions: [...this.state.questions, question] });
    });
  }

  private onUpdate(u: SessionUpdateParams): void {
    const sid = u.sessionId;
    if (sid === null) return; // a refused notification-form prompt: not ours to show
    if (u.type === "subscription_ended") {
      // SPEC §17: nothing more of this session comes. Fallen behind: subscribe again and re-read the
      // transcript; a right lost: say so.
      if (this.subscribed === sid) this.subscribed = undefined;
      this.set({ live: { ...this.state.live, [sid]: foldUpdate(this.state.live[sid], u) } });
      if (u.reason === "lagging" && this.state.selected === sid) void this.select(sid);
      else this.set({ error: `live updates of ${sid} stopped: ${u.reason}` });
      return;
    }
    const held = this.joining.get(sid);
    if (held) {
      held.push(u);
      return;
    }
    // A turn starting (anyone's): the transcript already holds its prompt, so show it above the stream.
    if (!this.state.live[sid]?.running && this.state.selected === sid) void this.loadPage(sid, "last");
    this.set({
      live: { ...this.state.live, [sid]: foldUpdate(this.state.live[sid], u) },
      approvals: openApprovals(this.state.approvals, u, Date.now()),
      questions: u.type === "turn_complete" ? this.dropQuestions(sid) : this.state.questions,
    });
    if (u.type === "turn_complete") {
      void this.refresh();
      if (this.state.selected === sid) void this.loadPage(sid, "last");
    }
  }

  /** A question whose turn ended is moot: answer it cancelled (the daemon ignores late answers). */
  private dropQuestions(sessionId: string): Question[] {
    const [done, open] = [[] as Question[], [] as Question[]];
    for (const q of this.state.questions) (q.sessionId === sessionId ? done : open).push(q);
    for (const q of done) queueMicrotask(() => q.answer({ action: "cancel" }));
    return open;
  }
}
