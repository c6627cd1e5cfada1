"""JSON in and out of the generated types.

Decoding is typed per position: the generated ``from_json`` methods and ``decode_*`` functions are
made of the converters here, which check each value's JSON type as they go, so a decoded value is
what its annotation says and a mismatch names the path it was found at. Encoding is structural:
``encode`` turns any value of a generated type back into JSON (dataclasses through ``to_json``).

``dumps`` writes JSON the way JavaScript's ``JSON.stringify`` does (numbers in their shortest form,
``1e-7`` rather than ``1e-07``, ``100`` for the double ``100.0``), so a value decoded and encoded
again is the same text, and integers of any size keep every digit (Python's ``int``).
"""

from __future__ import annotations

import dataclasses
import decimal
import enum
import json
import re
from collections.abc import Callable, Sequence
from json.encoder import encode_basestring
from typing import Any, Final, TypeAlias, TypeVar, Union

# `Union` rather than `|`: the alias is recursive, and this way it is a real typing object at run time
# (`typing.get_type_hints` can resolve annotations that use it).
JsonValue: TypeAlias = Union[None, bool, int, float, str, list["JsonValue"], dict[str, "JsonValue"]]  # noqa: UP007
"""Any JSON value, as ``json.loads`` gives it."""

T = TypeVar("T")
Decoder: TypeAlias = Callable[[JsonValue], T]


class Unset(enum.Enum):
    """The type of ``UNSET``: a member left out, told apart from one sent as ``null``."""

    UNSET = "UNSET"

    def __repr__(self) -> str:
        return "UNSET"

    def __bool__(self) -> bool:
        return False


UNSET: Final = Unset.UNSET
"""An optional member (or by-position param) that may also be ``null``, left out."""


class DecodeError(ValueError):
    """A wire value does not have the shape the document declares for it."""

    def __init__(self, message: str, path: tuple[str, ...] = ()) -> None:
        super().__init__(message)
        self.reason = message
        self.path = path

    def at(self, key: str) -> DecodeError:
        """The same error, one level further out."""
        return DecodeError(self.reason, (key, *self.path))

    def __str__(self) -> str:
        return f"{'.'.join(self.path)}: {self.reason}" if self.path else self.reason


def _kind(value: object) -> str:
    if value is None:
        return "null"
    if isinstance(value, bool):
        return "a boolean"
    if isinstance(value, (int, float)):
        return "a number"
    if isinstance(value, str):
        return "a string"
    if isinstance(value, list):
        return "an array"
    if isinstance(value, dict):
        return "an object"
    return type(value).__name__


# ---- decoders ----------------------------------------------------------------------------------


def obj(value: JsonValue, name: str) -> dict[str, JsonValue]:
    if not isinstance(value, dict):
        raise DecodeError(f"expected {name} (an object), got {_kind(value)}")
    return value


def field(o: dict[str, JsonValue], key: str, decode: Decoder[T]) -> T:
    """A required member."""
    if key not in o:
        raise DecodeError("missing", (key,))
    try:
        return decode(o[key])
    except DecodeError as e:
        raise e.at(key) from None


def optional(o: dict[str, JsonValue], key: str, decode: Decoder[T]) -> T | None:
    """An optional member that cannot be null: ``None`` when absent (a ``null`` counts as absent)."""
    value = o.get(key)
    if value is None:
        return None
    try:
        return decode(value)
    except DecodeError as e:
        raise e.at(key) from None


def maybe(o: dict[str, JsonValue], key: str, decode: Decoder[T]) -> T | Unset:
    """An optional member that may be null: ``UNSET`` when absent, so ``null`` stays ``null``."""
    if key not in o:
        return UNSET
    try:
        return decode(o[key])
    except DecodeError as e:
        raise e.at(key) from None


def rest(o: dict[str, JsonValue], known: Sequence[str], decode: Decoder[T]) -> dict[str, T]:
    """The members an object has besides its declared ones (``additionalProperties``)."""
    return dict_of(decode)({k: v for k, v in o.items() if k not in known})


def empty_map() -> dict[str, Any]:
    """The default of ``additional_properties``."""
    return {}


def tag(o: dict[str, JsonValue], key: str) -> JsonValue:
    """A tagged union's tag, read before the variant is known."""
    if key not in o:
        raise DecodeError("missing tag", (key,))
    return o[key]


def string(value: JsonValue) -> str:
    if not isinstance(value, str):
        raise DecodeError(f"expected a string, got {_kind(value)}")
    return value


def integer(value: JsonValue) -> int:
    if isinstance(value, bool) or not isinstance(value, (int, float)):
        raise DecodeError(f"expected an integer, got {_kind(value)}")
    if isinstance(value, float):
        if not value.is_integer():
            raise DecodeError(f"expected an integer, got {value!r}")
        return int(value)
    return value


def number(value: JsonValue) -> float:
    """A number; an integer stays an ``int`` (every digit kept), as the numeric tower allows."""
    if isinstance(value, bool) or not isinstance(value, (int, float)):
        raise DecodeError(f"expected a number, got {_kind(value)}")
    return value


def boolean(value: JsonValue) -> bool:
    if not isinstance(value, bool):
        raise DecodeError(f"expected a boolean, got {_kind(value)}")
    return value


def null(value: JsonValue) -> None:
    if value is not None:
        raise DecodeError(f"expected null, got {_kind(value)}")


def any_json(value: JsonValue) -> JsonValue:
    return value


def literal(*allowed: str | int | float | bool) -> Decoder[Any]:
    """One of the given values; ``True`` is not ``1`` and ``1`` is not ``True``."""

    def decode(value: JsonValue) -> Any:
        for a in allowed:
            if type(a) is type(value) and a == value:
                return value
            if type(a) in (int, float) and type(value) in (int, float) and a == value:
                return a
        raise DecodeError(f"expected one of {', '.join(map(json.dumps, allowed))}, got {dumps(value)}")

    return decode


def nullable(decode: Decoder[T]) -> Decoder[T | None]:
    return lambda value: None if value is None else decode(value)


def list_of(decode: Decoder[T]) -> Decoder[list[T]]:
    def decode_list(value: JsonValue) -> list[T]:
        if not isinstance(value, list):
            raise DecodeError(f"expected an array, got {_kind(value)}")
        out: list[T] = []
        for i, item in enumerate(value):
            try:
                out.append(decode(item))
            except DecodeError as e:
                raise e.at(str(i)) from None
        return out

    return decode_list


def tuple_of(*decoders: Decoder[Any]) -> Decoder[tuple[Any, ...]]:
    """A JSON array of exactly one value per position, each by its own decoder."""

    def decode_tuple(value: JsonValue) -> tuple[Any, ...]:
        if not isinstance(value, list):
            raise DecodeError(f"expected an array, got {_kind(value)}")
        if len(value) != len(decoders):
            raise DecodeError(f"expected {len(decoders)} items, got {len(value)}")
        out: list[Any] = []
        for i, (decode, item) in enumerate(zip(decoders, value)):
            try:
                out.append(decode(item))
            except DecodeError as e:
                raise e.at(str(i)) from None
        return tuple(out)

    return decode_tuple


def dict_of(decode: Decoder[T]) -> Decoder[dict[str, T]]:
    def decode_dict(value: JsonValue) -> dict[str, T]:
        out: dict[str, T] = {}
        for key, item in obj(value, "a map").items():
            try:
                out[key] = decode(item)
            except DecodeError as e:
                raise e.at(key) from None
        return out

    return decode_dict


def first_of(*decoders: Decoder[Any]) -> Decoder[Any]:
    """An untagged union: what the first decoder that accepts the value makes of it."""

    def decode(value: JsonValue) -> Any:
        errors: list[str] = []
        for d in decoders:
            try:
                return d(value)
            except DecodeError as e:
                errors.append(str(e))
        raise DecodeError(f"matches no variant ({' / '.join(errors)})")

    return decode


def args(*decoders: Decoder[Any]) -> Decoder[tuple[Any, ...]]:
    """By-position params: each decoded by its own decoder, a missing trailing one as ``None``."""

    def decode(value: JsonValue) -> tuple[Any, ...]:
        items = [] if value is None else value
        if not isinstance(items, list):
            raise DecodeError(f"expected params by position (an array), got {_kind(value)}")
        out: list[Any] = []
        for i, d in enumerate(decoders):
            try:
                out.append(d(items[i]) if i < len(items) else None)
            except DecodeError as e:
                raise e.at(str(i)) from None
        return tuple(out)

    return decode


@dataclasses.dataclass(frozen=True, slots=True)
class UnknownVariant:
    """A tagged-union value whose tag this package was not generated with (a newer server): its tag
    and the JSON as received, which ``to_json`` sends back unchanged. Go's ``*UnknownVariant`` and
    Rust's ``Unknown`` variant are the same answer (codegen/README.md)."""

    tag: JsonValue
    raw: JsonValue

    def to_json(self) -> JsonValue:
        return self.raw


# ---- encoding ----------------------------------------------------------------------------------


def encode(value: object) -> JsonValue:
    """The JSON form of any value of a generated type: dataclasses through ``to_json``."""
    if value is None or isinstance(value, (bool, int, float, str)):
        return value
    to_json: Callable[[], JsonValue] | None = getattr(value, "to_json", None)
    if to_json is not None:
        return to_json()
    items: Any = value
    if isinstance(value, (list, tuple)):
        return [encode(v) for v in items]
    if isinstance(value, dict):
        return {str(k): encode(v) for k, v in items.items()}
    raise TypeError(f"{type(value).__name__} is not a JSON value")


def positional(args: Sequence[object]) -> list[JsonValue]:
    """By-position params: trailing ``UNSET`` ones left out, earlier ones sent as ``null``."""
    end = len(args)
    while end > 0 and args[end - 1] is UNSET:
        end -= 1
    return [None if a is UNSET else encode(a) for a in args[:end]]


_SURROGATE = re.compile("[\ud800-\udfff]")


def _string(s: str) -> str:
    text: str = encode_basestring(s)
    return _SURROGATE.sub(lambda m: f"\\u{ord(m.group()):04x}", text)


def _number(f: float) -> str:
    """A double as JavaScript writes it (ECMAScript Number::toString): shortest digits, JS exponents."""
    if f != f or f in (float("inf"), float("-inf")):
        raise ValueError(f"{f} is not a JSON number")
    if f == 0:
        return "0"
    parts = decimal.Decimal(repr(abs(f))).as_tuple()
    written = "".join(map(str, parts.digits))
    digits = written.rstrip("0")
    k = len(digits)
    n = k + int(parts.exponent) + len(written) - k  # the decimal point sits after `n` digits
    sign = "-" if f < 0 else ""
    if k <= n <= 21:
        return sign + digits + "0" * (n - k)
    if 0 < n <= 21:
        return sign + digits[:n] + "." + digits[n:]
    if -6 < n <= 0:
        return sign + "0." + "0" * -n + digits
    e = n - 1
    body = digits if k == 1 else digits[0] + "." + digits[1:]
    return f"{sign}{body}e{'+' if e >= 0 else '-'}{abs(e)}"


def dumps(value: JsonValue) -> str:
    """Compact JSON text, as ``JSON.stringify`` writes it."""
    if value is None:
        return "null"
    if value is True:
        return "true"
    if value is False:
        return "false"
    if isinstance(value, int):
        return str(value)
    if isinstance(value, float):
        return _number(value)
    if isinstance(value, str):
        return _string(value)
    if isinstance(value, list):
        return "[" + ",".join(dumps(v) for v in value) + "]"
    return "{" + ",".join(f"{_string(k)}:{dumps(v)}" for k, v in value.items()) + "}"


def loads(text: str | bytes) -> JsonValue:
    """Parses JSON text; integers of any size keep every digit."""
    parsed: JsonValue = json.loads(text)
    return parsed
