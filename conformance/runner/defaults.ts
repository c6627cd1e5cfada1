/** How long each expected message is waited for, unless --timeout-ms says otherwise. */
export const DEFAULT_TIMEOUT_MS = 5_000;
