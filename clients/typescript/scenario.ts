// The TypeScript client's run of clients/scenario.json (the harness: test/clients-scenario.test.ts).
//   ZEROCLAW_SOCKET=… node --import tsx clients/typescript/scenario.ts clients/scenario.json
// Every step uses the client's typed methods; prints `ok <step>` / `FAIL <step>: <why>`, exits 0 only
// if every step passed. Imports nothing but the package entry `zeroclaw-rpc/client`.
import { readFileSync } from "node:fs";
import {
  type ConfigEntry,
  connect,
  InvalidParamsError,
  type SessionUpdateParams,
  VersionMismatchError,
  type ZeroclawClient,
} from "zeroclaw-rpc/client";

type Scenario = {
  steps: string[];
  initialize_bad_version: {
    protocolVersion: number;
    expect_error: { code: number; requested: number; supported: number[] };
  };
  initialize: {
    protocolVersion: number;
    clientInfo: { name: string; version: string };
    expect_protocol_version: number;
  };
  status: { expect_connections_local_at_least: number };
  config_set_many: { sets: ConfigEntry[] };
  config_set_many_invalid: {
    sets: ConfigEntry[];
    expect_error: { code: number; reason: string; index: number; prop: string };
  };
  session_new: { agent: string; session_id_prefix: string; expect_mode: string };
  session_prompt: {
    prompt: string;
    ask_user: { question: string; choices: string[] };
    answer: { action: "accept" | "decline" | "cancel"; content: { choice: string } };
    expect_tool_output: { action: "accept"; content: { answer: string } };
    expect_outcome: string;
    expect_update_types_in_order: string[];
    expect_text: string;
  };
  upload: {
    filename: string;
    size_bytes: number;
    chunk_bytes: number;
    declare_sha256: boolean;
    expect_chunks: number;
  };
  session_messages: { expect_roles_in_order: string[]; expect_kinds_in_order: string[] };
};

class StepFailed extends Error {}
const check = (cond: boolean, why: string): void => {
  if (!cond) throw new StepFailed(why);
};
const same = (a: unknown, b: unknown): boolean => JSON.stringify(a) === JSON.stringify(b);
/** Consecutive repeats collapsed: three agent_message_chunk updates in a row count as one step. */
const runs = (xs: string[]): string[] => xs.filter((x, i) => i === 0 || xs[i - 1] !== x);

const scenario = JSON.parse(readFileSync(process.argv[2] ?? "clients/scenario.json", "utf8")) as Scenario;
const client: ZeroclawClient = await connect();
let sessionId = "";
const updates: SessionUpdateParams[] = [];
const questions: { message: string; choices: unknown }[] = [];
let turnComplete: () => void = () => {};

client.onSessionUpdate((u) => {
  if (u.sessionId !== sessionId) return;
  updates.push(u);
  if (u.type === "turn_complete") turnComplete();
});
client.onElicitation(({ message, requestedSchema }) => {
  // One choice is offered as zerocode's form: oneOf of {const: "choice-<i>", title: <choice>} (SPEC §13).
  const form = requestedSchema as { properties?: { choice?: { oneOf?: { title?: unknown }[] } } } | undefined;
  questions.push({ message, choices: form?.properties?.choice?.oneOf?.map((o) => o.title) });
  return scenario.session_prompt.answer;
});

const steps: Record<string, () => Promise<void>> = {
  async initialize_bad_version() {
    const s = scenario.initialize_bad_version;
    try {
      await client.initialize({ protocolVersion: s.protocolVersion });
    } catch (err) {
      check(err instanceof VersionMismatchError, `expected VersionMismatchError, got ${String(err)}`);
      const e = err as VersionMismatchError;
      check(e.code === s.expect_error.code, `code ${e.code}`);
      check(e.data.reason === "version_mismatch", `reason ${e.data.reason}`);
      check(e.data.requested === s.expect_error.requested, `requested ${e.data.requested}`);
      check(
        same(e.data.supported, s.expect_error.supported),
        `supported ${JSON.stringify(e.data.supported)}`,
      );
      return;
    }
    throw new StepFailed("initialize with a bad version succeeded");
  },
  async initialize() {
    const s = scenario.initialize;
    const r = await client.initialize({ protocolVersion: s.protocolVersion, clientInfo: s.clientInfo });
    check(r.protocolVersion === s.expect_protocol_version, `protocolVersion ${r.protocolVersion}`);
  },
  async status() {
    const r = await client.status();
    const least = scenario.status.expect_connections_local_at_least;
    check(r.connections.local >= least, `connections.local ${r.connections.local}`);
  },
  async config_set_many() {
    const [first, ...rest] = scenario.config_set_many.sets;
    await client.configSetMany({ sets: [first!, ...rest] });
  },
  async config_set_many_invalid() {
    const s = scenario.config_set_many_invalid;
    const [first, ...rest] = s.sets;
    try {
      await client.configSetMany({ sets: [first!, ...rest] });
    } catch (err) {
      check(err instanceof InvalidParamsError, `expected InvalidParamsError, got ${String(err)}`);
      const { data, code } = err as InvalidParamsError;
      check(code === s.expect_error.code, `code ${code}`);
      check(data.reason === "invalid_entry", `reason ${data.reason}`);
      if (data.reason !== "invalid_entry") return;
      check(data.index === s.expect_error.index, `index ${data.index}`);
      check(data.prop === s.expect_error.prop, `prop ${data.prop}`);
      return;
    }
    throw new StepFailed("an invalid config/set-many succeeded");
  },
  async session_new() {
    const s = scenario.session_new;
    const wanted = `${s.session_id_prefix}${process.pid}-${Date.now()}`;
    const r = await client.sessionNew({ agent: s.agent, session_id: wanted });
    check(r.session_id === wanted, `session_id ${r.session_id}`);
    check(r.mode === s.expect_mode, `mode ${r.mode}`);
    sessionId = r.session_id;
  },
  async session_prompt() {
    const s = scenario.session_prompt;
    const completed = new Promise<void>((resolve) => {
      turnComplete = resolve;
    });
    const r = await client.sessionPrompt({ session_id: sessionId, prompt: s.prompt });
    await completed;
    check(r.outcome === s.expect_outcome, `outcome ${r.outcome}`);
    check(
      same(questions, [{ message: s.ask_user.question, choices: s.ask_user.choices }]),
      `asked ${JSON.stringify(questions)}`,
    );
    const types = runs(updates.map((u) => u.type));
    check(same(types, s.expect_update_types_in_order), `update types ${JSON.stringify(types)}`);
    const text = updates.map((u) => (u.type === "agent_message_chunk" ? u.text : "")).join("");
    check(text === s.expect_text, `streamed text ${JSON.stringify(text)}`);
    check(r.content === s.expect_text, `result content ${JSON.stringify(r.content)}`);
  },
  async upload() {
    const s = scenario.upload;
    const data = new Uint8Array(s.size_bytes);
    for (let i = 0; i < data.length; i++) data[i] = i % 251;
    const r = await client.upload({
      session_id: sessionId,
      filename: s.filename,
      data,
      sha256: s.declare_sha256,
    });
    check(r.chunks === s.expect_chunks, `${r.chunks} chunks`);
    check(r.chunkBytes === s.chunk_bytes, `chunk_bytes ${r.chunkBytes}`);
    check(r.file.size_bytes === s.size_bytes, `size_bytes ${r.file.size_bytes}`);
    check(r.file.filename === s.filename, `filename ${r.file.filename}`);
  },
  async session_messages() {
    const s = scenario.session_messages;
    const r = await client.sessionMessages({ session_id: sessionId });
    const roles = r.messages.map((m) => m.role);
    const kinds = r.messages.map((m) => m.kind);
    check(same(roles, s.expect_roles_in_order), `roles ${JSON.stringify(roles)}`);
    check(same(kinds, s.expect_kinds_in_order), `kinds ${JSON.stringify(kinds)}`);
  },
};

let failed = 0;
for (const name of scenario.steps) {
  const run = steps[name];
  try {
    if (!run) throw new StepFailed("this program does not know the step");
    await run();
    console.log(`ok ${name}`);
  } catch (err) {
    failed += 1;
    console.log(`FAIL ${name}: ${err instanceof Error ? err.message : String(err)}`);
  }
}
client.close();
process.exitCode = failed === 0 ? 0 : 1;
