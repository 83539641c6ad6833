#!/bin/sh
# SPDX-License-Identifier: MIT
# The installed programs find the installed library by themselves: installs
# this build into a temporary DESTDIR (a prefix that no loader searches),
# then runs the installed `fanorona perft 3` with no LD_LIBRARY_PATH and
# checks that the library it loaded is the installed copy beside it.
# Usage: install-rpath.sh MESON BUILD_DIR
set -eu
meson=$1
build=$(cd "$2" && pwd)
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
root=$tmp/root

"$meson" install -C "$build" --no-rebuild --destdir "$root" --quiet >/dev/null
prog=$(find "$root" -type f -name fanorona -perm -u+x -print -quit)
lib=$(find "$root" -name 'libfanorona.so.*' -type f -print -quit)
if [ -z "$prog" ] || [ -z "$lib" ]; then
    echo "FAIL: no installed fanorona program or libfanorona.so.* under $root" >&2
    exit 1
fi
for p in "$prog" "$(dirname "$prog")/fanorona-engine"; do
    [ -x "$p" ] || continue
    if ! readelf -d "$p" | grep -q 'R.*PATH.*\$ORIGIN'; then
        echo "FAIL: $p has no \$ORIGIN run path:" >&2
        readelf -d "$p" | grep -i path >&2 || true
        exit 1
    fi
done

out=$(env -u LD_LIBRARY_PATH "$prog" perft 3)
if [ "$out" != "nodes 724" ]; then
    echo "FAIL: installed '$prog perft 3' printed: $out" >&2
    exit 1
fi
# The loader's choice: the copy under DESTDIR, not one installed elsewhere.
loaded=$(env -u LD_LIBRARY_PATH ldd "$prog" | awk '$1 ~ /^libfanorona\.so/ { print $3 }')
case "$loaded" in
    "$root"/*) ;;
    *) echo "FAIL: the installed program loads '$loaded', not the copy in $root" >&2
       exit 1 ;;
esac
echo "ok: $prog ran with the library at $loaded"
