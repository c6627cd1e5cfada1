package runtime

// What the generated files of a package declare and the runtime uses, so that this folder builds
// (and vets) on its own. The target never copies this file.

import "encoding/json"

// DefaultURL is the document's first server.
const DefaultURL = ""

// uploadResult is file/upload/commit's result type.
type uploadResult = json.RawMessage
