// What each target's README program calls (issue 27): a method's first example that documents a
// success, and its params as one JSON object by name, to be decoded into the generated params type.
import type { Example, Method } from "./types.js";

export const firstSuccess = (m: Method): Example | undefined => m.examples.find((e) => e.error === undefined);

/** The example's params as a JSON object by name; a param it gives no value is null. */
export const paramsJson = (example: Example): string =>
  JSON.stringify(Object.fromEntries(example.params.map((p) => [p.name, p.value ?? null])));
