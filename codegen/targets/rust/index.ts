// The Rust target: planned. Its author replaces this file with the target (emit + README), on the
// model and the rust naming table, following codegen/README.md ("Adding a language").
import { rustNaming } from "../../naming/tables/rust.js";
import type { Target } from "../target.js";

export const rustTarget: Target = {
  lang: "rust",
  aliases: [],
  displayName: "Rust",
  naming: rustNaming,
};
