import type { ExpectOptions } from "../judge/expectations.js";
import type { OpenRpcContract } from "../judge/openrpc-contract.js";
import type { DaemonLauncher } from "../runner/spawn.js";
import type { Dialect } from "../wire/connection.js";
import type { Transcript } from "../wire/transcript.js";

/** What a case needs from the runner; decides whether it can run under --socket. */
export type CaseNeeds =
  /** Any running daemon, whatever its settings: the shared spawned one, or --socket. */
  | { kind: "running-daemon" }
  /**
   * A daemon started with these config.toml lines (spawn only). `shared`: the case leaves that
   * daemon usable, so consecutive cases with the same lines may share one (generated cases).
   */
  | { kind: "fresh-daemon"; configLines: readonly string[]; shared?: boolean }
  /** Starts, signals, restarts and inspects daemons itself (SPEC §1 checks, durability; spawn only). */
  | { kind: "daemon-launcher" };

export interface CaseContext {
  /** The daemon to talk to; empty for daemon-launcher cases, which start their own. */
  socketPath: string;
  /** How long to wait for each expected event. */
  timeoutMs: number;
  transcript: Transcript;
  /** undefined when openrpc.json could not be loaded; checks against it are then skipped. */
  contract: OpenRpcContract | undefined;
  /** Present for daemon-launcher cases. */
  launcher: DaemonLauncher | undefined;
  /** A token unique to this run, for ids the case creates (`${run}` in fixtures). */
  runId?: string;
  /** The dialect the run speaks (--dialect, SPEC §13): how every connection initializes and is judged. */
  dialect?: Dialect;
}

export interface ConformanceCase {
  name: string;
  /** One of the areas of SPEC §16 (areas.ts); a fixture's is its directory. */
  area: string;
  /**
   * The daemon methods (declared in openrpc.json) the case calls. When the
   * implementation's `initialize.capabilities` lacks one, the case is not
   * implemented rather than failed (unless its area is required).
   */
  methods: readonly string[];
  /**
   * The rule the case checks, in one line, ending with where it is written: `(SPEC §N)` or
   * `(openrpc.json <pointer>)`. Printed under every failure.
   */
  title: string;
  needs: CaseNeeds;
  /**
   * The dialects the case has a meaning in (SPEC §13); `["seed"]` when absent. In any other the
   * case is reported `n/a` with `notApplicable` (or its area's reason, runner/dialects.ts).
   */
  dialects?: readonly Dialect[];
  /** Why the case has no meaning in the dialects it leaves out. */
  notApplicable?: string;
  /**
   * Passing changes the daemon's settings or credentials for good (an accepted config/set, a
   * pairing token): under --socket such a case is skipped unless --allow-writes.
   */
  changesSettings?: boolean;
  run(context: CaseContext): Promise<void>;
}

/** How a case's waits judge what arrives: its timeout, openrpc.json, and the run's dialect. */
export function expectOptionsOf(context: CaseContext): ExpectOptions {
  return { timeoutMs: context.timeoutMs, contract: context.contract, dialect: context.dialect ?? "seed" };
}

/**
 * The daemon did something the contract forbids (as opposed to a bug in the suite). `step` names
 * the part of the rule that broke, when the case checks several (a fixture's `//` line).
 */
export class CaseFailure extends Error {
  constructor(
    message: string,
    readonly step?: string,
  ) {
    super(message);
  }
}

/** The implementation does not offer what the case tests (e.g. no gateway): reported, not failed. */
export class NotImplemented extends Error {}

/** The case cannot run here, through no fault of the daemon (no uid on this platform, say): skipped. */
export class CaseSkipped extends Error {}
