#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# ccache-remote.sh: make check's ccache-remote job, what KAPI_CCACHE_REMOTE
# promises (machines sharing compiled objects through ccache's remote
# storage). A redis-server on 127.0.0.1 is the remote; build directory A
# compiles kapi's directories of the test kernel's configuration with an
# empty local cache, filling the remote; build directory B does the same
# with another empty local cache and must get its objects from the remote.
# Prints KTAP with the hit rate.
set -uo pipefail
. "$(dirname "$0")/lib.sh"
. "$KAPI_TOP/tests/lib/ktap.sh"

cfg=$KAPI_CACHE/build-test/.config
work=$KAPI_CACHE/ccache-remote
targets=(kernel/api/ fs/ drivers/char/)
command -v redis-server > /dev/null ||
	ktap_skip_all "no redis-server (scripts/deps.sh check installs it)"
[ -f "$cfg" ] || kapi_die "no $cfg: build the test kernel first"
rm -rf "$work"
mkdir -p "$work"

port=$((20000 + $$ % 20000))
redis-server --bind 127.0.0.1 --port "$port" --save '' --appendonly no \
	--dir "$work" > "$work/redis.log" 2>&1 &
redis=$!
trap 'kill $redis 2> /dev/null; wait $redis 2> /dev/null' EXIT
for _ in $(seq 50); do
	grep -q 'Ready to accept connections' "$work/redis.log" && break
	sleep 0.1
done
export KAPI_CCACHE_REMOTE=redis://127.0.0.1:$port

# build DIR: the targets in $work/DIR from an empty local cache; prints
# ccache's counters afterwards (key value, one a line)
build() {
	local b=$work/$1
	mkdir -p "$b/build"
	cp "$cfg" "$b/build/.config"
	(
		export CCACHE_DIR=$b/ccache CCACHE_REMOTE_STORAGE=$KAPI_CCACHE_REMOTE
		kapi_kmake "$b/build" -s olddefconfig &&
		kapi_kmake "$b/build" -j"$KAPI_JOBS" "${targets[@]}"
	) > "$b/build.log" 2>&1 || { tail -20 "$b/build.log"; return 1; }
	CCACHE_DIR=$b/ccache ccache --print-stats > "$b/stats"
}
stat_of() { awk -v k="$2" '$1 == k { print $2 }' "$work/$1/stats"; }

if why=$(build a); then
	ktap_pass "ccache remote: build A from an empty local cache fills redis ($(stat_of a remote_storage_miss) remote misses)"
else
	ktap_fail "ccache remote: build A from an empty local cache" "$why"
	ktap_finish
fi
if ! why=$(build b); then
	ktap_fail "ccache remote: build B from an empty local cache" "$why"
	ktap_finish
fi
hits=$(stat_of b remote_storage_hit) misses=$(stat_of b remote_storage_miss)
total=$((hits + misses))
rate=$((total ? hits * 1000 / total : 0))
ktap_result "ccache remote: build B gets its objects from redis: $hits of $total remote lookups hit ($((rate / 10)).$((rate % 10)) %)" \
	"$([ "$total" -gt 0 ] && [ "$rate" -ge 900 ] || echo "want at least 90 % remote hits")"
ktap_finish
