// The one Ajv → {path, message} mapper (src/jsonrpc/param-errors.ts) gives, for every error shape,
// exactly what the two mappers it replaced gave: request params and config validation.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import type { ValidationError } from "../generated/methods.js";
import { CONFIG_MEMBERS, schemaProblems } from "../src/config/validate-config.js";
import { ajvProblems, paramErrors } from "../src/jsonrpc/param-errors.js";

// The former mappers, verbatim, as the oracle.
function formerParamErrors(errors: readonly ValidationError[]): { path: string; message: string }[] {
  return errors.map((e) => {
    const member = e.params.missingProperty ?? e.params.additionalProperty;
    return {
      path: typeof member === "string" ? `${e.instancePath}/${member}` : e.instancePath,
      message: e.message ?? e.keyword,
    };
  });
}
function formerConfigProblems(errors: readonly ValidationError[]): { path: string; message: string }[] {
  return errors.map((e) => {
    const extra = e.params.additionalProperty ?? e.params.propertyName;
    const path =
      typeof extra === "string" && e.keyword !== "required" ? `${e.instancePath}/${extra}` : e.instancePath;
    return { path, message: e.message ?? e.keyword };
  });
}

// Ajv's shapes: required names missingProperty, additionalProperties additionalProperty,
// propertyNames propertyName; anything else names no member.
const ajvError: fc.Arbitrary<ValidationError> = fc
  .record({
    instancePath: fc.constantFrom("", "/a", "/a/0", "/users/x"),
    keyword: fc.constantFrom("required", "additionalProperties", "propertyNames", "type", "minimum"),
    member: fc.string({ maxLength: 6 }),
    message: fc.option(fc.string({ maxLength: 10 }), { nil: undefined }),
  })
  .map(({ instancePath, keyword, member, message }) => {
    const params: Record<string, unknown> =
      keyword === "required"
        ? { missingProperty: member }
        : keyword === "additionalProperties"
          ? { additionalProperty: member }
          : keyword === "propertyNames"
            ? { propertyName: member }
            : { type: "string" };
    return { instancePath, keyword, params, message, schemaPath: "#" } as unknown as ValidationError;
  });

describe("the one Ajv mapper", () => {
  it("maps request-param errors as the former paramErrors did", () => {
    fc.assert(
      fc.property(fc.array(ajvError, { maxLength: 5 }), (errors) => {
        expect(paramErrors(errors)).toEqual(formerParamErrors(errors));
      }),
    );
  });

  it("maps config errors as the former schemaProblems mapper did (through the real validator)", () => {
    // A missing member points at its holder; an unexpected one at itself.
    const problems = schemaProblems({ rpc: { no_such_knob: 1 }, users: { u: {} } });
    expect(problems.length).toBeGreaterThan(0);
    for (const p of problems) expect(typeof p.path).toBe("string");
    expect(problems.some((p) => p.path.endsWith("/no_such_knob"))).toBe(true);
  });

  it("agrees with the former config mapper on every error shape", () => {
    fc.assert(
      fc.property(fc.array(ajvError, { maxLength: 5 }), (errors) => {
        expect(ajvProblems(errors, CONFIG_MEMBERS)).toEqual(formerConfigProblems(errors));
      }),
    );
  });
});
