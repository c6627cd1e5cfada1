import { mkdtempSync, rmSync } from "node:fs";
import { createServer, type Server } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { CaseContext } from "../conformance/cases/case.js";
import { fixtureCase } from "../conformance/cases/fixture-cases.js";
import { Transcript } from "../conformance/wire/transcript.js";

/** A toy line server: enough behaviour to see the fixture runner pass and fail for the right reasons. */
function startToyServer(socketPath: string): Promise<Server> {
  const server = createServer((socket) => {
    socket.on("error", () => {});
    let buffered = "";
    socket.on("data", (chunk) => {
      buffered += chunk.toString("utf8");
      for (let newline = buffered.indexOf("\n"); newline !== -1; newline = buffered.indexOf("\n")) {
        const line = buffered.slice(0, newline);
        buffered = buffered.slice(newline + 1);
        const { id, method } = JSON.parse(line) as { id?: unknown; method: string };
        if (method === "initialize")
          socket.write(`${JSON.stringify({ jsonrpc: "2.0", id, result: { protocolVersion: 1 } })}\n`);
        if (method === "status")
          socket.write(`${JSON.stringify({ jsonrpc: "2.0", id, result: { pid: 7, extra: true } })}\n`);
        if (method === "garbage") socket.write("this is not json\n");
        if (method === "bye") socket.end();
      }
    });
  });
  return new Promise((resolve) => server.listen(socketPath, () => resolve(server)));
}

describe("fixture runs against a toy server", () => {
  const directory = mkdtempSync(join(tmpdir(), "zc-fixture-run-"));
  const socketPath = join(directory, "toy.sock");
  let server: Server;

  beforeAll(async () => {
    server = await startToyServer(socketPath);
  });
  afterAll(() => {
    server.close();
    rmSync(directory, { recursive: true, force: true });
  });

  const run = (...lines: string[]): Promise<void> => {
    const context: CaseContext = {
      socketPath,
      timeoutMs: 300,
      transcript: new Transcript(),
      contract: undefined,
      launcher: undefined,
    };
    return fixtureCase("toy", `${lines.join("\n")}\n`).run(context);
  };

  it("passes when every expectation holds", async () => {
    await run(
      "@init",
      '>>raw "{\\"jsonrpc\\":\\"2.0\\",\\"id\\":1,\\"method\\":\\"status\\"}\\n{\\"jsonrpc\\":\\"2.0\\",\\"id\\":2,\\"method\\":\\"status\\"}\\n"',
      "<<unordered 2",
      '<< {"jsonrpc":"2.0","id":2,"result":{"pid":"<integer>"}}',
      '<< {"jsonrpc":"2.0","id":1,"result":{"pid":7}}',
      "<<silence 50",
      '>> {"jsonrpc":"2.0","id":3,"method":"bye"}',
      "<<close",
    );
  });

  it("fails with the line number of the unmet expectation", async () => {
    await expect(
      run(
        "@init",
        '>> {"jsonrpc":"2.0","id":1,"method":"status"}',
        '<< {"jsonrpc":"2.0","id":1,"result":{"pid":8}}',
      ),
    ).rejects.toThrow(/^fixtures\/toy\.io:3: main: at \/result\/pid: expected 8, got 7/);
  });

  it("fails when the server writes a line that is not JSON", async () => {
    await expect(run('>> {"jsonrpc":"2.0","id":1,"method":"garbage"}', "<< {}")).rejects.toThrow(
      /not valid JSON/,
    );
  });

  it("fails <<silence when a message arrives and <<close when the stream stays open", async () => {
    await expect(
      run("@init", '>> {"jsonrpc":"2.0","id":1,"method":"status"}', "<<silence 200"),
    ).rejects.toThrow(/expected 200 ms of silence, got message/);
    await expect(run("@init", "<<close")).rejects.toThrow(
      /nothing arrived within 300 ms while expecting end of stream/,
    );
  });

  it("reports a fixture syntax error as the case's failure", async () => {
    await expect(run("@init", "<< {broken")).rejects.toThrow(/fixture syntax error, line 2/);
  });
});
