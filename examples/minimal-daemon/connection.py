"""SPEC §2 for one local connection: NDJSON framing, the frame-size limit, the unfinished-frame and
initialize deadlines, the write-stall cut-off and output backpressure. Lines go to rpc.Session."""

import asyncio
import socket
import struct
import time

from mutants import mutant
from rpc import Session, error_line

STALL_CHECK_S = 0.05
DISCARD_AFTER_FATAL_S = 1.0
OUTPUT_HIGH_WATER = 1 << 20


class Connection(asyncio.Protocol):
    def __init__(self, daemon):
        self.daemon = daemon
        self.loop = asyncio.get_running_loop()
        self.transport = None
        self.session = None
        self.buffer = bytearray()
        self.frame_timer = None
        self.init_timer = None
        self.stall_timer = None
        self.last_progress = 0.0
        self.last_buffered = 0
        self.dead = False  # after a fatal frame error: input is discarded, never parsed
        self.counted = False

    # -- lifecycle --------------------------------------------------------------------------

    def connection_made(self, transport):
        self.transport = transport
        limit = self.daemon.max_connections
        if len(self.daemon.connections) >= limit + (1 if mutant("connection-limit-off-by-one") else 0):
            transport.write(
                (error_line(None, -32004, "Connection limit", {"reason": "connection_limit", "limit": limit}) + "\n").encode()
            )
            self.dead = True
            transport.close()
            return
        self.counted = True
        self.daemon.joined(self)
        transport.set_write_buffer_limits(high=OUTPUT_HIGH_WATER)
        self.session = Session(self.daemon, peer_uid(transport))
        self.restart_init_timer()

    def connection_lost(self, exc):
        for timer in (self.frame_timer, self.init_timer, self.stall_timer):
            if timer:
                timer.cancel()
        if self.counted:
            self.counted = False
            self.daemon.left(self)

    def pause_writing(self):
        # Output backed up past the high-water mark: stop taking requests until it drains.
        self.transport.pause_reading()

    def resume_writing(self):
        if not self.dead:
            self.transport.resume_reading()

    # -- input ------------------------------------------------------------------------------

    def data_received(self, data: bytes):
        if self.dead:
            return
        position = 0
        while position < len(data) and not self.dead:
            newline = data.find(b"\n", position)
            if newline == -1:
                self.add_partial(data[position:])
                return
            line = bytes(self.buffer) + data[position:newline]
            self.buffer.clear()
            self.stop_frame_timer()
            position = newline + 1
            if self.frame_size(line) > self.daemon.max_frame_bytes:
                self.fatal("frame_too_large")
                return
            self.handle_line(line)

    def add_partial(self, part: bytes):
        if not part:
            return
        if not self.buffer or mutant("frame-clock-per-chunk"):
            self.start_frame_timer()
        self.buffer += part
        if self.frame_size(self.buffer) > self.daemon.max_frame_bytes:
            self.fatal("frame_too_large")

    def frame_size(self, line: bytes) -> int:
        if mutant("frame-limit-counts-chars"):
            return len(line.decode("utf-8", "replace"))
        size = len(line) - (1 if line.endswith(b"\r") else 0)
        return size + (1 if mutant("frame-limit-off-by-one") and size == self.daemon.max_frame_bytes else 0)

    def handle_line(self, line: bytes):
        if line.endswith(b"\r"):
            line = line[:-1]
        if mutant("init-deadline-per-frame") and not self.session.initialized:
            self.restart_init_timer()
        if not line.strip():
            if mutant("blank-lines-answered"):
                self.write(error_line(None, -32700, "Parse error", {"reason": "parse_error"}))
            return  # blank lines are ignored
        try:
            text = line.decode("utf-8", "replace" if mutant("invalid-utf8-replaced") else "strict")
        except UnicodeDecodeError:
            self.write(error_line(None, -32700, "Parse error", {"reason": "parse_error"}))
            return
        was_initialized = self.session.initialized
        for reply in self.session.handle_line(text):
            self.write(reply)
        if self.session.initialized and not was_initialized and self.init_timer:
            self.init_timer.cancel()
            self.init_timer = None
        if self.session.close_after_reply:
            self.transport.close()

    # -- deadlines --------------------------------------------------------------------------

    def restart_init_timer(self):
        if self.init_timer:
            self.init_timer.cancel()
        # Runs from connect; closing with no response when initialize has not completed by then.
        self.init_timer = self.loop.call_later(self.daemon.initialize_timeout_s, self.transport.close)

    def start_frame_timer(self):
        if self.frame_timer:
            self.frame_timer.cancel()
        if mutant("frame-timeout-before-init-off") and not self.session.initialized:
            return
        self.frame_timer = self.loop.call_later(self.daemon.frame_timeout_s, self.fatal, "frame_timeout")

    def stop_frame_timer(self):
        if self.frame_timer:
            self.frame_timer.cancel()
            self.frame_timer = None

    def fatal(self, reason: str):
        """SPEC §2/§12: one error line, half-close, discard what still arrives for up to 1 s, close."""
        if self.dead:
            return
        self.dead = True
        self.stop_frame_timer()
        self.buffer.clear()
        if reason == "frame_too_large":
            data = {"reason": reason, "limit_bytes": self.daemon.max_frame_bytes}
        else:
            data = {"reason": reason, "limit_ms": self.daemon.frame_timeout_ms}
        self.write(error_line(None, -32600, "Invalid request", data))
        if self.transport.can_write_eof():
            self.transport.write_eof()
        self.loop.call_later(DISCARD_AFTER_FATAL_S, self.transport.close)

    # -- output -----------------------------------------------------------------------------

    def write(self, line: str):
        if self.transport.is_closing():
            return
        self.transport.write((line + "\n").encode())
        if self.transport.get_write_buffer_size() > 0 and not self.stall_timer and not mutant("no-write-stall"):
            self.last_progress = time.monotonic()
            self.last_buffered = self.transport.get_write_buffer_size()
            self.stall_timer = self.loop.call_later(STALL_CHECK_S, self.check_stall)

    def check_stall(self):
        """Output queued and not a byte taken by the peer for write_stall_timeout_ms: disconnect."""
        self.stall_timer = None
        buffered = self.transport.get_write_buffer_size()
        if buffered == 0 or self.transport.is_closing():
            return
        now = time.monotonic()
        if buffered < self.last_buffered:
            self.last_progress = now
        self.last_buffered = buffered
        if now - self.last_progress >= self.daemon.write_stall_timeout_s:
            self.transport.abort()
            return
        self.stall_timer = self.loop.call_later(STALL_CHECK_S, self.check_stall)

    def close_now(self):
        self.transport.abort()


def peer_uid(transport):
    sock = transport.get_extra_info("socket")
    try:
        _pid, uid, _gid = struct.unpack("3i", sock.getsockopt(socket.SOL_SOCKET, socket.SO_PEERCRED, struct.calcsize("3i")))
        return uid
    except (OSError, AttributeError):
        return None
