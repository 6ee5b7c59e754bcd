#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# build-time.sh [OUT]
#
# Build-time and memory cost of kapi: the same configuration (base +
# kunit) built from scratch without ccache, once without kapi and once with
# the kapi fragment (specs, debugfs, run-time checks; not its KUnit
# suites), -j$(nproc). Writes "name seconds" lines to OUT/build-time and
# leaves both build directories for bench/run.sh to measure vmlinux.
# Slow (two cold kernel builds); run on an otherwise idle machine.
set -euo pipefail
. "$(dirname "$0")/../scripts/lib.sh"

out=${1:-$KAPI_OUT/bench}
mkdir -p "$out"
export CCACHE_DISABLE=1
"$KAPI_TOP/scripts/tree.sh"
: > "$out/build-time.tmp"
for v in nospec:"base x86 kunit" spec:"base x86 kunit kapi"; do
	name=${v%%:*}
	rm -rf "$KAPI_CACHE/build-time-$name"
	start=$(date +%s.%N)
	# shellcheck disable=SC2086
	"$KAPI_TOP/scripts/build.sh" -n "time-$name" ${v#*:} >/dev/null
	echo "$name $(echo "$(date +%s.%N) - $start" | bc)" >> "$out/build-time.tmp"
done
mv "$out/build-time.tmp" "$out/build-time"
cat "$out/build-time"
