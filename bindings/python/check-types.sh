#!/bin/sh
# SPDX-License-Identifier: MIT
# The package's types: mypy --strict on the package (its .pyi files beside
# the code), mypy.stubtest to hold those types to the code as it runs
# (every public name, argument and default), and mypy --strict on the
# getting-started script and mypy on the tests, as users of the types.
# Usage: check-types.sh LIBRARY   (the libfanorona.so to import with)
# Exits 77 (skipped) where no python3 has mypy (Debian: apt-get install mypy).
set -eu
here=$(cd "$(dirname "$0")" && pwd)
python=
for p in ${MYPY_PYTHON:-} python3 /usr/bin/python3; do
    if "$p" -c 'import mypy.stubtest' 2>/dev/null; then python=$p; break; fi
done
if [ -z "$python" ]; then
    echo "no python3 with mypy: skipped"
    exit 77
fi
export FANORONA_LIBRARY=$1 PYTHONPATH=$here MYPYPATH=$here PYTHONDONTWRITEBYTECODE=1
# mypy's cache goes to a scratch directory, not into the source tree
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
cd "$tmp"
"$python" -m mypy --strict "$here/fanorona"
"$python" -m mypy.stubtest --allowlist "$here/stubtest-allowlist.txt" fanorona
"$python" -m mypy --strict "$here/getting_started.py"
"$python" -m mypy "$here/tests"
