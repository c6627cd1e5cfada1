"""Where the client looks for the daemon (SPEC §1, the document's x-default-endpoint), and connecting to it."""

from __future__ import annotations

import os
import unittest

import zeroclaw_client
from zeroclaw_client import ConnectFailedError, UnsupportedTransportError, default_url

from peer import ScriptedDaemon


class DefaultSocketPathTest(unittest.TestCase):
    def test_precedence(self) -> None:
        home = os.path.expanduser("~")
        cases = [
            ({}, os.path.join(home, ".zeroclaw", "data", "daemon.sock")),
            ({"ZEROCLAW_CONFIG_DIR": "/c"}, "/c/data/daemon.sock"),
            ({"ZEROCLAW_CONFIG_DIR": "/c", "ZEROCLAW_DATA_DIR": "/d"}, "/d/daemon.sock"),
            ({"ZEROCLAW_DATA_DIR": "/d", "ZEROCLAW_SOCKET": "/s.sock"}, "/s.sock"),
            ({"ZEROCLAW_SOCKET": ""}, os.path.join(home, ".zeroclaw", "data", "daemon.sock")),
        ]
        for env, want in cases:
            with self.subTest(env=env):
                self.assertEqual(default_url(env), f"unix:{want}")


class ConnectTest(unittest.IsolatedAsyncioTestCase):
    async def test_connect_is_awaitable_and_a_context_manager_reading_zeroclaw_socket(self) -> None:
        daemon = await ScriptedDaemon().start()
        saved = os.environ.get("ZEROCLAW_SOCKET")
        os.environ["ZEROCLAW_SOCKET"] = daemon.path
        try:
            async with zeroclaw_client.connect() as client:
                self.assertFalse(client.connection.closed)
            self.assertTrue(client.connection.closed)
            other = await zeroclaw_client.connect(daemon.path)
            await other.close()
            with self.assertRaises(UnsupportedTransportError):
                await zeroclaw_client.connect("gopher://127.0.0.1:1/")
            # ws:// is a transport now: nothing listening there is a ConnectFailedError naming it.
            with self.assertRaises(ConnectFailedError) as failed:
                await zeroclaw_client.connect("ws://127.0.0.1:1/")
            self.assertEqual(failed.exception.endpoint, "ws://127.0.0.1:1/")
        finally:
            if saved is None:
                del os.environ["ZEROCLAW_SOCKET"]
            else:
                os.environ["ZEROCLAW_SOCKET"] = saved
            await daemon.stop()


if __name__ == "__main__":
    unittest.main()
