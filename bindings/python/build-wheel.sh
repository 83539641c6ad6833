#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# Builds the Python wheel from the top of the checkout with meson-python
# (pyproject.toml, no network: --no-build-isolation), installs it into a
# fresh virtual environment that sees nothing else (no system packages, no
# PYTHONPATH, no FANORONA_LIBRARY), and from a directory outside the
# checkout checks that `import fanorona` loads the copy of libfanorona
# inside the wheel and runs the package's unittest suites there.
# Needs Debian's python3-mesonpy, python3-venv and patchelf.
# Usage: bindings/python/build-wheel.sh [FANORONA_CLI] [OUTPUT_DIR]
#   FANORONA_CLI: the fanorona program, for the tests that compare with it
#   (without it they are skipped); OUTPUT_DIR keeps the wheel.
set -euo pipefail

top=$(cd "$(dirname "$0")/../.." && pwd)
cli=${1:+$(cd "$(dirname "$1")" && pwd)/$(basename "$1")}
keep=${2:-}
started=$SECONDS
step() { echo "== $* ($((SECONDS - started)) s)"; }

# The interpreter that has meson-python: $PYTHON, else Debian's.
python=${PYTHON:-}
if [ -z "$python" ]; then
    for p in python3 /usr/bin/python3; do
        if "$p" -c 'import mesonpy' 2>/dev/null; then python=$p; break; fi
    done
fi
if [ -z "$python" ]; then
    echo "FAIL: no python3 with meson-python (apt-get install python3-mesonpy)" >&2
    exit 1
fi
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
unset PYTHONPATH FANORONA_LIBRARY

step "building the wheel with $python"
"$python" -m venv --system-site-packages "$tmp/build-venv"
(cd "$top" && "$tmp/build-venv/bin/pip" wheel --no-build-isolation --no-deps \
    --no-index -w "$tmp/dist" .) >"$tmp/wheel.log" 2>&1 ||
    { cat "$tmp/wheel.log"; echo "FAIL: the wheel did not build" >&2; exit 1; }
wheel=$(ls "$tmp"/dist/fanorona-*.whl)
echo "${wheel##*/}"
contents=$("$python" -m zipfile -l "$wheel" | awk 'NR > 1 { print "  " $1 }')
echo "$contents"
echo "$contents" | grep -q 'libfanorona\.so' ||
    { echo "FAIL: the wheel carries no libfanorona" >&2; exit 1; }

step "installing it into a fresh venv"
"$python" -m venv "$tmp/venv"
"$tmp/venv/bin/pip" install --no-index --quiet "$wheel"
venv_python=$tmp/venv/bin/python

step "import fanorona from outside the checkout"
mkdir "$tmp/elsewhere"
cd "$tmp/elsewhere"
out=$("$venv_python" -c 'import fanorona
print(fanorona.library_path)
print(fanorona.Position().perft(3))')
echo "$out"
case "$(echo "$out" | head -n 1)" in
    "$tmp/venv/"*) ;;
    *) echo "FAIL: the library loaded is not the wheel's copy" >&2; exit 1 ;;
esac
[ "$(echo "$out" | tail -n 1)" = 724 ] ||
    { echo "FAIL: perft 3 is not 724" >&2; exit 1; }
"$venv_python" -c 'import fanorona, pathlib, sys
typed = pathlib.Path(fanorona.__file__).with_name("py.typed")
sys.exit(0 if typed.exists() else "FAIL: no py.typed in the installed package")'

step "the package's tests, from outside the checkout"
cp -r "$top/bindings/python/tests" "$tmp/elsewhere/tests"
cd "$tmp/elsewhere/tests"
FANORONA_CLI=${cli:-/nonexistent/fanorona} PYTHONDONTWRITEBYTECODE=1 \
    "$venv_python" -m unittest discover -v -p 'test_*.py' 2>&1 |
    tee "$tmp/tests.log" | grep -E '^(Ran|OK|FAILED)|\.\.\. (FAIL|ERROR)' || true
if ! grep -qE '^OK' "$tmp/tests.log"; then
    tail -n 40 "$tmp/tests.log"
    echo "FAIL: the tests of the installed wheel failed" >&2
    exit 1
fi
# the tests ran the installed package, not a copy from the checkout
grep -q "$top" "$tmp/tests.log" &&
    { echo "FAIL: the tests touched the checkout" >&2; exit 1; }

if [ -n "$keep" ]; then
    mkdir -p "$keep" && cp "$wheel" "$keep"/ && echo "wheel kept in $keep"
fi
step "ok: wheel built, installed and tested"
