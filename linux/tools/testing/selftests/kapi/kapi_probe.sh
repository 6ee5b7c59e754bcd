#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
#
# Runs `kapi probe` (tools/kapi) over every system call spec the running
# kernel registered: calls made from each spec, with the run-time checks
# off, in enforce and in warn mode. One result per spec; the calls that
# broke a rule are its diagnostics, then each errno the spec lists with the
# first call that returned it ("-": none did). When $KAPI_KTAP_DIR holds
# the output of the conformance tests (as the project's test job leaves
# it), an errno the probe did not provoke shows what those tests did about
# it, and one that nobody accounted for fails the spec.
# Needs root, debugfs and kapi in PATH. Prints KTAP (kselftest/ktap_helpers.sh).

DIR=$(dirname "$(readlink -f "$0")")
. "$DIR"/../kselftest/ktap_helpers.sh

KAPI=${KAPI_DEBUGFS:-/sys/kernel/debug/kapi}

ktap_print_header
if ! command -v kapi > /dev/null; then
	ktap_skip_all "kapi (tools/kapi) is not in PATH"
	exit "$KSFT_SKIP"
fi
if [ ! -d "$KAPI" ] || [ "$(id -u)" != 0 ]; then
	ktap_skip_all "needs root and $KAPI (CONFIG_KAPI_SPEC_DEBUGFS)"
	exit "$KSFT_SKIP"
fi

set --
for log in "${KAPI_KTAP_DIR:-/nonexistent}"/*conformance*; do
	[ -f "$log" ] && set -- "$@" "$log"
done
[ $# -gt 0 ] && set -- conformance "$@"

out=$(mktemp)
start=$(date +%s)
kapi --debugfs "$KAPI" probe "$@" > "$out" 2>&1
rc=$?
took=$(($(date +%s) - start))
specs=$(sed -n 's/^# \([a-z0-9_]*\): [0-9]* calls, .*/\1/p' "$out")
ktap_set_plan "$(echo "$specs" | grep -c .)"
for s in $specs; do
	grep "^$s(" "$out" | while read -r line; do
		ktap_print_msg "$line"
	done
	line=$(grep "^# $s: " "$out")
	ktap_print_msg "${line#\# }"
	# the errno coverage table under the summary line
	awk -v h="# $s: " 'index($0, h) == 1 { on = 1; next }
		on && /^#   / { sub(/^# /, ""); print; next } { on = 0 }' "$out" |
	while read -r row; do
		ktap_print_msg "  $row"
	done
	ok=1
	case $line in *" 0 broken rules,"*) ;; *) ok= ;; esac
	case $line in *" 0 unaccounted"*) ;; *" unaccounted"*) ok= ;; esac
	if [ -n "$ok" ]; then
		ktap_test_pass "kapi_probe.$s"
	else
		ktap_test_fail "kapi_probe.$s"
	fi
done
tail -n 1 "$out" | sed 's/^# //' | while read -r line; do
	ktap_print_msg "$line in $took s"
done
rm -f "$out"
[ "$rc" -le 10 ] || ktap_exit_fail_msg "kapi probe failed with status $rc"
ktap_finished
