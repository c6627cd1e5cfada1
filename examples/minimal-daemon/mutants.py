"""Seeded defects for the conformance suite's mutation check (npm run conformance:mutants).

Each name breaks exactly one rule of SPEC §1-§4/§10 when MINIMAL_DAEMON_MUTANT=<name> is set; with
the variable unset the daemon is correct. The suite must fail on every one of them.
"""

import os
import sys

MUTANTS = {
    "frame-clock-per-chunk": "the unfinished-frame deadline restarts on every chunk received",
    "init-deadline-per-frame": "the initialize deadline restarts on every line received",
    "ephemeral-no-grace": "--ephemeral exits the moment the last client leaves",
    "ephemeral-never-exits": "--ephemeral never exits",
    "ephemeral-reconnect-ignored": "--ephemeral: a reconnect during the grace does not cancel the exit",
    "sigterm-waits-for-clients": "SIGTERM/SIGINT wait for connected clients to leave before exiting",
    "signal-exit-code-1": "SIGTERM/SIGINT exit with code 1",
    "socket-not-unlinked": "the socket file is left behind on exit",
    "socket-mode-0666": "the socket file is created 0666",
    "stale-socket-refused": "a stale socket file is treated as a live daemon",
    "live-socket-stolen": "a second daemon unlinks a live daemon's socket and listens in its place",
    "refusal-names-no-pid": "a second daemon on a live socket refuses without naming the live pid",
    "frame-limit-off-by-one": "a frame of exactly max_frame_bytes is refused",
    "frame-limit-counts-chars": "the frame limit counts characters, not UTF-8 bytes",
    "frame-timeout-before-init-off": "no unfinished-frame deadline before initialize",
    "invalid-utf8-replaced": "bytes that are not UTF-8 are replaced instead of refused",
    "blank-lines-answered": "a blank line gets a -32700 parse error",
    "batch-parse-error": "a batch array gets -32700 instead of -32600",
    "string-id-as-number": "a numeric-looking string id is echoed as a number",
    "params-null-accepted": "params: null is accepted as no params",
    "malformed-response-answered": "a malformed response gets a -32600 reply",
    "notification-answered": "a notification of a known method is answered",
    "unknown-method-not-initialized": "an unknown method before initialize gets -32010 instead of -32601",
    "version-mismatch-closes": "the connection is closed after a version mismatch",
    "second-initialize-accepted": "a second initialize succeeds",
    "connection-limit-off-by-one": "one connection more than rpc.max_local_connections is served",
    "no-write-stall": "a client that stops reading is never disconnected",
    "unmapped-uid-accepted": "a peer uid that maps to no user becomes the owner",
    "data-dir-unlocked": "a second daemon may run on the same data dir",
    "grants-not-checked": "a principal without system:read may call status and rpc.discover",
}

ACTIVE = os.environ.get("MINIMAL_DAEMON_MUTANT", "")
if ACTIVE and ACTIVE not in MUTANTS:
    # A typo must not pass for a killed mutant: refuse to run at all, loudly.
    sys.stderr.write(f"minimal-daemon: unknown MINIMAL_DAEMON_MUTANT {ACTIVE!r}\n")
    sys.exit(3)


def mutant(name: str) -> bool:
    assert name in MUTANTS, name
    return ACTIVE == name


if __name__ == "__main__":
    # `python3 mutants.py`: the names, one a line (read by scripts/conformance-mutants.mjs).
    for name, what in MUTANTS.items():
        print(f"{name}\t{what}")
