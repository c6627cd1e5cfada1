// Two members that are one name in two styles (`protocolVersion` and `protocol_version`, of the same
// type, at most one of them required) would come out as `protocol_version` and `protocol_version_2` in
// a language whose names are snake_case, or `ProtocolVersion2` in Go: nobody would write that. In a
// client package they are one member, under the required spelling (else the first declared); the
// others are kept as its aliases. (Decoding ignores them: a message may carry both spellings, as the
// seed's initialize result does, and serde's `alias` would call that a duplicate field.)
// The document's own views (generated/, docs/methods.md) keep every spelling: they describe the wire.
// Issue 27.
import { snake } from "../naming/words.js";
import type { Decl, Member, Model, ObjectDecl } from "./types.js";

/** The name in one style: `protocolVersion` and `protocol_version` are both `protocol_version`. */
const spelling = snake;

const separated = (name: string): boolean => /[^A-Za-z0-9]/.test(name);

/** A copy of `model` whose object declarations have their alias members folded together. */
export function withAliasesMerged(model: Model): Model {
  const types = new Map<string, Decl>();
  for (const [name, decl] of model.types) types.set(name, decl.kind === "object" ? merged(decl) : decl);
  return { ...model, types };
}

function merged(decl: ObjectDecl): ObjectDecl {
  const groups = new Map<string, Member[]>();
  for (const member of decl.members) {
    const said = spelling(member.name);
    if (said === "") continue;
    const key = `${said}\u0000${JSON.stringify(member.type)}`;
    groups.set(key, [...(groups.get(key) ?? []), member]);
  }
  const replaced = new Map<Member, Member | undefined>();
  for (const group of groups.values()) {
    // Only a pair written in two styles (`protocolVersion` / `protocol_version`): `id` and `Id`, or
    // `a_b` and `a-b`, may well be two members, and keep their own fields.
    if (group.length !== 2 || group.filter((m) => m.required).length > 1) continue;
    const [a, b] = group as [Member, Member];
    if (separated(a.name) === separated(b.name)) continue;
    const kept = group.find((m) => m.required) ?? (group[0] as Member);
    const others = group.filter((m) => m !== kept);
    replaced.set(kept, { ...kept, aliases: [...(kept.aliases ?? []), ...others.map((m) => m.name)] });
    for (const m of others) replaced.set(m, undefined);
  }
  if (replaced.size === 0) return decl;
  const members = decl.members.flatMap((m) => {
    if (!replaced.has(m)) return [m];
    const r = replaced.get(m);
    return r === undefined ? [] : [r];
  });
  return { ...decl, members };
}
