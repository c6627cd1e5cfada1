"""The in-tree build backend (build_backend/openrpc_build.py, emitted by the Python target): what it writes, byte for byte.

pip only checks that a wheel installs; these check what pip does not: RECORD's hashes, the metadata
taken from pyproject.toml, and that two builds a moment apart are identical.
"""

from __future__ import annotations

import base64
import csv
import hashlib
import importlib.util
import io
import tarfile
import tempfile
import time
import tomllib
import unittest
import zipfile
from email.parser import Parser
from pathlib import Path

PKG = Path(__file__).resolve().parents[1]
_spec = importlib.util.spec_from_file_location("openrpc_build", PKG / "build_backend" / "openrpc_build.py")
assert _spec and _spec.loader
backend = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(backend)

PROJECT = tomllib.loads((PKG / "pyproject.toml").read_text("utf-8"))["project"]
INFO = f"zeroclaw_client-{PROJECT['version']}.dist-info"


def sha256(data: bytes) -> str:
    return "sha256=" + base64.urlsafe_b64encode(hashlib.sha256(data).digest()).rstrip(b"=").decode()


class BuildBackendTest(unittest.TestCase):
    def setUp(self) -> None:
        tmp = tempfile.TemporaryDirectory()
        self.addCleanup(tmp.cleanup)
        self.tmp = Path(tmp.name)

    def build(self, hook: str, name: str) -> Path:
        out = self.tmp / name
        out.mkdir()
        return out / getattr(backend, hook)(str(out))

    def check_record(self, wheel: zipfile.ZipFile) -> None:
        rows = list(csv.reader(io.StringIO(wheel.read(f"{INFO}/RECORD").decode())))
        self.assertEqual([r[0] for r in rows], wheel.namelist())  # every entry, RECORD last
        self.assertEqual(rows[-1], [f"{INFO}/RECORD", "", ""])
        for path, digest, size in rows[:-1]:
            self.assertEqual((digest, int(size)), (sha256(wheel.read(path)), len(wheel.read(path))), path)
        for entry in wheel.infolist():
            self.assertEqual((entry.date_time, entry.external_attr >> 16), ((1980, 1, 1, 0, 0, 0), 0o100644))

    def test_needs_nothing_to_build(self) -> None:
        for hook in ("wheel", "sdist", "editable"):
            self.assertEqual(getattr(backend, f"get_requires_for_build_{hook}")(), [])

    def test_wheel_is_pure_typed_and_recorded(self) -> None:
        path = self.build("build_wheel", "w")
        self.assertEqual(path.name, f"zeroclaw_client-{PROJECT['version']}-py3-none-any.whl")
        with zipfile.ZipFile(path) as wheel:
            self.check_record(wheel)
            names = wheel.namelist()
            src = PKG / "src"
            sources = sorted(p.relative_to(src).as_posix() for p in (src / "zeroclaw_client").rglob("*")
                             if p.is_file() and p.suffix != ".pyc" and "__pycache__" not in p.parts)
            self.assertEqual(sorted(n for n in names if n.startswith("zeroclaw_client/")), sources)
            self.assertIn("zeroclaw_client/runtime/connection.py", names)
            self.assertIn("zeroclaw_client/py.typed", names)
            self.assertEqual(wheel.read(f"{INFO}/top_level.txt"), b"zeroclaw_client\n")
            self.assertIn(b"Root-Is-Purelib: true\nTag: py3-none-any\n", wheel.read(f"{INFO}/WHEEL"))
            meta = Parser().parsestr(wheel.read(f"{INFO}/METADATA").decode())
        self.assertEqual((meta["Metadata-Version"], meta["Name"], meta["Version"]),
                         ("2.1", PROJECT["name"], PROJECT["version"]))
        self.assertEqual(meta["Summary"], PROJECT["description"])
        self.assertEqual(meta["Requires-Python"], PROJECT["requires-python"])
        self.assertEqual(meta["License"], PROJECT["license"]["text"])
        self.assertEqual(meta.get_all("Classifier"), PROJECT["classifiers"])
        self.assertIsNone(meta.get_all("Requires-Dist"))  # standard library only
        self.assertEqual(meta["Description-Content-Type"], "text/markdown")
        self.assertEqual(meta.get_payload(), (PKG / "README.md").read_text("utf-8"))

    def test_prepared_metadata_is_the_wheels(self) -> None:
        out = self.tmp / "m"
        name = backend.prepare_metadata_for_build_wheel(str(out))
        self.assertEqual(name, INFO)
        with zipfile.ZipFile(self.build("build_wheel", "w")) as wheel:
            for f in (out / name).iterdir():
                self.assertEqual(f.read_bytes(), wheel.read(f"{INFO}/{f.name}"), f.name)

    def test_editable_wheel_points_at_src(self) -> None:
        with zipfile.ZipFile(self.build("build_editable", "e")) as wheel:
            self.check_record(wheel)
            pth = [n for n in wheel.namelist() if n.endswith(".pth")]
            self.assertEqual(pth, [f"__editable__.zeroclaw_client-{PROJECT['version']}.pth"])
            self.assertEqual(wheel.read(pth[0]).decode(), f"{PKG / 'src'}\n")

    def test_sdist_has_what_a_build_needs(self) -> None:
        path = self.build("build_sdist", "s")
        base = f"zeroclaw_client-{PROJECT['version']}"
        self.assertEqual(path.name, f"{base}.tar.gz")
        with tarfile.open(path) as tar:
            names = tar.getnames()
            self.assertEqual({m.mtime for m in tar.getmembers()}, {315532800})
            for need in ("pyproject.toml", "README.md", "PKG-INFO", "build_backend/openrpc_build.py",
                         "src/zeroclaw_client/__init__.py", "src/zeroclaw_client/py.typed"):
                self.assertIn(f"{base}/{need}", names)
            self.assertFalse([n for n in names if "__pycache__" in n or n.endswith(".pyc")])

    def test_builds_are_reproducible(self) -> None:
        first = [self.build(hook, f"{hook}1").read_bytes() for hook in ("build_wheel", "build_sdist")]
        time.sleep(1.1)  # past a second boundary: a clock in the output would show
        second = [self.build(hook, f"{hook}2").read_bytes() for hook in ("build_wheel", "build_sdist")]
        self.assertEqual(first, second)
        self.assertEqual(first[1][4:8], b"\0\0\0\0")  # gzip header MTIME


if __name__ == "__main__":
    unittest.main()
