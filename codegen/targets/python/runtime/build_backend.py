"""The package's own PEP 517 / PEP 660 build backend, standard library only.

Why not setuptools: pip builds in an isolated environment and installs the backend's `requires` into
it from the package index, so any backend that is not in this tree makes `pip install ./PACKAGE`
fail on a machine without a package index. This one needs nothing (`requires = []`): it zips `src/`
into a pure-Python wheel.

What it supports is what this package uses: a `src/` layout whose top-level entries are the packages
(data files like `py.typed` go in with the code), and the `[project]` keys in `_FIELDS` below; any
other key is refused rather than silently left out of the metadata. Output is byte-for-byte
reproducible: sorted entries, fixed timestamps and modes, gzip header without a date.
"""

import base64
import csv
import gzip
import hashlib
import io
import os
import re
import tarfile
import tomllib
import zipfile
from collections.abc import Iterator
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent  # the package (an unpacked sdist has the same shape)
SRC = ROOT / "src"
SDIST_FILES = ["pyproject.toml", "README.md", "build_backend", "src", "tests", "examples"]
EPOCH = (1980, 1, 1, 0, 0, 0)  # the earliest time a zip entry can carry
TAG = "py3-none-any"

# [project] key -> METADATA field (None: handled by hand below). Metadata-Version 2.1: what every
# pip since 2018 reads without warnings.
_FIELDS = {"name": "Name", "version": "Version", "description": "Summary", "requires-python":
           "Requires-Python", "dependencies": "Requires-Dist", "classifiers": "Classifier",
           "readme": None, "license": None}


def _project() -> dict[str, Any]:
    project: dict[str, Any] = tomllib.loads((ROOT / "pyproject.toml").read_text("utf-8"))["project"]
    unknown = sorted(set(project) - set(_FIELDS))
    if unknown:  # e.g. scripts or optional-dependencies: teach this file first
        raise ValueError(f"build_backend/openrpc_build.py does not support [project] {unknown}")
    return project


_NOT_IN_HEADER = re.compile(r"[\x00-\x1f\x7f-\x9f\u2028\u2029\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069\ufeff]+")


def _header(value: object) -> str:
    """A METADATA header value on one line: a line break in a value would start a header of its own
    (``MIT\nRequires-Dist: x`` would add a dependency), so every control character, line or paragraph
    separator and invisible formatting character becomes a space."""
    return _NOT_IN_HEADER.sub(" ", str(value)).strip()


def _metadata(project: dict[str, Any]) -> str:
    lines = ["Metadata-Version: 2.1"]
    for key, field in _FIELDS.items():
        value: Any = project.get(key)
        if field and value is not None:
            values: list[Any] = value if isinstance(value, list) else [value]  # pyright: ignore[reportUnknownVariableType]
            lines += [f"{field}: {_header(v)}" for v in values]
    license: Any = project.get("license")
    if license is not None:  # only the table form { text = "…" }; a PEP 639 expression needs 2.4
        if not isinstance(license, dict) or list(license) != ["text"]:  # pyright: ignore[reportUnknownArgumentType]
            raise ValueError(f"build_backend/openrpc_build.py needs license = {{ text = ... }}, not {license!r}")
        lines.append(f"License: {_header(license['text'])}")
    readme = project.get("readme")
    if isinstance(readme, str):
        readme = {"file": readme}
    body = ""
    if readme:  # the long description: the header block, a blank line, then the README itself
        markdown = readme["file"].endswith(".md")
        kind = readme.get("content-type") or ("text/markdown" if markdown else "text/plain")
        lines.append(f"Description-Content-Type: {kind}")
        body = "\n" + (ROOT / readme["file"]).read_text("utf-8")
    return "\n".join(lines) + "\n" + body


def _names(project: dict[str, Any]) -> tuple[str, str]:
    """(escaped name, version) as wheel and sdist file names spell them (PEP 427, PEP 625)."""
    name = "_".join(filter(None, project["name"].replace(".", "-").replace("_", "-").split("-")))
    return name.lower(), project["version"]


def _files(base: Path, rel: str = "") -> Iterator[tuple[str, Path]]:
    """(archive path, file) under base, sorted; bytecode and build leftovers skipped."""
    for path in sorted(base.rglob("*")):
        parts = path.relative_to(base).parts
        if path.is_file() and path.suffix != ".pyc" and not any(map(_skipped, parts)):
            yield rel + "/".join(parts), path


def _skipped(part: str) -> bool:
    return part == "__pycache__" or part.endswith(".egg-info")


def _dist_info(project: dict[str, Any]) -> dict[str, bytes]:
    tops = sorted(p.name.removesuffix(".py") for p in SRC.iterdir() if not _skipped(p.name))
    return {
        "METADATA": _metadata(project).encode(),
        "WHEEL": f"Wheel-Version: 1.0\nGenerator: openrpc_build\nRoot-Is-Purelib: true\nTag: {TAG}\n".encode(),
        "top_level.txt": "".join(t + "\n" for t in tops).encode(),
    }


def _wheel(directory: str, entries: list[tuple[str, bytes]]) -> str:
    """Write the wheel: the given entries, then *.dist-info with RECORD (sha256 of every entry) last."""
    project = _project()
    name, version = _names(project)
    info = f"{name}-{version}.dist-info"
    entries = entries + [(f"{info}/{k}", v) for k, v in _dist_info(project).items()]
    record = io.StringIO()
    writer = csv.writer(record, lineterminator="\n")
    for path, data in entries:
        digest = base64.urlsafe_b64encode(hashlib.sha256(data).digest()).rstrip(b"=").decode()
        writer.writerow([path, f"sha256={digest}", len(data)])
    writer.writerow([f"{info}/RECORD", "", ""])
    entries.append((f"{info}/RECORD", record.getvalue().encode()))
    filename = f"{name}-{version}-{TAG}.whl"
    with zipfile.ZipFile(os.path.join(directory, filename), "w", zipfile.ZIP_DEFLATED) as zf:
        for path, data in entries:
            zi = zipfile.ZipInfo(path, EPOCH)
            zi.external_attr, zi.compress_type = 0o100644 << 16, zipfile.ZIP_DEFLATED
            zf.writestr(zi, data)
    return filename


# -- PEP 517 hooks ------------------------------------------------------------------------------------

def get_requires_for_build_wheel(config_settings: dict[str, Any] | None = None) -> list[str]:
    return []


def get_requires_for_build_sdist(config_settings: dict[str, Any] | None = None) -> list[str]:
    return []


def get_requires_for_build_editable(config_settings: dict[str, Any] | None = None) -> list[str]:
    return []


def prepare_metadata_for_build_wheel(metadata_directory: str, config_settings: dict[str, Any] | None = None) -> str:
    project = _project()
    info = Path(metadata_directory, "{}-{}.dist-info".format(*_names(project)))
    info.mkdir(parents=True, exist_ok=True)
    for k, v in _dist_info(project).items():
        (info / k).write_bytes(v)
    return info.name


prepare_metadata_for_build_editable = prepare_metadata_for_build_wheel


def build_wheel(
    wheel_directory: str, config_settings: dict[str, Any] | None = None, metadata_directory: str | None = None
) -> str:
    return _wheel(wheel_directory, [(arc, path.read_bytes()) for arc, path in _files(SRC)])


def build_editable(
    wheel_directory: str, config_settings: dict[str, Any] | None = None, metadata_directory: str | None = None
) -> str:
    # PEP 660: the wheel holds only a .pth that puts this tree's src/ on sys.path, so edits to the
    # sources (and `npm run generate`) show up without reinstalling.
    name, version = _names(_project())
    return _wheel(wheel_directory, [(f"__editable__.{name}-{version}.pth", f"{SRC}\n".encode())])


def build_sdist(sdist_directory: str, config_settings: dict[str, Any] | None = None) -> str:
    project = _project()
    base = "{}-{}".format(*_names(project))
    filename = f"{base}.tar.gz"

    def add(tar: tarfile.TarFile, arc: str, data: bytes) -> None:
        ti = tarfile.TarInfo(f"{base}/{arc}")
        ti.size, ti.mode, ti.mtime = len(data), 0o644, 315532800  # 1980-01-01, as in the wheel
        tar.addfile(ti, io.BytesIO(data))

    with open(os.path.join(sdist_directory, filename), "wb") as raw, \
            gzip.GzipFile(fileobj=raw, mode="wb", filename="", mtime=0) as gz, \
            tarfile.open(fileobj=gz, mode="w", format=tarfile.PAX_FORMAT) as tar:
        for top in SDIST_FILES:
            path = ROOT / top
            for arc, file in ([(top, path)] if path.is_file() else _files(path, top + "/")):
                add(tar, arc, file.read_bytes())
        add(tar, "PKG-INFO", _metadata(project).encode())
    return filename
