import type { ConformanceCase } from "../cases/case.js";
import { DIALECTS, type Dialect, isDialect } from "../wire/connection.js";

/**
 * The dialects a run can speak (`--dialect`, SPEC §13): `seed`, the design note's, and `zeroclaw`,
 * what zeroclaw's own daemon and zerocode speak (zeroclaw's code wins where §13 and it disagree).
 * In the zeroclaw dialect every connection initializes with `protocol_version`, errors are judged
 * by their code alone (zeroclaw's carry no `data`), and results by the `x-dialects.zeroclaw`
 * schemas of openrpc.json.
 */
export function parseDialect(text: string): Dialect {
  if (!isDialect(text))
    throw new Error(`--dialect needs one of ${DIALECTS.join(", ")}, got ${JSON.stringify(text)}`);
  return text;
}

export function dialectsOf(testCase: ConformanceCase): readonly Dialect[] {
  return testCase.dialects ?? ["seed"];
}

/**
 * Why a case written for the seed dialect only means nothing in zeroclaw's, by area, when the case
 * does not say itself: what zeroclaw's daemon does not have (its dispatch.rs and local.rs).
 */
const ZEROCLAW_AREA_REASONS: Record<string, string> = {
  principals:
    "zeroclaw's daemon has no principals, grants or pairing tokens: every client of its socket may call every method (SPEC §13; dispatch.rs)",
  pairing:
    "zeroclaw's socket server has no pairing/* or dashboard/login (SPEC §13; dispatch.rs method table)",
  gateway:
    "zeroclaw's WebSocket transport (wss.rs) is not part of its socket server and is not built here (SPEC §13)",
  config:
    "zeroclaw's config/* methods take and return zeroclaw's own config shapes, not the seed's config/set-many and masked props (SPEC §8, §13)",
  files:
    "zeroclaw has no chunked upload (file/upload/*) and its file/attach takes zeroclaw's own shape (SPEC §13; attachments.rs)",
};

export function notApplicableReason(testCase: ConformanceCase, dialect: Dialect): string {
  if (testCase.notApplicable !== undefined) return testCase.notApplicable;
  if (dialect === "zeroclaw") {
    const reason = ZEROCLAW_AREA_REASONS[testCase.area];
    if (reason !== undefined) return reason;
    return "judged in the seed dialect's shapes only; no zeroclaw-dialect version of this case";
  }
  return "written for the zeroclaw dialect only (SPEC §13)";
}
