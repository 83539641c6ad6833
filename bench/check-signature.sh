#!/bin/sh
# The search signature of fanorona-bench at depth 7 (the total node count of
# a fixed-depth search of the benchmark positions) must be the one that
# doc/performance.md states: it changes only when the search changes, and
# then the page must say so with the new figure.
#   check-signature.sh BENCH DOC
set -eu
bench=$1
doc=$2
line=$("$bench" --only search --search-depth 7 | grep '^search signature')
got=$(echo "$line" | sed -n 's/^search signature (total nodes at depth 7): \([0-9]*\);.*/\1/p')
want=$(sed -n 's/^ *search signature (total nodes at depth 7): \([0-9]*\);.*/\1/p' "$doc" | head -n 1)
if [ -z "$got" ] || [ -z "$want" ]; then
    echo "no signature found (bench: '$line', doc: '$want')" >&2
    exit 1
fi
if [ "$got" != "$want" ]; then
    echo "search signature at depth 7 is $got, $doc says $want:" >&2
    echo "the search changed; measure it and update the page" >&2
    exit 1
fi
echo "search signature at depth 7: $got, as $doc says"
