// A language's naming rules as data: the case style of each kind of name, the words it may not use,
// how a reserved word is escaped, how names starting with a digit and clashing names are fixed, and
// how a package is named. One table per language (./tables/<lang>.ts); namer.ts applies it to a
// model, so no target decides a name on its own.

/** The kinds of names a target needs; each is unique within its own scope. */
export type NameKind =
  /** Declarations and error classes (one scope for the whole package). */
  | "type"
  /** Members of one object (scope: the object). */
  | "member"
  /** Client methods (scope: the client; the runtime's own method names are reserved there). */
  | "method"
  /** Parameters of one method (scope: the method). */
  | "param"
  /** Values of one enum, as named constants (scope: the enum). */
  | "enumMember";

export type CaseStyle = "PascalCase" | "camelCase" | "snake_case" | "SCREAMING_SNAKE_CASE" | "wire";

export interface NamingTable {
  /** The `--lang` value (`ts`, `python`, `go`, `rust`). */
  language: string;
  cases: Record<NameKind, CaseStyle>;
  /** Words no name may be (keywords, literals); checked after casing. */
  keywords: ReadonlySet<string>;
  /** Further words per kind (builtins a type must not shadow, the runtime's own method names…). */
  reserved: Partial<Record<NameKind, ReadonlySet<string>>>;
  /** Makes a keyword or reserved word usable: `class` → `class_`, `type` → `r#type`. */
  escape(name: string, kind: NameKind): string;
  /** A name that would start with a digit gets this prefix (`1inch` → `_1inch`, `N1inch`). */
  digitPrefix(kind: NameKind): string;
  /** The n-th (n ≥ 2) of several names that come out the same in one scope: `Uint2`, `value_2`. */
  clash(name: string, n: number): string;
  /** The package/module/crate name from `--name` (or the document's title). */
  packageName(raw: string): string;
  /** The error class for an error named `stem` (its words without a trailing "error"): `VersionMismatchError`. */
  errorType(stem: string): string;
}
