#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# Regression tests for scripts/ktap-summary.c; prints KTAP itself.
#
# Usage: run.sh OUTDIR   (OUTDIR holds the built ktap-summary)
#
# Each case is tests/ktap/<case>.log with:
#   <case>.args      optional, one extra argument per line (put before the log)
#   <case>.expected  exact expected stdout
#   <case>.rc        expected exit status
# Cases run from this directory so file names in the output stay stable.

set -u

if [ $# -ne 1 ]; then
	echo "Usage: $0 OUTDIR" >&2
	exit 2
fi
if [ ! -x "$1/ktap-summary" ]; then
	echo "$0: $1/ktap-summary: not an executable" >&2
	exit 2
fi

# Resolve before the cd below turns a relative path into a wrong one.
bin=$(cd -- "$1" && pwd)/ktap-summary
dir=$(cd "$(dirname -- "$0")" && pwd)
. "$dir/../lib/ktap.sh"
cd "$dir" || exit 2

tmp=$(mktemp -d) || exit 2
trap 'rm -rf "$tmp"' EXIT

for log in *.log; do
	c=${log%.log}
	args=()
	if [ -f "$c.args" ]; then
		mapfile -t args < "$c.args"
	fi
	want_rc=$(cat "$c.rc" 2>/dev/null || echo "missing")

	"$bin" "${args[@]}" "$c.log" > "$tmp/out" 2> "$tmp/err"
	rc=$?

	why=()
	if ! diff -u --label "$c.expected" --label "actual" \
			"$c.expected" "$tmp/out" > "$tmp/diff"; then
		why+=("$(cat "$tmp/diff")")
	fi
	if [ "$rc" != "$want_rc" ]; then
		why+=("exit status $rc, expected $want_rc"
		      "$(sed 's/^/stderr: /' "$tmp/err")")
	fi
	ktap_result "ktap-summary:$c" "${why[@]}"
done
ktap_finish
