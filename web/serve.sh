#!/bin/sh
# SPDX-License-Identifier: MIT
# Builds the page (web/build.sh) and serves it on http://127.0.0.1:PORT/
# until Ctrl-C:   web/serve.sh [PORT (8000)] [SITE_DIR (build-web)]
# Needs emscripten (apt-get install -y emscripten) and python3.
set -eu
here=$(cd "$(dirname "$0")" && pwd)
port=${1:-8000}
site=${2:-$(dirname "$here")/build-web}
"$here/build.sh" "$site"
echo "serving $site on http://127.0.0.1:$port/ (Ctrl-C stops)"
cd "$site"
exec python3 -m http.server --bind 127.0.0.1 "$port"
