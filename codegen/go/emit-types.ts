// clients/go/zeroclaw/types_gen.go: structs with json tags, string enums with their constants, and tagged
// unions as an interface with an unexported marker method plus a Decode function switching on the tag.
import { alignedBlock, comment, goString } from "./gofmt.js";
import type { Decl, Field, GoModel, GoType } from "./model.js";

export function typeString(t: GoType): string {
  switch (t.kind) {
    case "builtin":
      return t.name;
    case "named":
      return t.name;
    case "slice":
      return `[]${typeString(t.elem)}`;
    case "map":
      return `map[string]${typeString(t.elem)}`;
  }
}

/**
 * Optional members are omitted when unset: strings (and string enums) by their zero value, numbers,
 * booleans and structs through a pointer, so that 0 and false can still be sent. A nullable member is a
 * pointer too (nil is null).
 */
function fieldType(model: GoModel, f: Field): { type: string; omitempty: boolean } {
  const base = typeString(f.type);
  const decl = model.declOf(f.type);
  const scalar = f.type.kind === "builtin" && f.type.name !== "any" && f.type.name !== "string";
  const struct = decl?.kind === "struct";
  const pointer = f.nullable || (!f.required && (scalar || struct));
  return { type: pointer ? `*${base}` : base, omitempty: !f.required };
}

/** The description if there is one, else where the declaration comes from. */
function declDoc(d: Decl, fallback: string): string[] {
  if (d.doc) return comment(`${d.name}: ${d.doc}`);
  const from = d.component ? `is components.schemas.${d.component} in openrpc.json.` : fallback;
  return comment(`${d.name} ${d.origin ?? (d.kind === "struct" && d.tag ? fallback : from)}`);
}

function emitStruct(model: GoModel, d: Extract<Decl, { kind: "struct" }>): string[] {
  const fields = d.fields.filter((f) => f.wire !== d.tag?.key);
  const lines = declDoc(
    d,
    d.tag ? `is the ${goString(d.tag.key)}: ${goString(d.tag.value)} variant.` : "is an object.",
  );
  if (fields.length === 0) {
    lines.push(`type ${d.name} struct{}`);
  } else {
    lines.push(`type ${d.name} struct {`);
    const items = fields.map((f) => {
      const { type, omitempty } = fieldType(model, f);
      return {
        comment: f.doc ? comment(f.doc, "\t") : [],
        cells: [f.name, type, `\`json:"${f.wire}${omitempty ? ",omitempty" : ""}"\``],
      };
    });
    lines.push(...alignedBlock(items), "}");
  }
  for (const u of d.unions) lines.push("", `func (*${d.name}) is${u}() {}`);
  if (d.tag) {
    lines.push(
      "",
      `// MarshalJSON writes the variant with its ${goString(d.tag.key)} member.`,
      `func (v ${d.name}) MarshalJSON() ([]byte, error) {`,
      `\ttype plain ${d.name}`,
      `\treturn marshalTagged(${goString(d.tag.key)}, ${goString(d.tag.value)}, plain(v))`,
      "}",
    );
  }
  return lines;
}

function emitEnum(d: Extract<Decl, { kind: "enum" }>): string[] {
  const lines = declDoc(d, "is one of the constants below.");
  lines.push(`type ${d.name} string`, "", `// ${d.name} values.`, "const (");
  lines.push(
    ...alignedBlock(
      d.values.map((v) => ({ comment: [], cells: [`${d.name}${v.name}`, d.name, `= ${goString(v.value)}`] })),
    ),
    ")",
  );
  return lines;
}

function emitUnion(d: Extract<Decl, { kind: "union" }>): string[] {
  const members = d.variants.map((v) => `*${v.type}`).join(", ");
  const lines = declDoc(d, `is tagged by its ${goString(d.tagKey)} member.`);
  lines.push(
    "//",
    ...comment(
      `Its values are ${members}, or *UnknownVariant for a ${d.tagKey} this client does not know; Decode${d.name} reads one from JSON.`,
    ),
    `type ${d.name} interface {`,
    `\tis${d.name}()`,
    "}",
    "",
    `func (*UnknownVariant) is${d.name}() {}`,
    "",
    `// Decode${d.name} decodes one ${d.name}, choosing the variant by its ${goString(d.tagKey)} member.`,
    `func Decode${d.name}(data []byte) (${d.name}, error) {`,
    `\ttag, err := peekTag(data, ${goString(d.tagKey)})`,
    "\tif err != nil {",
    "\t\treturn nil, err",
    "\t}",
    `\tvar v ${d.name}`,
    "\tswitch tag {",
  );
  for (const v of d.variants) lines.push(`\tcase ${goString(v.tag)}:`, `\t\tv = &${v.type}{}`);
  lines.push(
    "\tdefault:",
    "\t\treturn &UnknownVariant{Tag: tag, Raw: append([]byte(nil), data...)}, nil",
    "\t}",
    "\tif err := json.Unmarshal(data, v); err != nil {",
    "\t\treturn nil, err",
    "\t}",
    "\treturn v, nil",
    "}",
  );
  return lines;
}

export function emitTypesGo(model: GoModel, banner: string[]): string {
  const blocks: string[][] = [];
  for (const d of model.decls.values()) {
    if (d.kind === "struct") blocks.push(emitStruct(model, d));
    else if (d.kind === "enum") blocks.push(emitEnum(d));
    else if (d.kind === "union") blocks.push(emitUnion(d));
    else blocks.push([...declDoc(d, `is ${d.target}.`), `type ${d.name} = ${d.target}`]);
  }
  const body = blocks.map((b) => b.join("\n")).join("\n\n");
  const unions = [...model.decls.values()].some((d) => d.kind === "union");
  const imports = unions ? 'import "encoding/json"\n\n' : "";
  return `${banner.join("\n")}\n\npackage zeroclaw\n\n${imports}${body}\n`;
}
