#!/bin/sh
# SPDX-License-Identifier: MIT
# Builds the real library sources of lib/ to WebAssembly with Debian's
# emscripten and assembles the browser page in one directory:
#
#   web/build.sh [OUTDIR]        (default: build-web at the top of the tree)
#
# OUTDIR then holds everything the page needs (index.html, the JS modules,
# fanorona-wasm.mjs + fanorona-wasm.wasm) and can be served as static files.
# The list of C sources is read from lib/meson.build and the exported
# functions from lib/fanorona.sym, so the build follows the library.
set -eu

here=$(cd "$(dirname "$0")" && pwd)
top=$(dirname "$here")
out=${1:-$top/build-web}
mkdir -p "$out/gen"
out=$(cd "$out" && pwd)

# emcc at -O1 and above runs its JS optimiser, which needs Debian's acorn.
export NODE_PATH="${NODE_PATH:+$NODE_PATH:}/usr/share/nodejs"

if ! command -v emcc >/dev/null 2>&1; then
    echo "build.sh: emcc not found (apt-get install -y emscripten)" >&2
    exit 2
fi

# The version header meson would generate, from the project's version.
version=$(sed -n "s/^ *version *: *'\([0-9.]*\)'.*/\1/p" "$top/meson.build" | head -n 1)
major=${version%%.*}
rest=${version#*.}
minor=${rest%%.*}
patch=${rest#*.}
sed -e "s/@MAJOR@/$major/" -e "s/@MINOR@/$minor/" -e "s/@PATCH@/$patch/" \
    -e "s/@VERSION@/$version/" \
    "$top/include/fanorona-version.h.in" > "$out/gen/fanorona-version.h.tmp"
if ! cmp -s "$out/gen/fanorona-version.h.tmp" "$out/gen/fanorona-version.h"; then
    mv "$out/gen/fanorona-version.h.tmp" "$out/gen/fanorona-version.h"
else
    rm -f "$out/gen/fanorona-version.h.tmp"
fi

sources=$(awk '/^lib_sources = files\(/ { f = 1; next }
               f && /^\)/ { f = 0 }
               f { gsub(/[ ,\047]/, ""); if ($0 != "") print "'"$top"'/lib/" $0 }' \
          "$top/lib/meson.build")
[ -n "$sources" ] || { echo "build.sh: no sources found in lib/meson.build" >&2; exit 1; }

exports=$(sed -n 's/^ *\(fan_[a-z0-9_]*\);.*/"_\1"/p' "$top/lib/fanorona.sym" | tr '\n' ',')
exports="[${exports}\"_malloc\",\"_free\"]"

# lib/search.c uses clock_gettime(CLOCK_MONOTONIC), which glibc shows under
# strict C11 but musl (emscripten's libc) only with POSIX asked for.
cflags="-std=c11 -O3 -DFAN_BUILDING_LIBRARY -I$out/gen -I$top/include -I$top"
# One object per source, rebuilt only when it is older than a source or header.
objs=""
for src in $sources; do
    obj="$out/gen/$(basename "$src" .c).o"
    objs="$objs $obj"
    if [ ! -e "$obj" ] || [ -n "$(find "$src" "$top/lib" "$top/include" "$out/gen/fanorona-version.h" \
                                 -newer "$obj" -name '*.[ch]' 2>/dev/null | head -n 1)" ]; then
        echo "emcc $src"
        # shellcheck disable=SC2086
        emcc $cflags -c "$src" -o "$obj"
    fi
done

# One ES module for the page and its worker. Threads are not used (no
# SharedArrayBuffer on a plain static server): the library's thread starts
# fail and it counts or searches on the caller's thread, as documented.
echo "emcc -o $out/fanorona-wasm.mjs"
# shellcheck disable=SC2086
emcc -O3 $objs -o "$out/fanorona-wasm.mjs" \
    -sMODULARIZE -sEXPORT_ES6 -sEXPORT_NAME=createFanoronaWasm \
    -sENVIRONMENT=web,worker -sWASM_BIGINT \
    -sALLOW_MEMORY_GROWTH -sALLOW_TABLE_GROWTH -sINITIAL_MEMORY=33554432 \
    -sEXPORTED_FUNCTIONS="$exports" \
    -sEXPORTED_RUNTIME_METHODS='["UTF8ToString","stringToUTF8","addFunction","removeFunction"]'

for f in index.html fanorona.css fanorona.mjs page.mjs board.mjs chess-page.mjs ui.mjs engine-worker.mjs; do
    cp "$here/$f" "$out/$f"
done
echo "build.sh: page in $out"
