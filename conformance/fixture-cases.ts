import { readdir, readFile } from "node:fs/promises";
import { join, sep } from "node:path";
import { setTimeout as sleep } from "node:timers/promises";
import { type CaseContext, CaseFailure, type ConformanceCase } from "./case.js";
import {
  type ExpectOptions,
  expectClose,
  expectDrainClose,
  expectMessage,
  expectSilence,
  expectUnordered,
  initialize,
} from "./expectations.js";
import { type Fixture, type FixtureStep, parseFixture } from "./fixture-parser.js";
import { WireConnection } from "./wire-client.js";

/** Every `.io` file below `fixturesDir`, as a case named by its relative path without `.io`. */
export async function loadFixtureCases(fixturesDir: string): Promise<ConformanceCase[]> {
  const files = (await readdir(fixturesDir, { recursive: true }))
    .filter((file) => file.endsWith(".io"))
    .sort();
  return Promise.all(
    files.map(async (file) => {
      const name = file.split(sep).join("/").slice(0, -".io".length);
      return fixtureCase(name, await readFile(join(fixturesDir, file), "utf8"));
    }),
  );
}

export function fixtureCase(name: string, text: string): ConformanceCase {
  let fixture: Fixture;
  try {
    fixture = parseFixture(text);
  } catch (error) {
    const problem = (error as Error).message;
    return {
      name,
      title: "fixture file does not parse",
      needs: { kind: "running-daemon" },
      run: () => Promise.reject(new CaseFailure(`fixture syntax error, ${problem}`)),
    };
  }
  return {
    name,
    title: fixture.title,
    needs: fixture.spawnOnly
      ? { kind: "fresh-daemon", configLines: fixture.configLines }
      : { kind: "running-daemon" },
    run: (context) => new FixtureRun(fixture, context).run(),
  };
}

class FixtureRun {
  private readonly connections = new Map<string, WireConnection>();
  private current: WireConnection | undefined;
  private initCount = 0;
  private readonly options: ExpectOptions;

  constructor(
    private readonly fixture: Fixture,
    private readonly context: CaseContext,
  ) {
    this.options = { timeoutMs: context.timeoutMs, contract: context.contract };
  }

  async run(): Promise<void> {
    try {
      for (const step of this.fixture.steps) {
        try {
          await this.perform(step);
        } catch (error) {
          throw new CaseFailure(`line ${step.line}: ${(error as Error).message}`);
        }
      }
    } finally {
      for (const connection of this.connections.values()) connection.destroy();
    }
  }

  private async perform(step: FixtureStep): Promise<void> {
    const { timeoutMs } = this.context;
    switch (step.kind) {
      case "conn": {
        const connection = await WireConnection.open(
          this.context.socketPath,
          step.name,
          this.context.transcript,
          timeoutMs,
        );
        this.connections.set(step.name, connection);
        this.current = connection;
        return;
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
        return this.connection().send(step.payload, step.repeat, timeoutMs);
      case "expect":
        await expectMessage(this.connection(), step.message, this.options);
        return;
      case "expect-unordered":
        return expectUnordered(this.connection(), step.messages, this.options);
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
    }
  }

  private connection(): WireConnection {
    // The parser opens "main" before any other command, so this only guards against parser bugs.
    if (!this.current) throw new Error("no current connection");
    return this.current;
  }
}
