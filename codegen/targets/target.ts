// What a language target is: a naming table and a function from the model to the files of a
// self-contained package. Targets see the model only (codegen/model/types.ts), never the document.
import type { Model } from "../model/types.js";
import type { NamingTable } from "../naming/table.js";

/** A file to write, its path relative to the package root (`--out`), `/`-separated, never `..`. */
export interface EmittedFile {
  path: string;
  content: string;
}

export interface EmitOptions {
  /** The package/module/crate name, already normalised by the naming table's `packageName`. */
  packageName: string;
}

export interface Target {
  /** The `--lang` value. */
  lang: string;
  /** Other spellings `--lang` accepts (`typescript` for `ts`). */
  aliases: readonly string[];
  /** How the language is called in messages. */
  displayName: string;
  naming: NamingTable;
  /**
   * The package for `model`: manifest at the root (package.json, pyproject.toml, go.mod, Cargo.toml),
   * sources, README. Absent while the target is planned but not written yet.
   */
  emit?: (model: Model, options: EmitOptions) => EmittedFile[];
}
