import { readdir, readFile } from "node:fs/promises";
import { join, sep } from "node:path";
import { setTimeout as sleep } from "node:timers/promises";
import { collectCaptures, RUN_CAPTURE, substitute } from "../judge/captures.js";
import {
  type ExpectOptions,
  expectClose,
  expectDrainClose,
  expectMessage,
  expectSilence,
  expectUnordered,
  initialize,
} from "../judge/expectations.js";
import { expectIdText } from "../judge/id-text.js";
import { describeMismatch, matchValue } from "../judge/matcher.js";
import { fixtureArea, methodsIn, SETTINGS_WRITERS } from "../runner/areas.js";
import type { Connection, Dialect } from "../wire/connection.js";
import { discoverGatewayUrl, type HttpResponse, httpRequest } from "../wire/gateway.js";
import { type JsonValue, preview } from "../wire/json.js";
import { upgradeStatus } from "../wire/upgrade.js";
import { WireConnection } from "../wire/wire-client.js";
import { WsConnection } from "../wire/ws-client.js";
import {
  type CaseContext,
  CaseFailure,
  type ConformanceCase,
  expectOptionsOf,
  NotImplemented,
} from "./case.js";
import { type Fixture, type FixtureStep, parseFixture, stepNote } from "./fixture-parser.js";

/** Every `.io` file below `fixturesDir`, as a case named by its relative path without `.io`. */
export async function loadFixtureCases(
  fixturesDir: string,
  dialect: Dialect = "seed",
): Promise<ConformanceCase[]> {
  const files = (await readdir(fixturesDir, { recursive: true }))
    .filter((file) => file.endsWith(".io"))
    .sort();
  return Promise.all(
    files.map(async (file) => {
      const name = file.split(sep).join("/").slice(0, -".io".length);
      return fixtureCase(name, await readFile(join(fixturesDir, file), "utf8"), undefined, dialect);
    }),
  );
}

/**
 * `file` is how a failure names the fixture (`fixtures/config/get-one-prop.io:6: …`), so the line
 * number leads straight to the file.
 */
export function fixtureCase(
  name: string,
  text: string,
  file = `fixtures/${name}.io`,
  dialect: Dialect = "seed",
): ConformanceCase {
  let fixture: Fixture;
  try {
    fixture = parseFixture(text, dialect);
  } catch (error) {
    const problem = (error as Error).message;
    return {
      name,
      area: fixtureArea(name),
      methods: [],
      title: "fixture file does not parse",
      needs: { kind: "running-daemon" },
      run: () => Promise.reject(new CaseFailure(`${file}: fixture syntax error, ${problem}`)),
    };
  }
  const methods = fixtureMethods(fixture);
  return {
    name,
    area: fixtureArea(name),
    methods,
    title: fixture.title,
    dialects: fixture.dialects,
    ...(fixture.notApplicable === undefined ? {} : { notApplicable: fixture.notApplicable }),
    // Any writer counts, whatever answer the fixture expects: its lines cannot say what a wrong daemon would do.
    changesSettings: methods.some((method) => SETTINGS_WRITERS.has(method)),
    needs: fixture.spawnOnly
      ? { kind: "fresh-daemon", configLines: fixture.configLines }
      : { kind: "running-daemon" },
    run: (context) => new FixtureRun(fixture, context, file).run(),
  };
}

/** Every method name the fixture sends, in any send command (raw partial frames too), once each. */
function fixtureMethods(fixture: Fixture): string[] {
  const methods = new Set<string>();
  const decoder = new TextDecoder();
  for (const step of fixture.steps) {
    if (step.kind === "send")
      for (const method of methodsIn(decoder.decode(step.payload))) methods.add(method);
  }
  return [...methods];
}

class FixtureRun {
  private readonly connections = new Map<string, Connection>();
  private current: Connection | undefined;
  private initCount = 0;
  private readonly options: ExpectOptions;
  private readonly captures = new Map<string, JsonValue>();
  private gatewayUrl: URL | undefined;
  private lastHttp: { request: string; response: HttpResponse } | undefined;

  constructor(
    private readonly fixture: Fixture,
    private readonly context: CaseContext,
    private readonly file: string,
  ) {
    this.options = expectOptionsOf(context);
    this.captures.set(RUN_CAPTURE, context.runId ?? "local");
  }

  async run(): Promise<void> {
    try {
      for (const step of this.fixture.steps) {
        try {
          await this.perform(step);
        } catch (error) {
          if (error instanceof NotImplemented)
            throw new NotImplemented(`${this.file}:${step.line}: ${error.message}`);
          const note = stepNote(this.fixture, step.line);
          throw new CaseFailure(`${this.file}:${step.line}: ${(error as Error).message}`, note);
        }
      }
    } finally {
      for (const connection of this.connections.values()) connection.destroy();
    }
  }

  private async perform(step: FixtureStep): Promise<void> {
    const { timeoutMs } = this.context;
    switch (step.kind) {
      case "conn":
        return this.opened(
          step.name,
          await WireConnection.open(this.context.socketPath, step.name, this.context.transcript, timeoutMs),
        );
      case "ws": {
        const url = await this.gateway();
        return this.opened(
          step.name,
          await WsConnection.open(url.href, step.name, this.context.transcript, timeoutMs),
        );
      }
      case "use":
        this.current = this.connections.get(step.name);
        return;
      case "close":
        return this.connection().end();
      case "init":
        this.initCount += 1;
        await initialize(this.connection(), `conformance-init-${this.initCount}`, this.options);
        return;
      case "send":
        return this.send(step);
      case "expect": {
        const expected = this.expected(step.message, step.template);
        const actual = await expectMessage(this.connection(), expected, this.options);
        collectCaptures(expected, actual, this.captures);
        return;
      }
      case "expect-unordered": {
        const expected = step.messages.map((message, index) =>
          this.expected(message, step.templates?.[index]),
        );
        const matched = await expectUnordered(this.connection(), expected, this.options);
        for (const [index, message] of expected.entries()) {
          collectCaptures(message, matched[index] as JsonValue, this.captures);
        }
        return;
      }
      case "expect-id-text":
        return expectIdText(this.connection(), step.idText, step.message, this.options);
      case "upgrade": {
        const url = await this.gateway();
        const response = await upgradeStatus(url, step.origin, this.context.transcript, timeoutMs);
        this.lastHttp = {
          request: `upgrade${step.origin === undefined ? "" : ` Origin: ${step.origin}`}`,
          response,
        };
        return;
      }
      case "expect-close":
        return expectClose(this.connection(), timeoutMs);
      case "expect-drain-close":
        return expectDrainClose(this.connection(), step.ms);
      case "expect-silence":
        return expectSilence(this.connection(), step.ms);
      case "sleep":
        await sleep(step.ms);
        return;
      case "pause":
        return this.connection().pause();
      case "resume":
        return this.connection().resume();
      case "http": {
        const url = await this.gateway();
        const response = await httpRequest(url, step.method, step.path, this.context.transcript, timeoutMs);
        this.lastHttp = { request: `${step.method} ${step.path}`, response };
        return;
      }
      case "expect-http":
        return this.expectHttp(step.status, step.body);
    }
  }

  private opened(name: string, connection: Connection): void {
    this.connections.set(name, connection);
    this.current = connection;
  }

  private async send(step: Extract<FixtureStep, { kind: "send" }>): Promise<void> {
    const connection = this.connection();
    const { timeoutMs } = this.context;
    if (step.command === ">>") {
      const line = new TextDecoder().decode(step.payload).slice(0, -1);
      return connection.sendMessage(substitute(line, this.captures), timeoutMs);
    }
    if (step.command === ">>repeat") return connection.sendRepeated(step.payload, step.repeat, timeoutMs);
    // ">>raw" text may name captures too (a run-unique session id in two frames sent in one write);
    // its bytes came from a JSON string literal, so they decode as UTF-8 text and back unchanged.
    const payload =
      step.command === ">>raw"
        ? new TextEncoder().encode(substitute(new TextDecoder().decode(step.payload), this.captures))
        : step.payload;
    if (!(connection instanceof WireConnection)) {
      throw new Error(
        `${step.command} writes raw bytes, which ${connection.name} (a WebSocket) cannot carry: it sends whole text messages (">>", ">>repeat")`,
      );
    }
    return connection.send(payload, step.repeat, timeoutMs);
  }

  private expected(message: JsonValue, template: string | undefined): JsonValue {
    if (template === undefined) return message;
    const text = substitute(template, this.captures);
    try {
      return JSON.parse(text) as JsonValue;
    } catch (error) {
      throw new Error(
        `"<<" line is not JSON once captures are filled in (${(error as Error).message}): ${text}`,
      );
    }
  }

  private expectHttp(status: number, body: JsonValue | undefined): void {
    if (!this.lastHttp) throw new Error("<<http without an @http before it");
    const { request, response } = this.lastHttp;
    if (response.status !== status) {
      throw new CaseFailure(
        `${request}: expected HTTP ${status}, got ${response.status} ${preview(response.body, 200)}`,
      );
    }
    if (body === undefined) return;
    let actual: JsonValue;
    try {
      actual = JSON.parse(response.body) as JsonValue;
    } catch {
      throw new CaseFailure(`${request}: the body is not JSON: ${preview(response.body, 200)}`);
    }
    const mismatch = matchValue(body, actual, "at-least");
    if (mismatch) {
      throw new CaseFailure(
        `${request}: body ${describeMismatch(mismatch)} (expected ${preview(body, 160)}, got ${preview(actual, 200)})`,
      );
    }
  }

  /** The gateway's URL, asked once per case from status on a local connection of its own. */
  private async gateway(): Promise<URL> {
    this.gatewayUrl ??= await discoverGatewayUrl(
      this.context.socketPath,
      this.context.transcript,
      this.options,
    );
    return this.gatewayUrl;
  }

  private connection(): Connection {
    // The parser opens "main" before any other command, so this only guards against parser bugs.
    if (!this.current) throw new Error("no current connection");
    return this.current;
  }
}
