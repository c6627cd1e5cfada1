// node scripts/openrpc-restructure.mjs [openrpc.json]: rewrites an OpenRPC document into the
// generator-friendly shape of SPEC §15 (what codegen/lint-shape.ts checks), in place:
// - each method's params object becomes components.schemas.<Method>Params (x-params-schema a $ref),
//   synthesized from the content descriptors (which stay) unless the method already gives one;
// - each result becomes <Method>Result: an inline schema is moved there, a component referenced only
//   by this result is renamed, a shared one (FileEntry) gets an alias component;
// - a oneOf of inline object variants tagged by a const (session/update's) becomes named
//   <Union-without-Params><PascalTag> components; error data variants become <Reason>Data components;
// - rpc.discover's `methods` array gets its items.
// Idempotent: an already restructured document is written back unchanged. It exists so a branch that
// still edits the old shape can be merged: take that side's openrpc.json, run this, then
// `npx biome format --write openrpc.json && npm run generate`.
import { readFileSync, writeFileSync } from "node:fs";

const path = process.argv[2] ?? "openrpc.json";
const doc = JSON.parse(readFileSync(path, "utf8"));
const pascal = (s) =>
  s
    .split(/[^A-Za-z0-9]+/)
    .filter(Boolean)
    .map((w) => w[0].toUpperCase() + w.slice(1))
    .join("");
const REF = "#/components/schemas/";
const ref = (n) => ({ $ref: REF + n });
const bare = (s) =>
  s && Object.keys(s).length === 1 && typeof s.$ref === "string" && s.$ref.startsWith(REF)
    ? s.$ref.slice(REF.length)
    : undefined;

const schemas = doc.components.schemas;
const refCount = {};
JSON.stringify(doc, (k, v) => {
  if (k === "$ref") refCount[v] = (refCount[v] ?? 0) + 1;
  return v;
});
const renames = {};
const appended = {};
const add = (name, schema) => {
  if (name in schemas || name in appended) throw new Error(`${name} already exists`);
  appended[name] = schema;
};

for (const m of doc.methods) {
  const P = `${pascal(m.name)}Params`;
  const R = `${pascal(m.name)}Result`;
  const given = m["x-params-schema"];
  const givenRef = bare(given);
  if (givenRef === undefined) {
    let schema = given;
    if (!schema) {
      const properties = {};
      for (const p of m.params)
        properties[p.name] = p.description ? { description: p.description, ...p.schema } : p.schema;
      const required = m.params.filter((p) => p.required).map((p) => p.name);
      schema = {
        type: "object",
        properties,
        ...(required.length ? { required } : {}),
        additionalProperties: false,
      };
    }
    add(P, schema);
  } else if (givenRef !== P && refCount[REF + givenRef] === 1) renames[givenRef] = P;
  m["x-params-schema"] = ref(renames[givenRef] ?? (givenRef === undefined ? P : givenRef));
  if (m.result) {
    const target = bare(m.result.schema);
    if (target === R) continue;
    if (target && refCount[REF + target] === 1) renames[target] = R;
    else if (target) add(R, { description: `${m.name}'s result: a ${target}.`, ...ref(target) });
    else add(R, m.result.schema);
    m.result.schema = ref(R);
  }
}

// Rename in place (keeping key order), name inline tagged-union variants right after their union.
const out = {};
for (const [k, v] of Object.entries(schemas)) {
  const name = renames[k] ?? k;
  const inline = Array.isArray(v.oneOf) && v.oneOf.some((x) => x.type === "object" && !bare(x));
  if (!inline) {
    out[name] = v;
    continue;
  }
  const tag = Object.keys(v.oneOf[0].properties ?? {}).find((p) =>
    v.oneOf.every((x) => typeof x.properties?.[p]?.const === "string"),
  );
  if (tag === undefined) throw new Error(`${k}: oneOf variants share no const tag`);
  const base = name.replace(/Params$/, "");
  const variants = v.oneOf.map((x) => {
    if (bare(x)) return [bare(x), undefined];
    const { title: _title, ...rest } = x;
    return [`${base}${pascal(x.properties[tag].const)}`, rest];
  });
  out[name] = { ...v, oneOf: variants.map(([n]) => ref(n)) };
  for (const [n, s] of variants) if (s) out[n] = s;
}
Object.assign(out, appended);
for (const err of Object.values(doc.components.errors)) {
  err["x-data-schema"].oneOf = err["x-data-schema"].oneOf.map((v) => {
    if (bare(v)) return v;
    const n = `${pascal(v.properties.reason.const)}Data`;
    if (n in out) throw new Error(`${n} already exists`);
    out[n] = v;
    return ref(n);
  });
}
const discover = out[bare(doc.methods.find((m) => m.name === "rpc.discover")?.result?.schema) ?? ""];
const methods = discover?.properties?.methods;
if (methods && methods.type === "array" && methods.items === undefined)
  methods.items = { type: "object", properties: { name: { type: "string" } }, required: ["name"] };
doc.components.schemas = out;
const ext = doc["x-extensions"]?.find((e) => e.name === "x-params-schema");
if (ext)
  ext.description =
    "The named component (a $ref into components.schemas, <MethodPascal>Params) for the whole by-name params object; its properties must match the params content descriptors (or, for a tagged union such as session/update, each variant's properties must be among them).";

const text = JSON.stringify(doc, null, 2).replace(/"#\/components\/schemas\/([A-Za-z0-9]+)"/g, (all, n) =>
  renames[n] ? `"${REF}${renames[n]}"` : all,
);
writeFileSync(path, `${text}\n`);
console.error(
  `restructured ${path}: ${Object.keys(renames).length} renamed, ${Object.keys(appended).length} added`,
);
