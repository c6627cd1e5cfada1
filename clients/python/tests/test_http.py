"""The runtime's HTTP transport (every generated package has it) against a real HTTP server on 127.0.0.1."""

from __future__ import annotations

import asyncio
import json
import threading
import unittest
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any

from zeroclaw_client import Client, ConnectionClosedError, RpcError, SessionBusyData, SessionBusyError


class Server(ThreadingHTTPServer):
    """Answers each POST with what `reply(message)` says: (status, body bytes)."""

    def __init__(self) -> None:
        super().__init__(("127.0.0.1", 0), Handler)
        self.received: list[tuple[dict[str, str], Any]] = []
        self.reply = lambda message: (200, b"")


class Handler(BaseHTTPRequestHandler):
    server: Server

    def do_POST(self) -> None:  # noqa: N802 - the http.server hook's name
        body = json.loads(self.rfile.read(int(self.headers["Content-Length"])))
        self.server.received.append((dict(self.headers), body))
        status, answer = self.server.reply(body)
        self.send_response(status)
        self.send_header("Content-Length", str(len(answer)))
        self.end_headers()
        self.wfile.write(answer)

    def log_message(self, *args: object) -> None:
        pass


def result(message: Any, value: Any) -> bytes:
    return json.dumps({"jsonrpc": "2.0", "id": message["id"], "result": value}).encode()


class HttpTest(unittest.IsolatedAsyncioTestCase):
    async def asyncSetUp(self) -> None:
        self.server = Server()
        self.thread = threading.Thread(target=self.server.serve_forever, daemon=True)
        self.thread.start()
        self.url = f"http://127.0.0.1:{self.server.server_address[1]}/rpc"

    async def asyncTearDown(self) -> None:
        await asyncio.to_thread(self.server.shutdown)
        self.server.server_close()
        self.thread.join()

    async def test_a_call_posts_a_numbered_request_with_the_headers_and_decodes_the_result(self) -> None:
        self.server.reply = lambda m: (200, result(m, {"session_id": "s", "closed": True}))
        async with await Client.connect(self.url, headers={"Authorization": "Bearer t"}) as client:
            closed = await client.session_close(session_id="s")
            await client.session_close(session_id="t")
        self.assertTrue(closed.closed)
        (headers, first), (_, second) = self.server.received
        self.assertEqual(headers["Authorization"], "Bearer t")
        self.assertEqual(headers["Content-Type"], "application/json")
        self.assertEqual(first, {"jsonrpc": "2.0", "id": 1, "method": "session/close", "params": {"session_id": "s"}})
        self.assertEqual(second["id"], 2)

    async def test_an_error_in_a_4xx_or_5xx_body_is_the_typed_error(self) -> None:
        error = {"code": -32002, "message": "Session busy", "data": {"reason": "session_busy", "session_id": "s"}}
        self.server.reply = lambda m: (500, json.dumps({"jsonrpc": "2.0", "id": m["id"], "error": error}).encode())
        async with await Client.connect(self.url) as client:
            with self.assertRaises(SessionBusyError) as caught:
                await client.session_prompt(session_id="s", prompt="hi")
            self.assertEqual(caught.exception.reason, "session_busy")
            # A code health does not declare, but the document does: still its class, data typed.
            with self.assertRaises(SessionBusyError) as caught:
                await client.health()
            self.assertEqual(caught.exception.data, SessionBusyData(session_id="s"))

    async def test_a_status_without_a_json_rpc_body_and_an_unanswered_call_fail_clearly(self) -> None:
        self.server.reply = lambda m: (502, b"bad gateway")
        async with await Client.connect(self.url) as client:
            with self.assertRaisesRegex(ConnectionClosedError, "HTTP 502"):
                await client.health()
            self.server.reply = lambda m: (200, b"")
            with self.assertRaisesRegex(ConnectionClosedError, "without its response"):
                await client.health()

    async def test_a_batch_answer_is_searched_for_the_call_and_unknown_codes_stay_rpc_errors(self) -> None:
        def reply(m: Any) -> tuple[int, bytes]:
            other = {"jsonrpc": "2.0", "id": 99, "result": None}
            mine = {"jsonrpc": "2.0", "id": m["id"], "error": {"code": -1, "message": "odd"}}
            return 200, json.dumps([other, mine]).encode()

        self.server.reply = reply
        async with await Client.connect(self.url) as client:
            with self.assertRaises(RpcError) as caught:
                await client.health()
        self.assertIs(type(caught.exception), RpcError)
        self.assertEqual((caught.exception.code, caught.exception.message), (-1, "odd"))


if __name__ == "__main__":
    unittest.main()
