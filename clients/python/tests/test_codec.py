"""The runtime's JSON codec: the converters the generated decoders are made of, and the encoder."""

from __future__ import annotations

import json
import unittest
from dataclasses import dataclass
from typing import Any

from zeroclaw_client import UNSET, ConfigEntry, SessionUpdateAgentMessageChunk, SessionUpdateTurnComplete
from zeroclaw_client.runtime import codec as c
from zeroclaw_client.types import decode_SessionUpdateParams


class ConvertersTest(unittest.TestCase):
    def test_scalars_are_checked(self) -> None:
        self.assertEqual(c.string("x"), "x")
        self.assertEqual(c.integer(3), 3)
        self.assertEqual(c.integer(2.0), 2)
        self.assertEqual(c.number(2), 2)
        self.assertIs(c.boolean(False), False)
        for convert, bad in [(c.string, 1), (c.integer, "1"), (c.integer, True), (c.integer, 1.5), (c.number, "2"), (c.boolean, 0), (c.null, 0)]:
            with self.subTest(convert=convert.__name__, bad=bad), self.assertRaises(c.DecodeError):
                convert(bad)

    def test_literal_tells_true_from_one(self) -> None:
        self.assertIs(c.literal(True)(True), True)
        with self.assertRaises(c.DecodeError):
            c.literal(True)(1)
        with self.assertRaises(c.DecodeError):
            c.literal(1)(True)
        with self.assertRaises(c.DecodeError):
            c.literal("a", "b")("c")

    def test_errors_name_the_path(self) -> None:
        data: Any = {"outer": {"items": [1, "two"]}}
        with self.assertRaises(c.DecodeError) as caught:
            c.field(data, "outer", lambda v: c.field(c.obj(v, "X"), "items", c.list_of(c.integer)))
        self.assertEqual(caught.exception.path, ("outer", "items", "1"))
        self.assertIn("outer.items.1", str(caught.exception))

    def test_missing_optional_and_maybe_members(self) -> None:
        with self.assertRaises(c.DecodeError) as caught:
            c.field({}, "need", c.string)
        self.assertEqual(caught.exception.path, ("need",))
        self.assertIsNone(c.optional({}, "maybe", c.string))
        self.assertIsNone(c.optional({"maybe": None}, "maybe", c.string))  # a null counts as absent there
        self.assertIs(c.maybe({}, "x", c.nullable(c.string)), UNSET)  # ... but not where null is a value
        self.assertIsNone(c.maybe({"x": None}, "x", c.nullable(c.string)))

    def test_dict_of_first_of_and_args(self) -> None:
        self.assertEqual(c.dict_of(c.integer)({"a": 1}), {"a": 1})
        either = c.first_of(c.integer, c.string)
        self.assertEqual(either("s"), "s")
        with self.assertRaises(c.DecodeError):
            either(None)
        self.assertEqual(c.args(c.integer, c.string)([1]), (1, None))

    def test_a_tagged_union_decodes_by_its_tag(self) -> None:
        chunk = decode_SessionUpdateParams({"sessionId": "s", "type": "agent_message_chunk", "text": "hi"})
        self.assertEqual(chunk, SessionUpdateAgentMessageChunk(session_id="s", text="hi"))
        done = decode_SessionUpdateParams({"sessionId": None, "type": "turn_complete", "turnId": "t", "outcome": "completed", "content": ""})
        self.assertIsInstance(done, SessionUpdateTurnComplete)
        # A tag this client does not know is kept, not an error: the same input as Go's types_test.go
        # and Rust's tests/runtime.rs (codegen/README.md, one behaviour in four languages).
        unknown = decode_SessionUpdateParams({"type": 7, "x": 1})
        self.assertEqual(unknown, c.UnknownVariant(7, {"type": 7, "x": 1}))
        self.assertEqual(c.encode(unknown), {"type": 7, "x": 1})
        self.assertEqual(decode_SessionUpdateParams({"type": "brand_new", "x": 1}).tag, "brand_new")
        with self.assertRaises(c.DecodeError):
            decode_SessionUpdateParams({"sessionId": "s"})  # no tag at all

    def test_encode_goes_through_to_json_and_containers(self) -> None:
        @dataclass
        class Point:
            x: int

            def to_json(self) -> dict[str, Any]:
                return {"X": self.x}

        self.assertEqual(c.encode({"p": [Point(1), (Point(2),)], "n": None}), {"p": [{"X": 1}, [{"X": 2}]], "n": None})
        self.assertEqual(c.encode(ConfigEntry(prop="a", value=[1, None])), {"prop": "a", "value": [1, None]})

    def test_positional_leaves_trailing_unset_out(self) -> None:
        self.assertEqual(c.positional([1, UNSET, None, UNSET]), [1, None, None])
        self.assertEqual(c.positional([UNSET]), [])


class DumpsTest(unittest.TestCase):
    def test_numbers_are_written_as_javascript_writes_them(self) -> None:
        cases = {1e-7: "1e-7", 0.000001: "0.000001", 1e21: "1e+21", 1e20: "100000000000000000000", 100.0: "100",
                 -2.5e-300: "-2.5e-300", 0.1: "0.1", -0.0: "0", 5e-324: "5e-324", 1.7976931348623157e308: "1.7976931348623157e+308"}
        for value, text in cases.items():
            with self.subTest(value=value):
                self.assertEqual(c.dumps(value), text)

    def test_integers_keep_every_digit_and_text_round_trips(self) -> None:
        text = '{"a":[18446744073709551615,-9223372036854775809,1.5,"\\u0000\\n\\u001f é",true,null],"b":{}}'
        self.assertEqual(c.dumps(c.loads(text)), text)
        self.assertEqual(c.loads(c.dumps(2**80)), 2**80)
        self.assertEqual(json.loads(c.dumps({"s": "\ud800"})), {"s": "\ud800"})  # a lone surrogate, escaped


if __name__ == "__main__":
    unittest.main()
