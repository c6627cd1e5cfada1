// What the codegen tests need from each language: build a generated package, and run a program in
// it that makes calls through the generated client. One file per language (typescript.ts, python.ts,
// go.ts, rust.ts), each owned by that language's target; index.ts lists them. The corpus test
// (test/codegen-corpus.test.ts) and the round-trip property test use every harness that is there.
import type { ExampleValue, Model } from "../../../codegen/model/types.js";

export type Run = { code: number | null; stdout: string; stderr: string };

export interface Call {
  /** The method's wire name. */
  method: string;
  /** The params to send, in the method's param order (an example pairing's). */
  params: ExampleValue[];
  /** When set, the call must fail with this declared error (its logical name, a key of model.errors). */
  expectError?: string;
  /**
   * The JSON text the result will be. A language that can write a value of the result's type as a
   * literal does so in the program, so its compiler checks the generated type admits the value.
   */
  resultLiteral?: string;
}

export interface LanguageHarness {
  /** The `--lang` value. */
  lang: string;
  /** Why packages in this language cannot be built here (a toolchain missing), or undefined. */
  missing(): string | undefined;
  /** Builds the package at `dir` (the target's files already written there) with every check on. */
  build(dir: string): Promise<Run>;
  /**
   * Writes a program into the built package at `dir` that connects to `url` with the generated
   * client, makes `calls` in order and prints one JSON line per call: `{"result": <the decoded
   * result, re-encoded>}`, or `{"error": "<error name>", "code": <code>}` for a declared error
   * caught as its generated type. Runs it and returns what it printed.
   */
  calls(dir: string, model: Model, url: string, calls: Call[]): Promise<Run>;
}
