import type { OpenRpcContract } from "../judge/openrpc-contract.js";
import type { DaemonLauncher } from "../runner/spawn.js";
import type { Transcript } from "../wire/transcript.js";

/** What a case needs from the runner; decides whether it can run under --socket. */
export type CaseNeeds =
  /** Any running daemon with default settings: the shared spawned one, or --socket. */
  | { kind: "running-daemon" }
  /** A daemon of its own, started with these config.toml lines (spawn only). */
  | { kind: "fresh-daemon"; configLines: readonly string[] }
  /** Starts, signals and inspects daemons itself (SPEC §1 checks; spawn only). */
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
  /** One line saying what the case shows; printed with a failure in --verbose mode. */
  title: string;
  needs: CaseNeeds;
  run(context: CaseContext): Promise<void>;
}

/** The daemon did something the contract forbids (as opposed to a bug in the suite). */
export class CaseFailure extends Error {}

/** The implementation does not offer what the case tests (e.g. no gateway): reported, not failed. */
export class NotImplemented extends Error {}
