// The Go target: planned. Its author replaces this file with the target (emit + README), on the
// model and the go naming table, following codegen/README.md ("Adding a language").
import { goNaming } from "../../naming/tables/go.js";
import type { Target } from "../target.js";

export const goTarget: Target = {
  lang: "go",
  aliases: [],
  displayName: "Go",
  naming: goNaming,
};
