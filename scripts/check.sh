#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# check.sh [--list] [i/N] [JOB...]
#
# make check: make test and the whole matrix, as jobs. --list prints the
# jobs, one a line; with i/N only shard i of N: job k (counting from 1 in
# the list) belongs to shard ((k - 1) mod N) + 1, so the N shards partition
# the list and each is the same on every machine. Naming jobs keeps only
# those (make check JOBS="clang arm64"). Without --list, run the jobs (all,
# or those selected): each prints one KTAP result with its summary
# and its cost; its own results are in $KAPI_OUT/check/JOB.ktap. The last
# line sums every job's results: "N passed, N failed, N skipped".
set -uo pipefail
. "$(dirname "$0")/lib.sh"
. "$KAPI_TOP/tests/lib/ktap.sh"

usage() {
	echo "usage: check.sh [--list] [i/N] [JOB...]" >&2
	exit 2
}

# The matrix, most expensive first so that round-robin shards even out.
all_jobs() {
	cat <<-EOF
	test
	kconfig-dfsy-mody
	kconfig-dfsy-modn
	kconfig-dfsn-mody
	kconfig-dfsn-modn
	kconfig-pairs
	defconfig
	clang
	arm64
	kunit-uml
	ccache-remote
	EOF
}

list=
shard=1/1
only=()
for a in "$@"; do
	case $a in
	--list) list=1 ;;
	[0-9]*/[0-9]*) shard=$a ;;
	[a-z]*)
		all_jobs | grep -qx -- "$a" || kapi_die "no job $a (make check-list)"
		only+=("$a") ;;
	*) usage ;;
	esac
done
i=${shard%/*} n=${shard#*/}
if ! [[ $i =~ ^[0-9]+$ && $n =~ ^[0-9]+$ ]] || [ "$n" -lt 1 ] || [ "$i" -lt 1 ] ||
   [ "$i" -gt "$n" ]; then
	kapi_die "SHARD=$shard: want i/N with 1 <= i <= N"
fi
mapfile -t jobs < <(all_jobs | awk -v i="$i" -v n="$n" -v only="${only[*]}" '
	BEGIN { k = split(only, o, " "); for (j = 1; j <= k; j++) want[o[j]] = 1 }
	(NR - 1) % n == i - 1 && (k == 0 || $0 in want)')
if [ -n "$list" ]; then
	printf '%s\n' "${jobs[@]}"
	exit 0
fi

out=$KAPI_OUT/check
rm -rf "$out"
mkdir -p "$out"
"$KAPI_TOP/scripts/deps.sh" check || kapi_die "installing dependencies failed"
make -s -C "$KAPI_TOP" host-tools || kapi_die "building host tools failed"

# run_job JOB: JOB's results into $out/JOB.ktap (a summary line last)
run_job() {
	case $1 in
	test)
		"$KAPI_TOP/scripts/test.sh" ;;
	kconfig-pairs|ccache-remote)
		# both start from the test kernel's configuration
		"$KAPI_TOP/scripts/tree.sh" >&2 && "$KAPI_TOP/scripts/build.sh" -w >&2 || return
		if [ "$1" = kconfig-pairs ]; then
			"$KAPI_TOP/scripts/kconfig-pairs.sh" -t 2
		else
			"$KAPI_TOP/scripts/ccache-remote.sh"
		fi > "$out/$1.results"
		"$KAPI_OUT/host/ktap-summary" "$out/$1.results" ;;
	kconfig-*|defconfig|clang|arm64)
		"$KAPI_TOP/scripts/tree.sh" >&2 || return
		"$KAPI_TOP/scripts/check-kernels.sh" "$1" > "$out/$1.results"
		"$KAPI_OUT/host/ktap-summary" "$out/$1.results" ;;
	kunit-uml)
		"$KAPI_TOP/scripts/tree.sh" >&2 || return
		"$KAPI_TOP/scripts/kunit-uml.sh" > "$out/$1.results"
		"$KAPI_OUT/host/ktap-summary" "$out/$1.results" ;;
	esac
}

kapi_step "make check: ${#jobs[*]} job(s) of shard $shard: ${jobs[*]}"
echo "KTAP version 1"
echo "1..${#jobs[*]}"
tp=0 tf=0 ts=0 shown=0
for j in "${jobs[@]}"; do
	kapi_step "check job $j"
	start=$(date +%s)
	run_job "$j" > "$out/$j.ktap" 2> "$out/$j.err"
	rc=$?
	cost=$(($(date +%s) - start))
	sum=$(tail -n 1 "$out/$j.ktap")
	if [[ $sum =~ ^([0-9]+)\ passed,\ ([0-9]+)\ failed(,\ ([0-9]+)\ skipped)?$ ]]; then
		tp=$((tp + BASH_REMATCH[1])) tf=$((tf + BASH_REMATCH[2]))
		ts=$((ts + ${BASH_REMATCH[4]:-0}))
	else
		sum="no summary (see $out/$j.err)"
		tf=$((tf + 1))
		rc=1
	fi
	if [ "$rc" -eq 0 ]; then
		ktap_pass "check: $j: $sum ($cost s)"
	else
		ktap_fail "check: $j: $sum ($cost s)" "$(grep -a '^ *not ok' "$out/$j.ktap" | head -20)"
	fi
	printf '%s\n' "${ktap_lines[@]:$shown}"
	shown=${#ktap_lines[@]}
done
echo "$tp passed, $tf failed, $ts skipped"
[ "$ktap_failed" -eq 0 ] && [ "$tf" -eq 0 ]
