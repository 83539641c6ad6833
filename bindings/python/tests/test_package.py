# SPDX-License-Identifier: MIT
"""The package as installed is the package as written: every module of
fanorona/ (and its .pyi) is in the list bindings/python/meson.build
installs, for the wheel and the Debian package alike."""
import re
import unittest
from pathlib import Path

HERE = Path(__file__).resolve().parent.parent


class PackageTest(unittest.TestCase):
    def test_every_module_is_installed(self):
        build = HERE / "meson.build"
        if not build.exists():
            self.skipTest("not in the source tree")
        listed = set(re.findall(r"'fanorona/([^']+)'", build.read_text()))
        present = {p.name for p in (HERE / "fanorona").iterdir()
                   if p.suffix in (".py", ".pyi", ".typed")}
        self.assertEqual(present - listed, set(),
                         "modules that meson.build does not install")
        self.assertEqual(listed - present, set(),
                         "meson.build installs files that do not exist")


if __name__ == "__main__":
    unittest.main()
