// The generic Dispatcher<Ctx> (src/jsonrpc/dispatcher.ts) with a context of the test's own making and
// an injected authorization step: the order of checks (known → initialized → authorize → params →
// handler), the handshake, an authorization step that signs the connection out, a signal per call
// aborted on close. No daemon: the dispatcher knows nothing of principals or services.
import { describe, expect, it } from "vitest";
import { RpcError, rpcErrors } from "../generated/errors.js";
import { type Handlers, Method, type MethodInfo } from "../generated/methods.js";
import { Dispatcher } from "../src/jsonrpc/dispatcher.js";
import { silentLogger } from "../src/log.js";

type Ctx = { readonly tag: string; readonly signal: AbortSignal };

function setUp(authorize: (info: MethodInfo, signOut: () => void) => void = () => {}) {
  let signedIn = false;
  const seen: string[] = [];
  const signals: AbortSignal[] = [];
  let closedWith: string | undefined;
  let initializedCount = 0;
  const handlers = {
    [Method.initialize]: () => {
      signedIn = true;
      return { hello: true };
    },
    [Method.status]: (_p: unknown, ctx: Ctx) => {
      seen.push(`status as ${ctx.tag}`);
      signals.push(ctx.signal);
      return new Promise(() => {});
    },
    [Method.sessionList]: (_p: unknown, ctx: Ctx) => {
      seen.push(`list as ${ctx.tag}`);
      return { sessions: [] };
    },
  } as unknown as Handlers<Ctx>;
  const dispatcher = new Dispatcher<Ctx>({
    handlers,
    context: (scope) => ({
      tag: "mine",
      get signal() {
        return scope.signal;
      },
    }),
    authenticated: () => signedIn,
    authorize: (info) => {
      seen.push(`authorize ${info.name}`);
      authorize(info, () => {
        signedIn = false;
      });
    },
    log: silentLogger(),
    initialized: () => initializedCount++,
    closed: (reason) => {
      closedWith = reason;
    },
  });
  const call = (method: string, params?: unknown) => dispatcher.request({ method, params, id: 1 });
  const refusal = (method: string, params?: unknown): RpcError => {
    try {
      call(method, params);
    } catch (err) {
      if (err instanceof RpcError) return err;
      throw err;
    }
    throw new Error(`${method} was not refused`);
  };
  return {
    dispatcher,
    call,
    refusal,
    seen,
    signals,
    closed: () => closedWith,
    initialized: () => initializedCount,
  };
}

describe("Dispatcher<Ctx>", () => {
  it("refuses an unknown method, then any method before the handshake, without authorizing", () => {
    const d = setUp();
    expect(d.refusal("no/such").data).toMatchObject({ reason: "method_not_found" });
    expect(d.refusal(Method.sessionList).data).toMatchObject({ reason: "not_initialized" });
    expect(d.seen).toEqual([]);
    expect(d.dispatcher.serializes(Method.initialize)).toBe(true);
    expect(d.dispatcher.serializes(Method.sessionList)).toBe(false);
  });

  it("runs the handshake once, then authorizes every call before its params and handler", () => {
    const d = setUp();
    expect(d.call(Method.initialize, { protocolVersion: 1 })).toEqual({ hello: true });
    expect(d.initialized()).toBe(1);
    expect(d.dispatcher.initialized).toBe(true);
    expect(d.refusal(Method.initialize, { protocolVersion: 1 }).data).toMatchObject({
      reason: "already_initialized",
    });
    expect(d.call(Method.sessionList)).toEqual({ sessions: [] });
    expect(d.refusal(Method.sessionList, { nope: 1 }).data).toMatchObject({ reason: "invalid_params" });
    expect(d.seen).toEqual([
      "authorize session/list",
      "list as mine",
      "authorize session/list", // authorized before its params were found wrong
    ]);
  });

  it("an authorization step's refusal is the answer; one that signs out un-initializes the connection", () => {
    const d = setUp((info, signOut) => {
      if (info.name === Method.status) {
        signOut();
        throw rpcErrors.invalidToken();
      }
      throw rpcErrors.notGranted({ grant: "sessions:read", method: info.name });
    });
    d.call(Method.initialize, { protocolVersion: 1 });
    expect(d.refusal(Method.sessionList).data).toMatchObject({ reason: "not_granted" });
    expect(d.dispatcher.initialized).toBe(true);
    expect(d.refusal(Method.status).data).toMatchObject({ reason: "invalid_token" });
    expect(d.dispatcher.initialized).toBe(false);
    expect(d.refusal(Method.sessionList).data).toMatchObject({ reason: "not_initialized" });
    // Signed out, the connection may initialize again.
    expect(d.call(Method.initialize, { protocolVersion: 1 })).toEqual({ hello: true });
    expect(d.initialized()).toBe(2);
  });

  it("gives each call its own signal, aborted when the connection closes", () => {
    const d = setUp();
    d.call(Method.initialize, { protocolVersion: 1 });
    d.call(Method.status);
    d.call(Method.status);
    expect(d.signals).toHaveLength(2);
    expect(d.signals[0]).not.toBe(d.signals[1]);
    expect(d.signals.some((s) => s.aborted)).toBe(false);
    d.dispatcher.closed("peer closed");
    expect(d.signals.every((s) => s.aborted)).toBe(true);
    expect(d.closed()).toBe("peer closed");
    expect(d.dispatcher.initialized).toBe(false);
  });
});
