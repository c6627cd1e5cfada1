// An OpenRPC `x-extensions` entry for the hostile-document tests: an extension `x-evil` on methods,
// whose values `schema` describes (codegen checks a document's extension values against it).
export const xEvilExtension = (schema: unknown) => ({
  name: "x-evil",
  version: "1.0.0",
  description: "d",
  summary: "s",
  restricted: ["methodObject"],
  openrpcExtension: "0.0.0-development",
  schema,
});
