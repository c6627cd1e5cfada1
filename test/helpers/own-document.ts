// Our own openrpc.json as raw JSON, typed just enough for tests that change a copy of it (add a method,
// break an example) before handing it to codegen. Codegen itself reads documents through
// codegen/model/ only.
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { REPO_ROOT } from "./proc-daemon.js";

export type JsonSchema = { [key: string]: unknown };

export interface ContentDescriptor {
  name: string;
  description?: string;
  required?: boolean;
  schema: JsonSchema;
}

export interface ExamplePairing {
  name: string;
  description?: string;
  params: { name: string; value: unknown }[];
  result?: { name: string; value: unknown };
  "x-error"?: { code: number; data: unknown };
  "x-match"?: string[];
}

export interface MethodObject {
  name: string;
  summary?: string;
  description?: string;
  paramStructure?: "by-name" | "by-position" | "either";
  params: ContentDescriptor[];
  result?: ContentDescriptor;
  errors?: { $ref: string }[];
  examples?: ExamplePairing[];
  "x-grant"?: string;
  "x-local-only"?: boolean;
  "x-notification-allowed"?: boolean;
  "x-implemented-by"?: ("daemon" | "client")[];
  "x-params-schema"?: JsonSchema;
}

export interface OpenRpcDocument {
  openrpc: string;
  info: { title: string; version: string; description?: string };
  methods: MethodObject[];
  components: {
    schemas: Record<string, JsonSchema>;
    errors: Record<string, { code: number; message: string; "x-data-schema": { oneOf: JsonSchema[] } }>;
  };
}

export const loadOwnDocument = (path = join(REPO_ROOT, "openrpc.json")): OpenRpcDocument =>
  JSON.parse(readFileSync(path, "utf8")) as OpenRpcDocument;
