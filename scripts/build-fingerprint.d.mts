// Types of build-fingerprint.mjs for the tests that import it.
export const ROOT: string;
export const STAMP: string;
export function fingerprint(root?: string): string;
