// What a connection authenticated with, kept so its principal can be resolved again whenever the
// policy changes (SPEC §4: re-resolution on the next call, no reconnect needed).
export type Credential =
  /** A local socket peer; uid from SO_PEERCRED, undefined when it could not be read. */
  | { kind: "local"; uid: number | undefined }
  /** A gateway peer with a pairing token. */
  | { kind: "token"; tokenId: string };
