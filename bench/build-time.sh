#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# Build-time cost of CONFIG_KAPI_SPEC: the same configuration (base +
# kunit) built from scratch without ccache, once without kapi and once
# with the kapi fragment, with -j$(nproc). Prints both times and the ratio.
# Slow (two cold kernel builds); run on an otherwise idle machine.
set -euo pipefail
. "$(dirname "$0")/../scripts/lib.sh"

export CCACHE_DISABLE=1
"$KAPI_TOP/scripts/tree.sh"
declare -A secs
for v in nospec:"base kunit" spec:"base kunit kapi"; do
	name=${v%%:*}
	rm -rf "$KAPI_CACHE/build-time-$name"
	start=$(date +%s.%N)
	# shellcheck disable=SC2086
	"$KAPI_TOP/scripts/build.sh" -n "time-$name" ${v#*:} >/dev/null
	secs[$name]=$(echo "$(date +%s.%N) - $start" | bc)
done
printf 'build from scratch, no ccache, -j%s:\n' "$KAPI_JOBS"
printf '  CONFIG_KAPI_SPEC=n  %7.1f s\n' "${secs[nospec]}"
printf '  CONFIG_KAPI_SPEC=y  %7.1f s  (%+.1f%%)\n' "${secs[spec]}" \
	"$(echo "100 * (${secs[spec]} - ${secs[nospec]}) / ${secs[nospec]}" | bc -l)"
