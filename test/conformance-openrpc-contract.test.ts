import { describe, expect, it } from "vitest";
import { exampleCases, expectedResponse } from "../conformance/cases/openrpc-examples.js";
import { OpenRpcContract } from "../conformance/judge/openrpc-contract.js";
import type { JsonObject } from "../conformance/wire/json.js";

const document: JsonObject = {
  openrpc: "1.3.2",
  info: { title: "test", version: "0.0.0" },
  methods: [
    {
      name: "ping",
      params: [{ name: "n", schema: { type: "integer" } }],
      result: { name: "pong", schema: { $ref: "#/components/schemas/Pong" } },
      errors: [{ $ref: "#/components/errors/NOT_INITIALIZED" }],
      examples: [
        {
          name: "ping",
          params: [{ name: "n", value: 1 }],
          result: { name: "pong", value: { pong: true, at: 5 } },
          "x-match": ["/at"],
        },
        {
          name: "too early",
          params: [],
          "x-connection": "uninitialized",
          "x-error": { code: -32010, data: { reason: "not_initialized" } },
        },
        {
          name: "documentation only",
          "x-replay": false,
          params: [{ name: "n", value: 2 }],
          result: { name: "pong", value: { pong: true } },
        },
      ],
    },
    { name: "note", "x-implemented-by": ["client"], params: [], examples: [] },
  ],
  components: {
    schemas: {
      Pong: {
        type: "object",
        properties: { pong: { const: true }, at: { type: "integer" } },
        required: ["pong"],
      },
    },
    errors: {
      NOT_INITIALIZED: {
        code: -32010,
        message: "Not initialized",
        "x-data-schema": {
          type: "object",
          properties: { reason: { const: "not_initialized" } },
          required: ["reason"],
          additionalProperties: false,
        },
      },
    },
  },
};

describe("OpenRpcContract", () => {
  const contract = new OpenRpcContract(document);

  it("lists methods with their direction, kind and by-name example params", () => {
    const [ping, note] = contract.methods();
    expect(ping).toMatchObject({ name: "ping", servedByDaemon: true, isNotification: false });
    expect(note).toMatchObject({ name: "note", servedByDaemon: false, isNotification: true });
    expect(
      ping?.examples.map((example) => [example.name, example.params, example.uninitialized, example.replay]),
    ).toEqual([
      ["ping", { n: 1 }, false, true],
      ["too early", {}, true, true],
      ["documentation only", { n: 2 }, false, false],
    ]);
  });

  it('does not replay examples marked "x-replay": false', () => {
    expect(exampleCases(contract).map((testCase) => testCase.name)).toEqual([
      "openrpc/ping/ping",
      "openrpc/ping/too early",
    ]);
  });

  it("validates results against the method's schema, resolving component refs", () => {
    expect(contract.checkResult("ping", { pong: true, extra: 1 })).toBeUndefined();
    expect(contract.checkResult("ping", { pong: false })).toMatch(/result of ping does not match/);
    expect(contract.checkResult("unknown", 42)).toBeUndefined();
  });

  it("validates error data by code and refuses undeclared codes", () => {
    expect(contract.checkErrorData(-32010, { reason: "not_initialized" }, "ping")).toBeUndefined();
    expect(contract.checkErrorData(-32010, { reason: "not_initialized", x: 1 }, undefined)).toMatch(
      /must NOT have additional properties/,
    );
    expect(contract.checkErrorData(-32099, { reason: "x" }, "ping")).toMatch(/not declared/);
  });
});

describe("expectedResponse", () => {
  const [ping] = new OpenRpcContract(document).methods();
  const [success, failure] = ping?.examples ?? [];

  it("wraps an example result, x-match places reduced to presence checks", () => {
    expect(success && expectedResponse(success, 1)).toEqual({
      jsonrpc: "2.0",
      id: 1,
      result: { pong: true, at: "<any>" },
    });
  });

  it("turns x-error into an error with an uncompared message", () => {
    expect(failure && expectedResponse(failure, 1)).toEqual({
      jsonrpc: "2.0",
      id: 1,
      error: { code: -32010, data: { reason: "not_initialized" }, message: "<any>" },
    });
  });
});
