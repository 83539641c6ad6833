#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# Builds the Debian packages and tries them without installing them:
#   1. copies the source tree (tracked and new files, as git sees them) to
#      a temporary directory and runs `dpkg-buildpackage -us -uc -b` there,
#      so that the .debs do not land beside the checkout;
#   2. runs lintian on the result (any error fails; warnings are printed);
#   3. unpacks the four .debs with dpkg-deb -x into a temporary root;
#   4. compiles README.md's C example against that root with pkg-config
#      alone (PKG_CONFIG_SYSROOT_DIR, PKG_CONFIG_LIBDIR) and runs it with
#      LD_LIBRARY_PATH, checking it loaded the unpacked library;
#   5. runs the unpacked `fanorona perft 3` and `import fanorona` in the
#      system's python3 on the same library.
# Needs: dpkg-dev debhelper dh-python python3-all meson ninja-build
# pkg-config check groff-base lintian (see debian/control). Slow (the whole
# build and test suite run once more): a CI step of its own, not a meson test.
# Usage: debian/tests/build-and-try.sh [OUTPUT_DIR]   (keeps the .debs there)
set -euo pipefail

top=$(cd "$(dirname "$0")/../.." && pwd)
keep=${1:-}
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
started=$SECONDS
step() { echo "== $* ($((SECONDS - started)) s)"; }

version=$(dpkg-parsechangelog -l "$top/debian/changelog" -S Version)
src=$tmp/src/libfanorona-$version
mkdir -p "$src"
step "copying the source tree to $src"
(cd "$top" && git ls-files -z --cached --others --exclude-standard |
    while IFS= read -r -d '' f; do [ -e "$f" ] && printf '%s\0' "$f"; done |
    tar --null -T - -cf -) | tar -C "$src" -xf -

step "dpkg-buildpackage -us -uc -b"
if ! (cd "$src" && dpkg-buildpackage -us -uc -b) >"$tmp/build.log" 2>&1; then
    tail -n 60 "$tmp/build.log"
    echo "FAIL: dpkg-buildpackage failed (log above)" >&2
    exit 1
fi
grep -E '^(Ok|Fail|Skipped): ' "$tmp/build.log" || true
changes=$(ls "$tmp"/src/*.changes)
debs=("$tmp"/src/*.deb)
# the library's package is named after its soversion (libfanoronaN)
libpkg=$(sed -n 's/^Package: \(libfanorona[0-9][0-9]*\)$/\1/p' "$top/debian/control")
for p in "$libpkg" libfanorona-dev fanorona python3-fanorona; do
    if ! ls "$tmp"/src/"${p}"_*.deb >/dev/null 2>&1; then
        echo "FAIL: no $p package among: ${debs[*]##*/}" >&2
        exit 1
    fi
done
printf '%s\n' "${debs[@]##*/}"

step "lintian"
lintian_status=0
lintian --fail-on error --display-info "$changes" >"$tmp/lintian.log" 2>&1 ||
    lintian_status=$?
cat "$tmp/lintian.log"
if [ "$lintian_status" -ne 0 ]; then
    echo "FAIL: lintian reports errors (status $lintian_status)" >&2
    exit 1
fi
echo "lintian: no errors ($(grep -c '^W: ' "$tmp/lintian.log" || true) warnings)"

step "unpacking into a temporary root"
root=$tmp/root
for deb in "${debs[@]}"; do
    dpkg-deb -x "$deb" "$root"
done
multiarch=$(dpkg-architecture -qDEB_HOST_MULTIARCH)
libdir=$root/usr/lib/$multiarch

step "README's C example against the unpacked packages"
awk '/^```c$/ { on = 1; next } /^```$/ { if (on) exit } on' "$top/README.md" \
    >"$tmp/example.c"
grep -q 'fan_perft' "$tmp/example.c" ||
    { echo "FAIL: no C example found in README.md" >&2; exit 1; }
flags=$(PKG_CONFIG_SYSROOT_DIR=$root PKG_CONFIG_LIBDIR=$libdir/pkgconfig \
        PKG_CONFIG_ALLOW_SYSTEM_CFLAGS=1 PKG_CONFIG_ALLOW_SYSTEM_LIBS=1 \
        pkg-config --cflags --libs fanorona)
echo "pkg-config --cflags --libs fanorona: $flags"
# shellcheck disable=SC2086 # the flags are words
cc -o "$tmp/example" "$tmp/example.c" $flags
out=$(LD_LIBRARY_PATH=$libdir "$tmp/example")
echo "$out"
if [ "$out" != "$version: perft 3 = 724" ]; then
    echo "FAIL: the example printed '$out', not '$version: perft 3 = 724'" >&2
    exit 1
fi
loaded=$(LD_LIBRARY_PATH=$libdir ldd "$tmp/example" |
         awk '$1 ~ /^libfanorona\.so/ { print $3 }')
case "$loaded" in
    "$libdir"/*) ;;
    *) echo "FAIL: the example loaded '$loaded', not the unpacked library" >&2
       exit 1 ;;
esac

step "the unpacked programs and Python module"
out=$(LD_LIBRARY_PATH=$libdir "$root/usr/bin/fanorona" perft 3)
[ "$out" = "nodes 724" ] ||
    { echo "FAIL: fanorona perft 3 printed '$out'" >&2; exit 1; }
echo "fanorona perft 3: $out"
for page in man1/fanorona.1 man6/fanorona-engine.6; do
    [ -f "$root/usr/share/man/$page.gz" ] ||
        { echo "FAIL: no man page $page" >&2; exit 1; }
done
out=$(cd "$tmp" && LD_LIBRARY_PATH=$libdir \
      PYTHONPATH=$root/usr/lib/python3/dist-packages /usr/bin/python3 -c '
import fanorona
print(fanorona.__file__, fanorona.library_version(),
      fanorona.Position().perft(3))')
echo "python3: $out"
case "$out" in
    "$root"/usr/lib/python3/dist-packages/fanorona/__init__.py\ "$version"\ 724) ;;
    *) echo "FAIL: import fanorona printed '$out'" >&2; exit 1 ;;
esac

if [ -n "$keep" ]; then
    mkdir -p "$keep"
    cp "${debs[@]}" "$changes" "$tmp"/src/*.buildinfo "$keep"/
    echo "packages kept in $keep"
fi
step "ok: built, linted and tried"
