#!/bin/sh
# SPDX-License-Identifier: MIT
# The WebAssembly perft from the start, under node, against the native
# library's (the fanorona CLI), both rulesets; both counts are computed.
#   web/perft-check.sh SITE_DIR FANORONA_CLI [DEPTH (6)]
# Exit 0 equal, 1 different, 77 skipped (no node).
set -eu
here=$(cd "$(dirname "$0")" && pwd)
site=$1 cli=$2 depth=${3:-6}
command -v node >/dev/null 2>&1 || { echo "SKIP: no node"; exit 77; }
status=0
for rules in stop must; do
    wasm=$(node "$here/perft.mjs" "$site" "$depth" "$rules" | sed -n 's/^nodes //p')
    native=$("$cli" perft --rules "$rules" --threads 1 "$depth" | sed -n 's/^nodes //p')
    if [ -n "$wasm" ] && [ "$wasm" = "$native" ]; then
        echo "ok: perft $depth $rules: wasm $wasm = native $native"
    else
        echo "FAIL: perft $depth $rules: wasm '$wasm', native '$native'"
        status=1
    fi
done
exit $status
