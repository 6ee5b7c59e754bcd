#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# kunit-uml.sh: make check's kunit-uml job. The kernel's own KUnit runner
# (tools/testing/kunit/kunit.py) in the prepared tree, on UML, its default,
# with kernel/api's and drivers/char's .kunitconfig, in a build directory
# in the cache; prints the KTAP the UML kernel printed.
set -uo pipefail
. "$(dirname "$0")/lib.sh"

bdir=$KAPI_CACHE/build-uml
log=$KAPI_OUT/check/kunit-uml.log
mkdir -p "$(dirname "$log")"
# kunit.py's own make; ccache through CC, as for every other build
(cd "$KAPI_SRC" && ./tools/testing/kunit/kunit.py run --build_dir="$bdir" \
	--kunitconfig=kernel/api --kunitconfig=drivers/char \
	--make_options CC='ccache gcc' --jobs="$KAPI_JOBS" --raw_output=kunit) > "$log" 2>&1
rc=$?
# the raw KTAP starts at its version line
sed -n '/^KTAP version/,$p' "$log"
[ "$rc" -eq 0 ] || { echo "kunit.py exited $rc; see $log" >&2; exit "$rc"; }
