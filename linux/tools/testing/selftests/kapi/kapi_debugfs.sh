#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
#
# Checks /sys/kernel/debug/kapi from userspace: the list agrees with the
# per-spec files, every spec reads the same in one read and byte by byte,
# JSON files hold one object for the right spec, unknown names are ENOENT.
# Prints KTAP (kselftest/ktap_helpers.sh).

DIR=$(dirname "$(readlink -f "$0")")
. "$DIR"/../kselftest/ktap_helpers.sh

KAPI=${KAPI_DEBUGFS:-/sys/kernel/debug/kapi}

# skip NAME REASON: a skipped result, the reason as a diagnostic
skip() {
	ktap_print_msg "$2"
	ktap_test_skip "$1"
}

ktap_print_header
if [ ! -d "$KAPI" ]; then
	ktap_skip_all "$KAPI not present (CONFIG_KAPI_SPEC_DEBUGFS=n?)"
	exit "$KSFT_SKIP"
fi
ktap_set_plan 8
ktap_test_pass "kapi_debugfs.dir"

tmp=$(mktemp -d)
cut -d' ' -f1 "$KAPI/list" | sort > "$tmp/listed"
ls "$KAPI/specs" | sort > "$tmp/text"
ls "$KAPI/json" | sort > "$tmp/json"
ktap_test_result "kapi_debugfs.list_matches_files" \
	cmp -s "$tmp/listed" "$tmp/text"

count=$(wc -l < "$tmp/listed")
if [ "$count" -eq 0 ]; then
	skip "kapi_debugfs.files_for_every_listed_spec" "no specs registered"
	skip "kapi_debugfs.text_bytewise" "no specs registered"
	skip "kapi_debugfs.json_bytewise" "no specs registered"
	skip "kapi_debugfs.json_one_object" "no specs registered"
else
	ktap_test_result "kapi_debugfs.files_for_every_listed_spec" \
		cmp -s "$tmp/listed" "$tmp/json"

	# One read and single-byte reads must give the same bytes.
	bad=
	for dir in specs json; do
		for s in $(cat "$tmp/listed"); do
			cat "$KAPI/$dir/$s" > "$tmp/whole"
			dd if="$KAPI/$dir/$s" of="$tmp/bytes" bs=1 2>/dev/null
			if ! cmp -s "$tmp/whole" "$tmp/bytes" ||
			   [ ! -s "$tmp/whole" ]; then
				ktap_print_msg "$dir/$s differs when read byte by byte"
				bad="$bad $dir"
			fi
		done
	done
	case $bad in *specs*) ktap_test_fail "kapi_debugfs.text_bytewise" ;;
		     *) ktap_test_pass "kapi_debugfs.text_bytewise" ;; esac
	case $bad in *json*) ktap_test_fail "kapi_debugfs.json_bytewise" ;;
		     *) ktap_test_pass "kapi_debugfs.json_bytewise" ;; esac

	bad=0
	for s in $(cat "$tmp/listed"); do
		j=$(cat "$KAPI/json/$s")
		case $j in
		"{\"name\":\"$s\","*"}") ;;
		*) ktap_print_msg "json/$s is not one object for $s"; bad=1 ;;
		esac
		[ "$(wc -l < "$KAPI/json/$s")" -eq 1 ] || bad=1
	done
	if [ $bad -eq 0 ]; then
		ktap_test_pass "kapi_debugfs.json_one_object"
	else
		ktap_test_fail "kapi_debugfs.json_one_object"
	fi
fi

counts='params errors locks signals side_effects state_transitions capabilities constraints
	variants items'
line_re='^[A-Za-z_][A-Za-z0-9_]* (function|syscall|ioctl)'
for c in $counts; do
	line_re="$line_re $c=[0-9]+"
done
if grep -qvE "$line_re\$" "$KAPI/list"; then
	ktap_test_fail "kapi_debugfs.list_format"
else
	ktap_test_pass "kapi_debugfs.list_format"
fi

err=$(cat "$KAPI/specs/no_such_spec_here" 2>&1 >/dev/null)
case $err in
*"No such file"*) ktap_test_pass "kapi_debugfs.unknown_enoent" ;;
*) ktap_print_msg "got: $err"; ktap_test_fail "kapi_debugfs.unknown_enoent" ;;
esac

rm -rf "$tmp"
ktap_finished
