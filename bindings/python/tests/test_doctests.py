# SPDX-License-Identifier: MIT
"""The package's docstrings: one on every public class, function, method
and property, and their examples run as doctests inside an ordinary test,
so that unittest and pytest both run them."""
import doctest
import inspect
import io
import unittest

import fanorona
from fanorona import errors, moves, position, search

MODULES = (fanorona, errors, moves, position, search)


class Docstrings(unittest.TestCase):
    def test_examples(self):
        finder = doctest.DocTestFinder()
        runner = doctest.DocTestRunner(optionflags=doctest.ELLIPSIS)
        out = io.StringIO()
        examples = 0
        for module in MODULES:
            for test in finder.find(module):
                examples += len(test.examples)
                runner.run(test, out=out.write)
        failed, attempted = runner.summarize(verbose=False)
        self.assertEqual(failed, 0, out.getvalue())
        # the package's own, the Turn, copy() and push_notation() examples
        self.assertGreaterEqual(examples, 10)

    def test_every_public_name_has_a_docstring(self):
        missing = []
        for name in fanorona.__all__:
            obj = getattr(fanorona, name)
            if inspect.isfunction(obj) and not (obj.__doc__ or "").strip():
                missing.append(name)
            if not inspect.isclass(obj):
                continue
            if not (obj.__doc__ or "").strip():
                missing.append(name)
            for attr, value in vars(obj).items():
                if attr.startswith("_"):
                    continue
                if isinstance(value, property):
                    value = value.fget
                value = getattr(value, "__func__", value)
                if inspect.isfunction(value) and \
                        not (value.__doc__ or "").strip():
                    missing.append(name + "." + attr)
        self.assertEqual(missing, [])


if __name__ == "__main__":
    unittest.main()
