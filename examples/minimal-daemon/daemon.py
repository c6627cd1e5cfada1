#!/usr/bin/env python3
"""A minimal zeroclaw daemon: SPEC §1-§4 (endpoint, framing, envelope, handshake and local
principals) and the methods initialize, status and rpc.discover, in Python 3.11 with the standard
library only. Written from SPEC.md as an outside implementer would, to prove the conformance suite
can certify an implementation other than the reference one. See README.md."""

import argparse
import asyncio
import fcntl
import json
import os
import signal
import socket
import stat
import sys
import time
import tomllib

from connection import Connection
from mutants import mutant

HERE = os.path.dirname(os.path.abspath(__file__))
DEFAULTS = {
    "max_frame_bytes": 8 * 1024 * 1024,
    "initialize_timeout_ms": 30_000,
    "frame_timeout_ms": 30_000,
    "write_stall_timeout_ms": 30_000,
    "max_local_connections": 512,
    "ephemeral_grace_ms": 1_000,
}


def log(message: str, **fields):
    sys.stderr.write(json.dumps({"level": "info", "msg": message, **fields}) + "\n")
    sys.stderr.flush()


class Daemon:
    def __init__(self, config_dir: str, ephemeral: bool):
        self.config_dir = config_dir
        self.data_dir = os.environ.get("ZEROCLAW_DATA_DIR") or os.path.join(config_dir, "data")
        self.socket_path = os.environ.get("ZEROCLAW_SOCKET") or os.path.join(self.data_dir, "daemon.sock")
        config = load_config(os.path.join(config_dir, "config.toml"))
        rpc = {**DEFAULTS, **config.get("rpc", {})}
        self.max_frame_bytes = int(rpc["max_frame_bytes"])
        self.initialize_timeout_s = rpc["initialize_timeout_ms"] / 1000
        self.frame_timeout_ms = int(rpc["frame_timeout_ms"])
        self.frame_timeout_s = self.frame_timeout_ms / 1000
        self.write_stall_timeout_s = rpc["write_stall_timeout_ms"] / 1000
        self.max_connections = int(rpc["max_local_connections"])
        self.grace_s = 0 if mutant("ephemeral-no-grace") else rpc["ephemeral_grace_ms"] / 1000
        self.users = config.get("users", {})
        self.profiles = config.get("permission_profiles", {})
        self.trust_daemon_uid = config.get("security", {}).get("trust_daemon_uid", True)
        self.ephemeral = ephemeral
        self.connections = set()
        self.seen_client = False
        self.exit_timer = None
        self.started = time.monotonic()
        with open(os.path.join(HERE, "openrpc.json"), encoding="utf-8") as file:
            self.openrpc = json.load(file)
        self.bound = None  # (st_dev, st_ino) of the socket file we bound
        self.stopping = None

    # -- §4 principals ----------------------------------------------------------------------

    def principal_for(self, uid):
        if not self.users:
            return {"id": "owner", "admin": True}
        for name, user in self.users.items():
            if "uid" in user and user["uid"] == uid:
                admin = any(self.profiles.get(p, {}).get("admin", False) for p in user.get("permission_profiles", []))
                return {"id": name, "admin": admin}
        if uid == os.getuid() and (self.trust_daemon_uid or mutant("unmapped-uid-accepted")):
            return {"id": "owner", "admin": True}
        if mutant("unmapped-uid-accepted"):
            return {"id": "owner", "admin": True}
        return None

    def granted(self, principal, grant: str) -> bool:
        """SPEC §4: admin holds every grant; else the union of the user's profiles' grants
        (resource -> verbs, "*" for any resource or verb). Deny by default."""
        if principal["admin"] or mutant("grants-not-checked"):
            return True
        resource, verb = grant.split(":")
        user = self.users.get(principal["id"], {})
        for profile in user.get("permission_profiles", []):
            grants = self.profiles.get(profile, {}).get("grants", {})
            for name, verbs in grants.items():
                if name in (resource, "*") and (verb in verbs or "*" in verbs):
                    return True
        return False

    # -- §10 --ephemeral --------------------------------------------------------------------

    def joined(self, connection):
        self.connections.add(connection)
        self.seen_client = True
        if self.exit_timer and not mutant("ephemeral-reconnect-ignored"):
            self.exit_timer.cancel()
            self.exit_timer = None

    def left(self, connection):
        self.connections.discard(connection)
        if self.stopping and not self.connections:
            self.stopping.set()
        if not self.ephemeral or self.connections or self.exit_timer or mutant("ephemeral-never-exits"):
            return
        loop = asyncio.get_running_loop()
        self.exit_timer = loop.call_later(self.grace_s, self.stop, "last client left")

    # -- §1 endpoint ------------------------------------------------------------------------

    def prepare_endpoint(self) -> socket.socket:
        make_private_dir(self.data_dir, tighten=True)
        self.lock_data_dir()
        socket_dir = os.path.dirname(self.socket_path)
        if not os.path.isdir(socket_dir):
            make_private_dir(socket_dir, tighten=False)
        if os.path.lexists(self.socket_path):
            self.check_existing()
        listener = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
        previous = os.umask(0o111 if mutant("socket-mode-0666") else 0o177)  # never a moment with a wider mode
        try:
            listener.bind(self.socket_path)
        finally:
            os.umask(previous)
        if not mutant("socket-mode-0666"):
            os.chmod(self.socket_path, 0o600)
        listener.listen(4096)
        info = os.lstat(self.socket_path)
        self.bound = (info.st_dev, info.st_ino)
        return listener

    def lock_data_dir(self):
        """§17: one daemon per data dir. flock dies with the process, so a SIGKILL never blocks a restart."""
        if mutant("data-dir-unlocked"):
            return
        path = os.path.join(self.data_dir, "daemon.lock")
        self.lock_fd = os.open(path, os.O_RDWR | os.O_CREAT, 0o600)
        try:
            fcntl.flock(self.lock_fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except BlockingIOError:
            holder = os.pread(self.lock_fd, 32, 0).decode("ascii", "replace").strip() or "unknown"
            fail(f"data dir {self.data_dir} is in use by zeroclaw daemon (pid {holder})", code=4)
        os.ftruncate(self.lock_fd, 0)
        os.pwrite(self.lock_fd, f"{os.getpid()}\n".encode(), 0)

    def check_existing(self):
        info = os.lstat(self.socket_path)
        if not stat.S_ISSOCK(info.st_mode):
            fail(f"{self.socket_path} exists and is not a socket; not touching it")
        probe = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
        probe.settimeout(2)
        try:
            probe.connect(self.socket_path)
        except (ConnectionRefusedError, FileNotFoundError):
            if mutant("stale-socket-refused"):
                fail(f"a daemon is already running on {self.socket_path}")
            os.unlink(self.socket_path)  # stale: nobody listens
            return
        except OSError as error:
            fail(f"cannot check {self.socket_path}: {error}")
        if mutant("live-socket-stolen"):
            probe.close()
            os.unlink(self.socket_path)  # takes the endpoint over from the live daemon
            return
        if mutant("refusal-names-no-pid"):
            fail(f"another daemon is already running on {self.socket_path}")
        pid = live_pid(probe)
        fail(f"another daemon (pid {pid}) is already running on {self.socket_path}")

    def unlink_socket(self):
        if mutant("socket-not-unlinked"):
            return
        try:
            info = os.lstat(self.socket_path)
        except FileNotFoundError:
            return
        if (info.st_dev, info.st_ino) == self.bound:
            os.unlink(self.socket_path)

    # -- running ----------------------------------------------------------------------------

    async def serve(self, listener: socket.socket):
        self.done = asyncio.Event()
        loop = asyncio.get_running_loop()
        self.server = await loop.create_unix_server(lambda: Connection(self), sock=listener)
        for signum in (signal.SIGTERM, signal.SIGINT):
            loop.add_signal_handler(signum, self.stop, signal.Signals(signum).name)
        log("listening", endpoint=self.socket_path, ephemeral=self.ephemeral)
        await self.done.wait()

    def stop(self, reason: str):
        if self.stopping:
            return
        log("stopping", reason=reason)
        self.stopping = asyncio.Event()
        self.server.close()
        if mutant("sigterm-waits-for-clients") and reason.startswith("SIG") and self.connections:
            asyncio.ensure_future(self.finish_after_clients())
            return
        for connection in list(self.connections):
            connection.close_now()
        self.done.set()

    async def finish_after_clients(self):
        await self.stopping.wait()
        self.done.set()


def load_config(path: str) -> dict:
    try:
        with open(path, "rb") as file:
            return tomllib.load(file)
    except FileNotFoundError:
        return {}


def make_private_dir(path: str, tighten: bool):
    if not os.path.isdir(path):
        parent = os.path.dirname(path)
        if parent and not os.path.isdir(parent):
            make_private_dir(parent, tighten=False)
        os.mkdir(path, 0o700)
        os.chmod(path, 0o700)  # mkdir's mode is masked by the umask
    elif tighten:
        os.chmod(path, 0o700)


def live_pid(probe: socket.socket):
    """Ask the live daemon for its pid (initialize, then status) so the refusal can name it."""
    try:
        probe.sendall(
            b'{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"protocolVersion":1}}\n'
            b'{"jsonrpc":"2.0","id":2,"method":"status"}\n'
        )
        data = b""
        while data.count(b"\n") < 2:
            chunk = probe.recv(65536)
            if not chunk:
                break
            data += chunk
        for line in data.splitlines():
            message = json.loads(line)
            if message.get("id") == 2:
                return message["result"]["pid"]
    except (OSError, ValueError, KeyError, TypeError):
        pass
    return "unknown"


def fail(message: str, code: int = 1):
    sys.stderr.write(f"zeroclaw minimal daemon: {message}\n")
    sys.exit(code)


def main(argv):
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("command", nargs="?", default="daemon", choices=["daemon"])
    parser.add_argument("--config-dir")
    parser.add_argument("--ephemeral", action="store_true")
    arguments = parser.parse_args(argv)
    config_dir = arguments.config_dir or os.environ.get("ZEROCLAW_CONFIG_DIR") or os.path.expanduser("~/.zeroclaw")
    daemon = Daemon(config_dir, arguments.ephemeral)
    listener = daemon.prepare_endpoint()
    try:
        asyncio.run(daemon.serve(listener))
    finally:
        daemon.unlink_socket()
    return 1 if mutant("signal-exit-code-1") and daemon.stopping else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
