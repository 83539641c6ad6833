# SPDX-License-Identifier: MIT
"""The examples in the package's docstrings, run as doctests inside an
ordinary test, so that unittest and pytest both run them."""
import doctest
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


if __name__ == "__main__":
    unittest.main()
