// SPEC §13: a params member whose value is null counts as absent, for every method (both dialects):
// the dispatcher drops top-level null members before the params schema and the handler see them. So
// for any params object, adding null members changes nothing — not the handler's params, not the error.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { RpcError } from "../generated/errors.js";
import { type Handlers, Method, methodTable } from "../generated/methods.js";
import { Dispatcher } from "../src/jsonrpc/dispatcher.js";
import { silentLogger } from "../src/log.js";

/** A dispatcher whose every handler answers with the params it was given. */
function echoDispatcher() {
  const echo = (params: unknown) => ({ params });
  const handlers = Object.fromEntries(
    Object.keys(methodTable).map((m) => [m, echo]),
  ) as unknown as Handlers<object>;
  return new Dispatcher<object>({
    handlers,
    context: () => ({}),
    authenticated: () => true,
    authorize: () => {},
    log: silentLogger(),
  });
}

/** The handler's params, or the error's code and data: what the client would see. */
function outcome(dispatcher: Dispatcher<object>, method: string, params: unknown): unknown {
  try {
    return dispatcher.request({ method, params, id: 1 });
  } catch (err) {
    if (err instanceof RpcError) return { code: err.code, data: err.data };
    throw err;
  }
}

const methods = Object.values(methodTable)
  .filter((m) => m.implementedBy === "daemon" && !m.notification && m.name !== Method.initialize)
  .map((m) => m.name);

describe("null params members count as absent", () => {
  it("for every method and any params, extra null members change neither the params a handler gets nor the error", () => {
    const dispatcher = echoDispatcher();
    const key = fc.constantFrom(
      "session_id",
      "cwd",
      "prop",
      "value",
      "limit",
      "after_seq",
      "agent",
      "tui_id",
      "x",
      "__proto__",
    );
    fc.assert(
      fc.property(
        fc.constantFrom(...methods),
        fc.dictionary(key, fc.jsonValue({ maxDepth: 2 })),
        fc.uniqueArray(key, { maxLength: 4 }),
        (method, given, nulls) => {
          const without = Object.fromEntries(Object.entries(given).filter(([, v]) => v !== null));
          const withNulls = {
            ...without,
            ...Object.fromEntries(nulls.filter((k) => !(k in without)).map((k) => [k, null])),
          };
          expect(outcome(dispatcher, method, structuredClone(withNulls))).toEqual(
            outcome(dispatcher, method, structuredClone(without)),
          );
        },
      ),
    );
  });

  it("zerocode's session/new reaches the handler without its nulls; a nested null is checked as it is", () => {
    const dispatcher = echoDispatcher();
    expect(
      outcome(dispatcher, Method.sessionNew, {
        agent_alias: "default",
        cwd: null,
        session_id: null,
        tui_id: null,
      }),
    ).toEqual({ params: { agent_alias: "default" } });
    expect(
      outcome(dispatcher, Method.configSetMany, { sets: [{ prop: "sessions.max_live", value: null }] }),
    ).toEqual({
      params: { sets: [{ prop: "sessions.max_live", value: null }] },
    });
    expect(outcome(dispatcher, Method.status, { verbose: null })).toEqual({ params: {} });
    expect(outcome(dispatcher, Method.status, { verbose: false })).toMatchObject({ code: -32602 });
  });
});
