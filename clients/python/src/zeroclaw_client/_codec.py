"""Converters between wire JSON and the generated dataclasses.

The generated ``from_json`` methods are lists of ``field(obj, "wire", converter)`` calls; the
converters here check each value's JSON type as they go, so a decoded object is what its
annotations say, and a mismatch names the path it was found at.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from functools import cache
from typing import Any, TypeVar

T = TypeVar("T")
Converter = Callable[[Any], T]


class DecodeError(ValueError):
    """A wire value does not have the shape the protocol declares for it."""

    def __init__(self, message: str, path: tuple[str, ...] = ()) -> None:
        super().__init__(message)
        self.reason = message
        self.path = path

    def at(self, key: str) -> DecodeError:
        """The same error, one level further out."""
        return DecodeError(self.reason, (key, *self.path))

    def __str__(self) -> str:
        return f"{'.'.join(self.path)}: {self.reason}" if self.path else self.reason


def _kind(value: Any) -> str:
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


def obj(data: Any, name: str) -> Mapping[str, Any]:
    if not isinstance(data, dict):
        raise DecodeError(f"expected {name} (an object), got {_kind(data)}")
    return data


def field(data: Mapping[str, Any], key: str, convert: Converter[T]) -> T:
    """A required member."""
    if key not in data:
        raise DecodeError("missing", (key,))
    try:
        return convert(data[key])
    except DecodeError as e:
        raise e.at(key) from None


def optional(data: Mapping[str, Any], key: str, convert: Converter[T]) -> T | None:
    """An optional member: ``None`` when absent (or null)."""
    value = data.get(key)
    if value is None:
        return None
    try:
        return convert(value)
    except DecodeError as e:
        raise e.at(key) from None


def tag(data: Any, key: str) -> str:
    """A tagged union's tag, read before the variant is known."""
    value = obj(data, "a tagged object").get(key)
    if not isinstance(value, str):
        raise DecodeError(f"expected a string tag, got {_kind(value)}", (key,))
    return value


def string(value: Any) -> str:
    if not isinstance(value, str):
        raise DecodeError(f"expected a string, got {_kind(value)}")
    return value


def integer(value: Any) -> int:
    if isinstance(value, bool) or not isinstance(value, int):
        if isinstance(value, float) and value.is_integer():
            return int(value)
        raise DecodeError(f"expected an integer, got {_kind(value)}")
    return value


def number(value: Any) -> float:
    if isinstance(value, bool) or not isinstance(value, (int, float)):
        raise DecodeError(f"expected a number, got {_kind(value)}")
    return float(value)


def boolean(value: Any) -> bool:
    if not isinstance(value, bool):
        raise DecodeError(f"expected a boolean, got {_kind(value)}")
    return value


def null(value: Any) -> None:
    if value is not None:
        raise DecodeError(f"expected null, got {_kind(value)}")


def any_value(value: Any) -> Any:
    return value


def json_object(value: Any) -> dict[str, Any]:
    return dict(obj(value, "an object"))


# The factories are cached: generated decoders call them on every decode with the same arguments.


@cache
def literal(*allowed: Any) -> Converter[Any]:
    def convert(value: Any) -> Any:
        # `type(...) is` keeps True from matching 1 (and 1 from matching True).
        for a in allowed:
            if type(a) is type(value) and a == value:
                return value
        raise DecodeError(f"expected one of {', '.join(map(repr, allowed))}, got {value!r}")

    return convert


@cache
def nullable(convert: Converter[T]) -> Converter[T | None]:
    return lambda value: None if value is None else convert(value)


@cache
def list_of(convert: Converter[T]) -> Converter[list[T]]:
    def convert_list(value: Any) -> list[T]:
        if not isinstance(value, list):
            raise DecodeError(f"expected an array, got {_kind(value)}")
        out = []
        for i, item in enumerate(value):
            try:
                out.append(convert(item))
            except DecodeError as e:
                raise e.at(str(i)) from None
        return out

    return convert_list


@cache
def dict_of(convert: Converter[T]) -> Converter[dict[str, T]]:
    def convert_dict(value: Any) -> dict[str, T]:
        out = {}
        for key, item in obj(value, "an object").items():
            try:
                out[key] = convert(item)
            except DecodeError as e:
                raise e.at(key) from None
        return out

    return convert_dict


@cache
def first_of(*converters: Converter[Any]) -> Converter[Any]:
    """An untagged union: the first converter that accepts the value."""

    def convert(value: Any) -> Any:
        errors = []
        for c in converters:
            try:
                return c(value)
            except DecodeError as e:
                errors.append(str(e))
        raise DecodeError(" / ".join(errors))

    return convert


def encode(value: Any) -> Any:
    """The wire form of any value: dataclasses through ``to_json``, containers item by item."""
    to_json = getattr(value, "to_json", None)
    if callable(to_json):
        return to_json()
    if isinstance(value, (list, tuple)):
        return [encode(v) for v in value]
    if isinstance(value, dict):
        return {k: encode(v) for k, v in value.items()}
    return value
