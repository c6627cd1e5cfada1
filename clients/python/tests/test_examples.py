"""Every example pairing in openrpc.json, replayed through the generated methods over a real socket.

The call is made with the example's params as typed keyword arguments; the request on the wire
must be the example's params, and the example's result (or error) must decode into the method's
typed result (or the code's exception class, with typed data) and encode back unchanged.
"""

from __future__ import annotations

import asyncio
import dataclasses
import inspect
import json
import re
import typing
import unittest
from pathlib import Path
from typing import Any

import zeroclaw_client
from zeroclaw_client import ERRORS, Client, DecodeError, RpcError
from zeroclaw_client.runtime.codec import encode

from peer import ScriptedDaemon

OPENRPC = Path(__file__).resolve().parents[3] / "openrpc.json"


def pascal(wire: str) -> str:
    return "".join(w[:1].upper() + w[1:] for w in re.split(r"[^A-Za-z0-9]+", wire) if w)


def python_name(wire: str) -> str:
    return re.sub(r"[^A-Za-z0-9]+", "_", wire).lower()


def subset(small: Any, big: Any) -> bool:
    """`small` is `big` with some object members left out (what from_json drops)."""
    if isinstance(small, dict):
        return isinstance(big, dict) and all(k in big and subset(v, big[k]) for k, v in small.items())
    if isinstance(small, list):
        return isinstance(big, list) and len(small) == len(big) and all(map(subset, small, big))
    return type(small) is type(big) and small == big or (isinstance(small, float) and small == big)


@unittest.skipUnless(OPENRPC.is_file(), "openrpc.json is not beside this checkout")
class ExamplesTest(unittest.IsolatedAsyncioTestCase):
    async def asyncSetUp(self) -> None:
        self.doc = json.loads(OPENRPC.read_text(encoding="utf-8"))
        self.daemon = await ScriptedDaemon().start()
        self.client = await Client.connect(self.daemon.path)

    async def asyncTearDown(self) -> None:
        await self.client.close()
        await self.daemon.stop()

    def daemon_methods(self) -> list[dict[str, Any]]:
        return [m for m in self.doc["methods"] if "client" not in m.get("x-implemented-by", ["daemon"])]

    def test_every_daemon_method_has_a_typed_coroutine_and_every_client_method_a_hook(self) -> None:
        for m in self.doc["methods"]:
            client_side = "client" in m.get("x-implemented-by", ["daemon"])
            name = ("on_" if client_side else "") + python_name(m["name"])
            with self.subTest(method=m["name"]):
                fn = getattr(Client, name)
                self.assertEqual(inspect.iscoroutinefunction(fn), not client_side)
                if not client_side and m.get("x-grant"):
                    self.assertIn(m["x-grant"], fn.__doc__)

    def test_every_annotation_resolves(self) -> None:
        """What a type checker would trip on first: a name an annotation uses but nothing defines."""
        checked = 0
        for name in zeroclaw_client.__all__:
            obj = getattr(zeroclaw_client, name)
            targets = [obj, *vars(obj).values()] if inspect.isclass(obj) else [obj]
            for target in targets:
                target = getattr(target, "__func__", target)  # classmethods
                if inspect.isclass(target) or inspect.isfunction(target):
                    with self.subTest(name=name, target=getattr(target, "__qualname__", target)):
                        typing.get_type_hints(target)
                        checked += 1
        self.assertGreater(checked, 400)

    async def test_examples_round_trip(self) -> None:
        replayed = 0
        for m in self.daemon_methods():
            params_cls = getattr(zeroclaw_client, f"{pascal(m['name'])}Params")
            method = getattr(self.client, python_name(m["name"]))
            accepted = set(inspect.signature(method).parameters)
            for example in m.get("examples", []):
                if example.get("x-dialect", "seed") != "seed":
                    continue  # this client speaks the seed dialect (SPEC §13); another dialect's answer is not its type
                wire = {p["name"]: p["value"] for p in example["params"]}
                error = example.get("x-error")
                with self.subTest(method=m["name"], example=example["name"]):
                    if not dataclasses.is_dataclass(params_cls):  # a params object without members: any JSON, one `params`
                        kwargs: dict[str, Any] = {"params": wire} if wire else {}
                    else:
                        try:
                            params = params_cls.from_json(wire)
                        except DecodeError:
                            self.assertEqual(error and error["code"], -32602, "only an invalid-params example may not decode")
                            continue
                        if params.to_json() != wire:  # members the schema does not have: a typed call cannot send them
                            self.assertEqual(error and error["code"], -32602, f"{wire} does not round-trip")
                            continue
                        kwargs = {f.name: getattr(params, f.name) for f in dataclasses.fields(params) if f.name in accepted}
                    call = asyncio.create_task(method(**kwargs))
                    request = await self.daemon.receive()
                    self.assertEqual(request["method"], m["name"])
                    self.assertEqual(request["params"], wire)
                    if error:
                        await self.daemon.fail(request, error["code"], "example", error["data"])
                        with self.assertRaises(RpcError) as caught:
                            await call
                        self.assertIn(type(caught.exception), [e for e in ERRORS if e.CODE == error["code"]])
                        self.assertIsNotNone(caught.exception.data, f"{error['data']} did not decode")
                        self.assertEqual(encode(caught.exception.data), error["data"])
                    else:
                        await self.daemon.answer(request, example["result"]["value"])
                        result = await call
                        encoded = encode(result)
                        self.assertTrue(subset(encoded, example["result"]["value"]), f"{encoded} vs the example")
                        if dataclasses.is_dataclass(result):
                            self.assertEqual(type(result).from_json(encoded), result)  # type: ignore[attr-defined]
                    replayed += 1
        self.assertGreater(replayed, 40)


if __name__ == "__main__":
    unittest.main()
