import { parse as parseToml } from "smol-toml";
import { declaredCaptures, RUN_CAPTURE, referencedCaptures, withPlaceholders } from "../judge/captures.js";
import { JSON_NUMBER } from "../judge/id-text.js";
import { type Dialect, isDialect } from "../wire/connection.js";
import type { JsonValue } from "../wire/json.js";

/**
 * Parser for `.io` fixture files: the Ethereum execution-apis shape (a file
 * per case, `>>` client lines, `<<` daemon lines) extended with connection,
 * timing and byte-level commands. The grammar is documented in
 * conformance/README.md; this file is its only implementation.
 */

export type SendCommand = ">>" | ">>raw" | ">>hex" | ">>repeat";

export type FixtureStep =
  | { kind: "conn"; name: string; line: number }
  /** `@ws NAME`: a WebSocket to the daemon's gateway (status.gateway_url). */
  | { kind: "ws"; name: string; line: number }
  | { kind: "use"; name: string; line: number }
  | { kind: "close"; line: number }
  | { kind: "init"; line: number }
  /** For `>>`, `payload` is the line plus `\n`; the line may hold `${NAME}` references. */
  | { kind: "send"; command: SendCommand; payload: Uint8Array; repeat: number; line: number }
  /** `template`: the line's text when it references captures; `message` is then only a syntax check. */
  | { kind: "expect"; message: JsonValue; template?: string; line: number }
  | { kind: "expect-unordered"; messages: JsonValue[]; templates?: (string | undefined)[]; line: number }
  /** `<<id-text TEXT JSON`: like `<<`, and the top-level id is written exactly as TEXT (id-text.ts). */
  | { kind: "expect-id-text"; idText: string; message: JsonValue; line: number }
  /** `@upgrade [ORIGIN]`: one WebSocket upgrade attempt; `<<http` judges its status (upgrade.ts). */
  | { kind: "upgrade"; origin?: string; line: number }
  | { kind: "http"; method: string; path: string; line: number }
  /** `<<http STATUS [JSON]`: the last `@http` response; its body matched like a result when given. */
  | { kind: "expect-http"; status: number; body?: JsonValue; line: number }
  | { kind: "expect-close"; line: number }
  | { kind: "expect-drain-close"; ms: number; line: number }
  | { kind: "expect-silence"; ms: number; line: number }
  | { kind: "sleep"; ms: number; line: number }
  | { kind: "pause"; line: number }
  | { kind: "resume"; line: number };

export interface Fixture {
  /** The first `//` line: shown when the case fails. */
  title: string;
  descriptions: string[];
  /** The line number of each description, in the same order. */
  descriptionLines: number[];
  /** `#!` lines, in order: the case's config.toml. */
  configLines: string[];
  /** Needs its own freshly started daemon (any `#!` line, or `@spawn-only`). */
  spawnOnly: boolean;
  /** `@dialects A B`: the dialects the case has a meaning in (SPEC §13); `["seed"]` when absent. */
  dialects: Dialect[];
  /** `@n/a REASON`: why the case means nothing in the dialects it leaves out. */
  notApplicable?: string;
  steps: FixtureStep[];
}

export class FixtureSyntaxError extends Error {
  constructor(
    readonly line: number,
    message: string,
  ) {
    super(`line ${line}: ${message}`);
  }
}

export const IMPLICIT_CONNECTION = "main";

/**
 * The `//` line that explains the step at `line`: the last description before it, other than the
 * title (which states the whole case's rule). Failure messages name it.
 */
export function stepNote(fixture: Fixture, line: number): string | undefined {
  let note: string | undefined;
  for (const [index, at] of fixture.descriptionLines.entries()) {
    if (index > 0 && at < line) note = fixture.descriptions[index];
  }
  return note;
}

/**
 * `dialect`: the run's (SPEC §13). A line that starts with `[seed] ` or `[zeroclaw] ` belongs to
 * that dialect only: read without its tag in it, skipped in the other.
 */
export function parseFixture(text: string, dialect: Dialect = "seed"): Fixture {
  const fixture: Fixture = {
    title: "",
    descriptions: [],
    descriptionLines: [],
    configLines: [],
    spawnOnly: false,
    dialects: ["seed"],
    steps: [],
  };
  const connections = new Set<string>();
  // `${run}` is always there: a token unique to the run, for ids the case creates (SPEC §16).
  const captures = new Set<string>([RUN_CAPTURE]);
  let httpSent = false;
  let unordered:
    | { count: number; messages: JsonValue[]; templates: (string | undefined)[]; line: number }
    | undefined;

  const lines = text.split("\n");
  for (const [index, rawLine] of lines.entries()) {
    const lineNumber = index + 1;
    const untagged = rawLine.endsWith("\r") ? rawLine.slice(0, -1) : rawLine;
    const tag = DIALECT_TAG.exec(untagged);
    if (tag && !isDialect(tag[1] as string))
      throw new FixtureSyntaxError(lineNumber, `unknown dialect tag [${tag[1]}] (seed or zeroclaw)`);
    if (tag && tag[1] !== dialect) continue;
    const line = tag ? untagged.slice(tag[0].length) : untagged;
    if (line.trim() === "") continue;
    if (line.startsWith("@dialects")) {
      fixture.dialects = parseDialects(line.slice("@dialects".length), lineNumber);
      continue;
    }
    if (line.startsWith("@n/a ")) {
      fixture.notApplicable = line.slice("@n/a ".length).trim();
      continue;
    }
    if (line.startsWith("//")) {
      fixture.descriptions.push(line.slice(2).trim());
      fixture.descriptionLines.push(lineNumber);
      continue;
    }
    if (line.startsWith("#!")) {
      fixture.configLines.push(line.slice(2).trim());
      fixture.spawnOnly = true;
      continue;
    }
    const step = parseCommand(line, lineNumber);
    if (step === "spawn-only") {
      fixture.spawnOnly = true;
      continue;
    }
    checkCaptures(step, captures, lineNumber);
    if (unordered) {
      if (step.kind !== "expect") {
        throw new FixtureSyntaxError(
          lineNumber,
          `<<unordered ${unordered.count} needs ${unordered.count} "<<" lines`,
        );
      }
      unordered.messages.push(step.message);
      unordered.templates.push(step.template);
      if (unordered.messages.length === unordered.count) {
        const templated = unordered.templates.some((template) => template !== undefined);
        fixture.steps.push({
          kind: "expect-unordered",
          messages: unordered.messages,
          ...(templated ? { templates: unordered.templates } : {}),
          line: unordered.line,
        });
        unordered = undefined;
      }
      continue;
    }
    if (fixture.steps.length === 0 && step.kind !== "conn" && step.kind !== "ws") {
      fixture.steps.push({ kind: "conn", name: IMPLICIT_CONNECTION, line: lineNumber });
      connections.add(IMPLICIT_CONNECTION);
    }
    if (step.kind === "expect-unordered") {
      unordered = { count: step.messages.length, messages: [], templates: [], line: lineNumber };
      continue;
    }
    if (step.kind === "conn" || step.kind === "ws") {
      if (connections.has(step.name))
        throw new FixtureSyntaxError(lineNumber, `connection ${step.name} already exists`);
      connections.add(step.name);
    }
    if (step.kind === "use" && !connections.has(step.name)) {
      throw new FixtureSyntaxError(lineNumber, `@use ${step.name}: no such connection`);
    }
    if (step.kind === "http" || step.kind === "upgrade") httpSent = true;
    if (step.kind === "expect-http" && !httpSent) {
      throw new FixtureSyntaxError(lineNumber, "<<http needs an @http line before it (or an @upgrade)");
    }
    fixture.steps.push(step);
  }
  if (unordered) {
    throw new FixtureSyntaxError(
      unordered.line,
      `<<unordered ${unordered.count}: file ends before its "<<" lines`,
    );
  }
  fixture.title = fixture.descriptions[0] ?? "";
  if (fixture.steps.length === 0) throw new FixtureSyntaxError(1, "no commands");
  checkConfig(fixture.configLines);
  return fixture;
}

const DIALECT_TAG = /^\[([\w-]+)\] /;

function parseDialects(text: string, lineNumber: number): Dialect[] {
  const names = text.trim().split(/\s+/).filter(Boolean);
  if (names.length === 0) throw new FixtureSyntaxError(lineNumber, "@dialects needs at least one dialect");
  for (const name of names)
    if (!isDialect(name))
      throw new FixtureSyntaxError(lineNumber, `@dialects: unknown dialect ${JSON.stringify(name)}`);
  return names as Dialect[];
}

/**
 * `<<unordered N` comes back as an `expect-unordered` step holding N
 * placeholders; parseFixture then collects the real `<<` lines into it.
 */
function parseCommand(line: string, lineNumber: number): FixtureStep | "spawn-only" {
  const spaceAt = line.indexOf(" ");
  const word = spaceAt === -1 ? line : line.slice(0, spaceAt);
  const rest = spaceAt === -1 ? "" : line.slice(spaceAt + 1);
  const fail = (message: string): never => {
    throw new FixtureSyntaxError(lineNumber, message);
  };
  const noArgument = <T>(step: T): T => (rest.trim() === "" ? step : fail(`${word} takes no argument`));

  switch (word) {
    case "@spawn-only":
      return noArgument("spawn-only");
    case "@conn":
    case "@ws":
    case "@use": {
      const name = rest.trim();
      if (!/^[\w-]+$/.test(name)) fail(`${word} needs a connection name (letters, digits, _ or -)`);
      const kind = word === "@conn" ? "conn" : word === "@ws" ? "ws" : "use";
      return { kind, name, line: lineNumber };
    }
    case "@http": {
      const match = /^([A-Z]+) (\/\S*)$/.exec(rest.trim());
      if (!match) return fail("@http needs a method and an absolute path, e.g. @http GET /health");
      return { kind: "http", method: match[1] as string, path: match[2] as string, line: lineNumber };
    }
    case "@upgrade": {
      const origin = rest.trim();
      return origin === ""
        ? { kind: "upgrade", line: lineNumber }
        : { kind: "upgrade", origin, line: lineNumber };
    }
    case "<<id-text": {
      const [idText = "", ...json] = rest.split(" ");
      if (!JSON_NUMBER.test(idText)) fail("<<id-text needs a JSON number as written, then the expected JSON");
      if (referencedCaptures(rest).length > 0) fail("<<id-text does not take capture references");
      return {
        kind: "expect-id-text",
        idText,
        message: parseJson(json.join(" "), lineNumber),
        line: lineNumber,
      };
    }
    case "<<http": {
      const match = /^(\d{3})(?:\s+(.*))?$/.exec(rest.trim());
      if (!match) return fail("<<http needs a status code, optionally followed by the expected JSON body");
      const status = Number(match[1]);
      const body = match[2];
      return body === undefined
        ? { kind: "expect-http", status, line: lineNumber }
        : { kind: "expect-http", status, body: parseJson(body, lineNumber), line: lineNumber };
    }
    case "@close":
      return noArgument({ kind: "close", line: lineNumber });
    case "@init":
      return noArgument({ kind: "init", line: lineNumber });
    case "@pause":
      return noArgument({ kind: "pause", line: lineNumber });
    case "@resume":
      return noArgument({ kind: "resume", line: lineNumber });
    case "@sleep":
      return { kind: "sleep", ms: parseCount(rest, word, lineNumber), line: lineNumber };
    case ">>":
      // Verbatim, invalid JSON included: envelope cases send broken frames on purpose.
      return { kind: "send", command: word, payload: utf8(`${rest}\n`), repeat: 1, line: lineNumber };
    case ">>raw":
      return {
        kind: "send",
        command: word,
        payload: utf8(parseStringLiteral(rest, lineNumber)),
        repeat: 1,
        line: lineNumber,
      };
    case ">>hex":
      return {
        kind: "send",
        command: word,
        payload: parseHex(rest, lineNumber),
        repeat: 1,
        line: lineNumber,
      };
    case ">>repeat": {
      const [count = "", ...literal] = rest.split(" ");
      const payload = utf8(parseStringLiteral(literal.join(" "), lineNumber));
      if (payload.length === 0) fail(">>repeat needs a non-empty string");
      return {
        kind: "send",
        command: word,
        payload,
        repeat: parseCount(count, word, lineNumber),
        line: lineNumber,
      };
    }
    case "<<": {
      if (referencedCaptures(rest).length === 0) {
        return { kind: "expect", message: parseJson(rest, lineNumber), line: lineNumber };
      }
      // Parsed again once the references are filled in; this only checks the line's syntax.
      const message = parseJson(withPlaceholders(rest), lineNumber);
      return { kind: "expect", message, template: rest, line: lineNumber };
    }
    case "<<unordered": {
      const count = parseCount(rest, word, lineNumber);
      if (count < 2) fail("<<unordered needs a count of at least 2");
      return { kind: "expect-unordered", messages: new Array<JsonValue>(count).fill(null), line: lineNumber };
    }
    case "<<close":
      return noArgument({ kind: "expect-close", line: lineNumber });
    case "<<drain-close":
      return { kind: "expect-drain-close", ms: parseCount(rest, word, lineNumber), line: lineNumber };
    case "<<silence":
      return { kind: "expect-silence", ms: parseCount(rest, word, lineNumber), line: lineNumber };
    default:
      return fail(`unknown command ${JSON.stringify(word)}`);
  }
}

/** `${NAME}` must name a capture an earlier `<<` line declared; `<<` lines declare theirs. */
function checkCaptures(step: FixtureStep, declared: Set<string>, lineNumber: number): void {
  const referenced =
    step.kind === "send" && step.command === ">>"
      ? referencedCaptures(new TextDecoder().decode(step.payload))
      : step.kind === "expect" && step.template !== undefined
        ? referencedCaptures(step.template)
        : [];
  for (const name of referenced) {
    if (!declared.has(name)) {
      throw new FixtureSyntaxError(lineNumber, `\${${name}}: no earlier "<<" line has "<capture:${name}>"`);
    }
  }
  if (step.kind !== "expect") return;
  try {
    for (const name of declaredCaptures(step.message)) declared.add(name);
  } catch (error) {
    throw new FixtureSyntaxError(lineNumber, (error as Error).message);
  }
}

function parseCount(text: string, word: string, lineNumber: number): number {
  const trimmed = text.trim();
  if (!/^\d+$/.test(trimmed) || Number(trimmed) <= 0) {
    throw new FixtureSyntaxError(
      lineNumber,
      `${word} needs a positive integer, got ${JSON.stringify(trimmed)}`,
    );
  }
  return Number(trimmed);
}

function parseJson(text: string, lineNumber: number): JsonValue {
  try {
    return JSON.parse(text) as JsonValue;
  } catch (error) {
    throw new FixtureSyntaxError(lineNumber, `"<<" needs one JSON value: ${(error as Error).message}`);
  }
}

function parseStringLiteral(text: string, lineNumber: number): string {
  const value = parseJson(text.trim(), lineNumber);
  if (typeof value !== "string") throw new FixtureSyntaxError(lineNumber, "expected a JSON string literal");
  return value;
}

/** `>>hex e2 82` sends bytes that a JSON string cannot carry, e.g. half of a UTF-8 sequence. */
function parseHex(text: string, lineNumber: number): Uint8Array {
  const digits = text.replaceAll(/\s+/g, "");
  if (digits === "" || !/^(?:[0-9a-fA-F]{2})+$/.test(digits)) {
    throw new FixtureSyntaxError(lineNumber, ">>hex needs pairs of hex digits");
  }
  return Uint8Array.from(Buffer.from(digits, "hex"));
}

function checkConfig(configLines: string[]): void {
  try {
    parseToml(configLines.join("\n"));
  } catch (error) {
    throw new FixtureSyntaxError(0, `"#!" lines are not valid TOML: ${(error as Error).message}`);
  }
}

function utf8(text: string): Uint8Array {
  return new TextEncoder().encode(text);
}
