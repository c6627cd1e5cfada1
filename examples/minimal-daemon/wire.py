"""JSON for the wire: numbers keep the exact text the client wrote (SPEC §3: ids are echoed as sent,
12345678901234567890 and 1e400 included), and every line we write is one line of valid JSON."""

import json
import re


class RawNumber:
    """A JSON number as written by the peer."""

    __slots__ = ("text",)

    def __init__(self, text: str):
        self.text = text

    def is_integer(self) -> bool:
        return re.fullmatch(r"-?\d+", self.text) is not None

    def value(self):
        return int(self.text) if self.is_integer() else float(self.text)


def _refuse_constant(name: str):
    raise ValueError(f"{name} is not JSON")


def loads(text: str):
    """Strict JSON (no NaN/Infinity); numbers become RawNumber."""
    return json.loads(text, parse_int=RawNumber, parse_float=RawNumber, parse_constant=_refuse_constant)


def dumps(value) -> str:
    if isinstance(value, RawNumber):
        return value.text
    if value is None:
        return "null"
    if value is True:
        return "true"
    if value is False:
        return "false"
    if isinstance(value, (int, float, str)):
        return json.dumps(value, ensure_ascii=False)
    if isinstance(value, dict):
        return "{" + ",".join(f"{json.dumps(k, ensure_ascii=False)}:{dumps(v)}" for k, v in value.items()) + "}"
    if isinstance(value, (list, tuple)):
        return "[" + ",".join(dumps(v) for v in value) + "]"
    raise TypeError(f"cannot encode {type(value).__name__}")


def plain(value):
    """RawNumber → int/float, recursively: for values we look at, not echo."""
    if isinstance(value, RawNumber):
        return value.value()
    if isinstance(value, dict):
        return {k: plain(v) for k, v in value.items()}
    if isinstance(value, list):
        return [plain(v) for v in value]
    return value
