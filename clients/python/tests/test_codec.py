"""The converters the generated from_json methods are made of."""

from __future__ import annotations

import unittest
from dataclasses import dataclass
from typing import Any

from zeroclaw_client import _codec as c


class ConvertersTest(unittest.TestCase):
    def test_scalars_are_checked(self) -> None:
        self.assertEqual(c.string("x"), "x")
        self.assertEqual(c.integer(3), 3)
        self.assertEqual(c.number(2), 2.0)
        self.assertIs(c.boolean(False), False)
        for convert, bad in [(c.string, 1), (c.integer, "1"), (c.integer, True), (c.number, "2"), (c.boolean, 0)]:
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
        data = {"outer": {"items": [1, "two"]}}
        with self.assertRaises(c.DecodeError) as caught:
            c.field(data, "outer", lambda v: c.field(c.obj(v, "X"), "items", c.list_of(c.integer)))
        self.assertEqual(caught.exception.path, ("outer", "items", "1"))
        self.assertIn("outer.items.1", str(caught.exception))

    def test_missing_and_optional_members(self) -> None:
        with self.assertRaises(c.DecodeError) as caught:
            c.field({}, "need", c.string)
        self.assertEqual(caught.exception.path, ("need",))
        self.assertIsNone(c.optional({}, "maybe", c.string))
        self.assertIsNone(c.optional({"maybe": None}, "maybe", c.string))
        self.assertIsNone(c.nullable(c.string)(None))

    def test_tag_needs_an_object_with_a_string_tag(self) -> None:
        self.assertEqual(c.tag({"type": "x"}, "type"), "x")
        for bad in [[], {"type": 1}, {}]:
            with self.subTest(bad=bad), self.assertRaises(c.DecodeError):
                c.tag(bad, "type")

    def test_dict_of_and_first_of(self) -> None:
        self.assertEqual(c.dict_of(c.integer)({"a": 1}), {"a": 1})
        either = c.first_of(c.integer, c.string)
        self.assertEqual(either("s"), "s")
        with self.assertRaises(c.DecodeError):
            either(None)

    def test_encode_goes_through_to_json_and_containers(self) -> None:
        @dataclass
        class Point:
            x: int

            def to_json(self) -> dict[str, Any]:
                return {"X": self.x}

        self.assertEqual(c.encode({"p": [Point(1), (Point(2),)], "n": None}), {"p": [{"X": 1}, [{"X": 2}]], "n": None})


if __name__ == "__main__":
    unittest.main()
