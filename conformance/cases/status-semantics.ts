import { setTimeout as sleep } from "node:timers/promises";
import { call, type ExpectOptions, initialize } from "../judge/expectations.js";
import { isJsonObject, type JsonObject, preview } from "../wire/json.js";
import { WireConnection } from "../wire/wire-client.js";
import { type CaseContext, CaseFailure, type ConformanceCase, expectOptionsOf } from "./case.js";

/**
 * What `status` reports, checked for meaning rather than shape (SPEC §5; openrpc.json
 * StatusResult): uptime in milliseconds, connection and session counts that follow what the case
 * does. They run on any daemon (under --socket too); counts are compared as differences, so other
 * sessions and connections the daemon has do not matter as long as nobody else changes them meanwhile.
 */

/** Long enough that seconds and milliseconds cannot be confused. */
const UPTIME_GAP_MS = 1_200;
/** Rounding and the time one status call takes. */
const UPTIME_SLACK_MS = 100;

export function statusCases(): ConformanceCase[] {
  return [
    {
      name: "handshake/status-uptime-in-milliseconds",
      area: "handshake",
      methods: ["status"],
      title:
        "status.uptime_ms counts milliseconds: between two calls it grows by the wall-clock time that passed (SPEC §5; openrpc.json StatusResult.uptime_ms)",
      needs: { kind: "running-daemon" },
      run: (context) => withStatus(context, uptimeInMilliseconds),
    },
    {
      name: "handshake/status-counts-connections",
      area: "handshake",
      methods: ["status"],
      title:
        "status.connections.local counts the open local connections: two more while they are open, back down once they close (SPEC §2, §5)",
      needs: { kind: "running-daemon" },
      run: (context) => withStatus(context, (probe) => connectionsCounted(probe, context)),
    },
    {
      name: "sessions/status-counts-sessions",
      area: "sessions",
      methods: ["status", "session/new", "session/close", "session/kill", "session/delete"],
      title:
        "status.sessions and session_ids follow the sessions: new adds a live and a persisted one, close and kill drop the live one, delete the persisted one (SPEC §5, §8; openrpc.json StatusResult.sessions)",
      needs: { kind: "running-daemon" },
      run: (context) => withStatus(context, (probe) => sessionsCounted(probe, context)),
    },
  ];
}

class StatusProbe {
  private calls = 0;

  constructor(
    readonly connection: WireConnection,
    readonly options: ExpectOptions,
  ) {}

  status(): Promise<JsonObject> {
    return this.call("status", {});
  }

  call(method: string, params: JsonObject): Promise<JsonObject> {
    this.calls += 1;
    return call(this.connection, `probe-${this.calls}`, method, params, this.options);
  }
}

async function withStatus(context: CaseContext, run: (probe: StatusProbe) => Promise<void>): Promise<void> {
  const options = expectOptionsOf(context);
  const connection = await WireConnection.open(
    context.socketPath,
    "main",
    context.transcript,
    context.timeoutMs,
  );
  try {
    await initialize(connection, "main-init", options);
    await run(new StatusProbe(connection, options));
  } finally {
    connection.destroy();
  }
}

async function uptimeInMilliseconds(probe: StatusProbe): Promise<void> {
  const sentFirst = performance.now();
  const first = await probe.status();
  const gotFirst = performance.now();
  await sleep(UPTIME_GAP_MS);
  const sentSecond = performance.now();
  const second = await probe.status();
  const gotSecond = performance.now();
  const grew = numberAt(second, "uptime_ms") - numberAt(first, "uptime_ms");
  const least = sentSecond - gotFirst - UPTIME_SLACK_MS;
  const most = gotSecond - sentFirst + UPTIME_SLACK_MS;
  if (grew < least || grew > most)
    throw new CaseFailure(
      `uptime_ms grew by ${grew} while ${Math.round(sentSecond - gotFirst)}–${Math.round(gotSecond - sentFirst)} ms passed between the two calls`,
    );
}

/** The local connection count once it has stopped moving (connections of an earlier case may still be closing). */
async function settledConnections(probe: StatusProbe, timeoutMs: number): Promise<number> {
  const deadline = Date.now() + timeoutMs;
  let last = localConnections(await probe.status());
  for (;;) {
    await sleep(50);
    const now = localConnections(await probe.status());
    if (now === last || Date.now() > deadline) return now;
    last = now;
  }
}

async function connectionsCounted(probe: StatusProbe, context: CaseContext): Promise<void> {
  const before = await settledConnections(probe, context.timeoutMs);
  const extra: WireConnection[] = [];
  try {
    for (const name of ["extra-1", "extra-2"]) {
      const connection = await WireConnection.open(
        context.socketPath,
        name,
        context.transcript,
        context.timeoutMs,
      );
      extra.push(connection);
      await initialize(connection, `${name}-init`, probe.options);
    }
    const during = localConnections(await probe.status());
    if (during !== before + 2)
      throw new CaseFailure(`connections.local is ${during} with two more connections open, was ${before}`);
  } finally {
    for (const connection of extra) connection.end();
  }
  // A close reaches the daemon asynchronously: wait for the count to come back down.
  const deadline = Date.now() + context.timeoutMs;
  for (
    let now = localConnections(await probe.status());
    now !== before;
    now = localConnections(await probe.status())
  ) {
    if (Date.now() > deadline)
      throw new CaseFailure(
        `connections.local is still ${now} ${context.timeoutMs} ms after two connections closed (was ${before})`,
      );
    await sleep(50);
  }
}

async function sessionsCounted(probe: StatusProbe, context: CaseContext): Promise<void> {
  const run = context.runId ?? "local";
  const [a, b] = [`conf-${run}-count-a`, `conf-${run}-count-b`];
  let last = await probe.status();
  /** Applies `step`, then the counts must have moved by `live` and `persisted`, and ids hold/lack what is listed. */
  const expectAfter = async (
    what: string,
    step: () => Promise<unknown>,
    live: number,
    persisted: number,
    listed: string[],
    unlisted: string[],
  ): Promise<void> => {
    await step();
    const now = await probe.status();
    const ids = Array.isArray(now.session_ids) ? now.session_ids : [];
    // Another live session may have been reclaimed meanwhile (sessions.max_live, SPEC §12): it
    // leaves session_ids, and the live count with it.
    const earlier = Array.isArray(last.session_ids) ? last.session_ids : [];
    const reclaimed = earlier.filter((id) => !ids.includes(id) && id !== a && id !== b).length;
    const moved = {
      live: numberAt(now, "sessions", "live") - numberAt(last, "sessions", "live"),
      persisted: numberAt(now, "sessions", "persisted") - numberAt(last, "sessions", "persisted"),
    };
    if (moved.live !== live - reclaimed || moved.persisted !== persisted)
      throw new CaseFailure(
        `after ${what}: sessions moved by ${preview(moved)}, expected {"live":${live - reclaimed},"persisted":${persisted}} (before ${preview(last.sessions)}, after ${preview(now.sessions)})`,
      );
    if (numberAt(now, "sessions", "live") !== ids.length)
      throw new CaseFailure(`sessions.live is ${preview(now.sessions)} but session_ids lists ${ids.length}`);
    for (const id of listed)
      if (!ids.includes(id)) throw new CaseFailure(`after ${what}: session_ids lacks the live session ${id}`);
    for (const id of unlisted)
      if (ids.includes(id))
        throw new CaseFailure(`after ${what}: session_ids still lists ${id}, which is not live`);
    last = now;
  };
  try {
    await expectAfter(
      "two session/new",
      async () => {
        await probe.call("session/new", { session_id: a });
        await probe.call("session/new", { session_id: b });
      },
      2,
      2,
      [a, b],
      [],
    );
    await expectAfter(
      "session/close of one",
      () => probe.call("session/close", { session_id: a }),
      -1,
      0,
      [b],
      [a],
    );
    await expectAfter(
      "session/delete of the closed one",
      () => probe.call("session/delete", { session_id: a }),
      0,
      -1,
      [b],
      [a],
    );
    await expectAfter(
      "session/kill of the live one",
      () => probe.call("session/kill", { session_id: b }),
      -1,
      0,
      [],
      [a, b],
    );
    await expectAfter(
      "session/delete of the killed one",
      () => probe.call("session/delete", { session_id: b }),
      0,
      -1,
      [],
      [a, b],
    );
  } finally {
    for (const id of [a, b]) await probe.call("session/delete", { session_id: id }).catch(() => undefined);
  }
}

function localConnections(status: JsonObject): number {
  return numberAt(status, "connections", "local");
}

function numberAt(status: JsonObject, ...path: string[]): number {
  let value: unknown = status;
  for (const key of path) value = isJsonObject(value) ? value[key] : undefined;
  if (typeof value !== "number")
    throw new CaseFailure(`status.${path.join(".")} is not a number: ${preview(value)}`);
  return value;
}
