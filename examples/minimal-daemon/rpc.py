"""SPEC §3 (envelope) and §4 (handshake, principals) for one connection, plus the three methods this
daemon serves: initialize, status, rpc.discover. Transport-free: handle_line() takes one line of
text and returns the lines to write back."""

import os
import time

from mutants import mutant
from wire import RawNumber, dumps, loads

PROTOCOL_VERSION = 1
SERVER_VERSION = "0.1.0"
METHODS = ("initialize", "status", "rpc.discover")
# SPEC §4: the grant each method needs (its x-grant in openrpc.json); initialize needs none.
GRANTS = {"status": "system:read", "rpc.discover": "system:read"}


def error_line(id_, code: int, message: str, data: dict) -> str:
    return dumps({"jsonrpc": "2.0", "id": id_, "error": {"code": code, "message": message, "data": data}})


def result_line(id_, result) -> str:
    return dumps({"jsonrpc": "2.0", "id": id_, "result": result})


def invalid_request(id_=None) -> str:
    return error_line(id_, -32600, "Invalid request", {"reason": "invalid_request"})


def valid_id(value) -> bool:
    return value is None or isinstance(value, (str, RawNumber))


class Session:
    """One connection's protocol state."""

    def __init__(self, daemon, peer_uid):
        self.daemon = daemon
        self.peer_uid = peer_uid
        self.initialized = False
        self.principal = None
        self.close_after_reply = False

    def handle_line(self, text: str) -> list:
        try:
            message = loads(text)
        except ValueError:
            return [error_line(None, -32700, "Parse error", {"reason": "parse_error"})]
        if isinstance(message, list) and mutant("batch-parse-error"):
            return [error_line(None, -32700, "Parse error", {"reason": "parse_error"})]
        if not isinstance(message, dict):
            return [invalid_request()]
        method = message.get("method")
        has_answer = "result" in message or "error" in message
        if "method" in message and (not isinstance(method, str) or has_answer):
            return [invalid_request()]  # direction cannot be told
        if "method" not in message:
            if has_answer:
                # A response: we never send requests, so it matches nothing pending; valid or
                # malformed, it is dropped without a reply (replying could complete a request
                # travelling the other way).
                if mutant("malformed-response-answered") and not self._valid_response(message):
                    return [invalid_request()]
                return []
            return [invalid_request()]
        return self._request(message, method)

    @staticmethod
    def _valid_response(message: dict) -> bool:
        if message.get("jsonrpc") != "2.0" or "id" not in message or not valid_id(message["id"]):
            return False
        if ("result" in message) == ("error" in message):
            return False
        if "error" in message:
            error = message["error"]
            return (
                isinstance(error, dict)
                and isinstance(error.get("code"), RawNumber)
                and error["code"].is_integer()
                and isinstance(error.get("message"), str)
            )
        return True

    def _request(self, message: dict, method: str) -> list:
        is_notification = "id" not in message
        id_ = message.get("id")
        id_ok = valid_id(id_)
        if isinstance(id_, str) and mutant("string-id-as-number") and id_.lstrip("-").isdigit():
            id_ = RawNumber(id_)
        params = message.get("params", {})
        if "params" in message and message["params"] is None and mutant("params-null-accepted"):
            params = {}
        bad = message.get("jsonrpc") != "2.0" or not id_ok or not isinstance(params, (dict, list))
        if bad:
            return [invalid_request(None if is_notification or not id_ok else id_)]
        if is_notification:
            # Notifications are never answered; before initialize they are dropped, and none of our
            # methods has an effect worth running as one.
            if mutant("notification-answered") and self.initialized and method in ("status", "rpc.discover"):
                return [result_line(None, self._call(method, {}))]
            return []
        if method not in METHODS:
            if mutant("unknown-method-not-initialized") and not self.initialized:
                return [error_line(id_, -32010, "Not initialized", {"reason": "not_initialized"})]
            return [error_line(id_, -32601, "Method not found", {"reason": "method_not_found", "method": method})]
        if method == "initialize":
            return [self._initialize(id_, params)]
        if not self.initialized:
            return [error_line(id_, -32010, "Not initialized", {"reason": "not_initialized"})]
        grant = GRANTS[method]
        if not self.daemon.granted(self.principal, grant):
            return [error_line(id_, -32012, "Forbidden", {"reason": "not_granted", "grant": grant, "method": method})]
        if isinstance(params, list) and params:
            return [invalid_params(id_, [{"path": "/0", "message": "must NOT have additional items"}])]
        extra = [key for key in (params if isinstance(params, dict) else {})]
        if extra:
            return [invalid_params(id_, [{"path": f"/{key}", "message": "must NOT have additional properties"} for key in extra])]
        return [result_line(id_, self._call(method, params))]

    def _initialize(self, id_, params) -> str:
        if self.initialized and not mutant("second-initialize-accepted"):
            return error_line(id_, -32600, "Already initialized", {"reason": "already_initialized"})
        if not isinstance(params, dict):
            return invalid_params(id_, [{"path": "", "message": "must be object"}])
        version = params.get("protocolVersion", params.get("protocol_version"))
        if version is None:
            return invalid_params(id_, [{"path": "", "message": "must have required property 'protocolVersion'"}])
        if not isinstance(version, RawNumber) or not version.is_integer():
            name = "protocolVersion" if "protocolVersion" in params else "protocol_version"
            return invalid_params(id_, [{"path": f"/{name}", "message": "must be integer"}])
        if version.value() != PROTOCOL_VERSION:
            if mutant("version-mismatch-closes"):
                self.close_after_reply = True
            return error_line(
                id_,
                -32011,
                "Unsupported protocol version",
                {"reason": "version_mismatch", "requested": version, "supported": [PROTOCOL_VERSION]},
            )
        principal = self.daemon.principal_for(self.peer_uid)
        if principal is None:
            return error_line(id_, -32010, "Unknown peer", {"reason": "unknown_peer"})
        self.initialized = True
        self.principal = principal
        return result_line(
            id_,
            {
                "protocolVersion": PROTOCOL_VERSION,
                "serverVersion": SERVER_VERSION,
                "capabilities": list(METHODS),
                "principal": principal,
                # SPEC §13: the snake_case members zerocode reads.
                "protocol_version": PROTOCOL_VERSION,
                "server_version": SERVER_VERSION,
                "server_pid": os.getpid(),
                "commands": [],
            },
        )

    def _call(self, method: str, params):
        if method == "rpc.discover":
            return self.daemon.openrpc
        daemon = self.daemon
        return {
            "server_version": SERVER_VERSION,
            "protocol_version": PROTOCOL_VERSION,
            "pid": os.getpid(),
            "uptime_ms": int((time.monotonic() - daemon.started) * 1000),
            "endpoint": daemon.socket_path,
            "data_dir": daemon.data_dir,
            "connections": {"local": len(daemon.connections), "gateway": 0, "limit": daemon.max_connections},
            "sessions": {"live": 0, "persisted": 0},
            "session_ids": [],
            "gateway_url": None,
            # §17: local peers are identified by SO_PEERCRED (socket.SO_PEERCRED, always on Linux).
            "peer_identity": "peercred",
            # SPEC §13: zerocode's members, in both dialects.
            "active_sessions": 0,
            "config_dir": daemon.config_dir,
            "config_file": os.path.join(daemon.config_dir, "config.toml"),
            "config_kind": "toml",
            "local_ipc_endpoint": daemon.socket_path,
        }


def invalid_params(id_, errors: list) -> str:
    return error_line(id_, -32602, "Invalid params", {"reason": "invalid_params", "errors": errors})
