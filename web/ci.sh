#!/bin/sh
# SPDX-License-Identifier: MIT
# CI for the browser page: installs emscripten and chromium from Debian and
# the pinned test runner from npm (web/package-lock.json), then builds the
# library with -Dweb=enabled and runs the web suite (the wasm perft against
# native and the headless-chromium test).
#   web/ci.sh [BUILDDIR (build-ci-web)]
# Screenshots end in BUILDDIR/web/test-artefacts.
set -eu
here=$(cd "$(dirname "$0")" && pwd)
top=$(dirname "$here")
builddir=${1:-$top/build-ci-web}

need=""
command -v emcc >/dev/null 2>&1 || need="$need emscripten"
[ -x /usr/bin/chromium ] || need="$need chromium"
command -v npm >/dev/null 2>&1 || need="$need npm"
if [ -n "$need" ]; then
    sudo=""
    [ "$(id -u)" = 0 ] || sudo=sudo
    # shellcheck disable=SC2086
    $sudo apt-get install -y $need || { $sudo apt-get update && $sudo apt-get install -y $need; }
fi

(cd "$here" && npm ci --no-audit --no-fund)

if [ -f "$builddir/build.ninja" ]; then
    meson configure "$builddir" -Dweb=enabled
else
    meson setup "$builddir" "$top" -Dweb=enabled
fi
meson test -C "$builddir" --suite web --print-errorlogs
