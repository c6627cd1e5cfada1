// `npm run build`'s last step: records the fingerprint of the sources just built (see
// scripts/build-if-changed.mjs), so `npm run daemon` starts without rebuilding until they change.
import { writeFileSync } from "node:fs";
import { fingerprint, STAMP } from "./build-fingerprint.mjs";

writeFileSync(STAMP, `${fingerprint()}\n`);
