import { CaseFailure } from "../cases/case.js";
import type { Connection } from "../wire/connection.js";
import { clip, type JsonValue, preview } from "../wire/json.js";
import { assertContract, type ExpectOptions, judgedIn } from "./expectations.js";
import { describeMismatch, matchMessage } from "./matcher.js";

/**
 * `<<id-text TEXT JSON` (SPEC §3): ids are echoed as the exact number text the
 * client wrote. The matcher compares numbers numerically (through JSON.parse,
 * `12345678901234567890` and `12345678901234567000` are the same double), so
 * this check reads the message's raw text instead: its top-level "id" member
 * must be written exactly as TEXT, and the message must match JSON like `<<`.
 */

/** A JSON number as RFC 8259 spells it: what TEXT must be. */
export const JSON_NUMBER = /^-?(?:0|[1-9]\d*)(?:\.\d+)?(?:[eE][+-]?\d+)?$/;

/** Strings (escapes included), structural characters, and bare literals (numbers, true, false, null). */
const TOKEN = /\s*("(?:[^"\\]|\\.)*"|[{}[\]:,]|[^\s{}[\]:,"]+)/y;

/**
 * The text of the value of `text`'s top-level "id" member as written (the
 * last one, as JSON.parse keeps the last of duplicate keys); undefined when
 * there is none or it is an object or array. `text` is valid JSON.
 */
export function topLevelIdText(text: string): string | undefined {
  let depth = 0;
  let state: "key" | "colon" | "value" | "other" = "other";
  let key = "";
  let found: string | undefined;
  TOKEN.lastIndex = 0;
  for (let match = TOKEN.exec(text); match; match = TOKEN.exec(text)) {
    const token = match[1] as string;
    if (depth === 1 && state === "key" && token.startsWith('"')) {
      key = JSON.parse(token) as string;
      state = "colon";
      continue;
    }
    if (depth === 1 && state === "colon" && token === ":") {
      state = "value";
      continue;
    }
    if (depth === 1 && state === "value") {
      if (key === "id") found = token === "{" || token === "[" ? undefined : token;
      state = "other";
    }
    if (token === "{" || token === "[") {
      depth += 1;
      if (depth === 1 && token === "{") state = "key";
    } else if (token === "}" || token === "]") {
      depth -= 1;
    } else if (token === "," && depth === 1) {
      state = "key";
    }
  }
  return found;
}

/** The next message must match `expected` and carry its top-level id written exactly as `idText`. */
export async function expectIdText(
  connection: Connection,
  idText: string,
  expected: JsonValue,
  options: ExpectOptions,
): Promise<void> {
  const event = await connection.next(options.timeoutMs);
  if (event?.kind !== "message") {
    const got =
      event === undefined
        ? `nothing arrived within ${options.timeoutMs} ms`
        : event.kind === "closed"
          ? `end of stream (${event.detail})`
          : `a bad line (${event.reason}): ${clip(event.text, 200)}`;
    throw new CaseFailure(`${connection.name}: ${got} while expecting a message with id ${idText}`);
  }
  const wanted = judgedIn(expected, options.dialect);
  const mismatch = matchMessage(wanted, event.value);
  if (mismatch) {
    throw new CaseFailure(
      `${connection.name}: ${describeMismatch(mismatch)} (expected ${preview(wanted, 160)}, got ${clip(event.text, 200)})`,
    );
  }
  const written = topLevelIdText(event.text);
  if (written !== idText) {
    throw new CaseFailure(
      `${connection.name}: id written as ${written ?? "(no scalar top-level id)"}, expected exactly ${idText}: ${clip(event.text, 200)}`,
    );
  }
  assertContract(connection, event.value, options);
}
