#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
#
# Checks /sys/kernel/debug/kapi from userspace: the list agrees with the
# per-spec files, every spec reads the same in one read and byte by byte,
# JSON files hold one object for the right spec, unknown names are ENOENT.
# Prints KTAP.

KAPI=${KAPI_DEBUGFS:-/sys/kernel/debug/kapi}
n=0
failed=0

ok() {
	n=$((n + 1))
	echo "ok $n $1"
}

not_ok() {
	n=$((n + 1))
	failed=1
	echo "not ok $n $1"
}

skip() {
	n=$((n + 1))
	echo "ok $n $1 # SKIP $2"
}

check() {
	name=$1
	shift
	if "$@"; then ok "$name"; else not_ok "$name"; fi
}

echo "TAP version 13"
echo "1..8"

if [ ! -d "$KAPI" ]; then
	for t in dir list_matches_files files_for_every_listed_spec \
		 text_bytewise json_bytewise json_one_object list_format \
		 unknown_enoent; do
		skip "kapi_debugfs.$t" "$KAPI not present (CONFIG_KAPI_SPEC_DEBUGFS=n?)"
	done
	exit 4
fi
ok "kapi_debugfs.dir"

tmp=$(mktemp -d)
cut -d' ' -f1 "$KAPI/list" | sort > "$tmp/listed"
ls "$KAPI/specs" | sort > "$tmp/text"
ls "$KAPI/json" | sort > "$tmp/json"
check "kapi_debugfs.list_matches_files" \
	cmp -s "$tmp/listed" "$tmp/text"

count=$(wc -l < "$tmp/listed")
if [ "$count" -eq 0 ]; then
	skip "kapi_debugfs.files_for_every_listed_spec" "no specs registered"
	skip "kapi_debugfs.text_bytewise" "no specs registered"
	skip "kapi_debugfs.json_bytewise" "no specs registered"
	skip "kapi_debugfs.json_one_object" "no specs registered"
else
	check "kapi_debugfs.files_for_every_listed_spec" \
		cmp -s "$tmp/listed" "$tmp/json"

	# One read and single-byte reads must give the same bytes.
	bad=
	for dir in specs json; do
		for s in $(cat "$tmp/listed"); do
			cat "$KAPI/$dir/$s" > "$tmp/whole"
			dd if="$KAPI/$dir/$s" of="$tmp/bytes" bs=1 2>/dev/null
			if ! cmp -s "$tmp/whole" "$tmp/bytes" ||
			   [ ! -s "$tmp/whole" ]; then
				echo "# $dir/$s differs when read byte by byte"
				bad="$bad $dir"
			fi
		done
	done
	case $bad in *specs*) not_ok "kapi_debugfs.text_bytewise" ;;
		     *) ok "kapi_debugfs.text_bytewise" ;; esac
	case $bad in *json*) not_ok "kapi_debugfs.json_bytewise" ;;
		     *) ok "kapi_debugfs.json_bytewise" ;; esac

	bad=0
	for s in $(cat "$tmp/listed"); do
		j=$(cat "$KAPI/json/$s")
		case $j in
		"{\"name\":\"$s\","*"}") ;;
		*) echo "# json/$s is not one object for $s"; bad=1 ;;
		esac
		[ "$(wc -l < "$KAPI/json/$s")" -eq 1 ] || bad=1
	done
	if [ $bad -eq 0 ]; then
		ok "kapi_debugfs.json_one_object"
	else
		not_ok "kapi_debugfs.json_one_object"
	fi
fi

counts='params errors locks signals effects transitions caps constraints items'
line_re='^[A-Za-z_][A-Za-z0-9_]* (function|syscall|ioctl)'
for c in $counts; do
	line_re="$line_re $c=[0-9]+"
done
if grep -qvE "$line_re\$" "$KAPI/list"; then
	not_ok "kapi_debugfs.list_format"
else
	ok "kapi_debugfs.list_format"
fi

err=$(cat "$KAPI/specs/no_such_spec_here" 2>&1 >/dev/null)
case $err in
*"No such file"*) ok "kapi_debugfs.unknown_enoent" ;;
*) echo "# got: $err"; not_ok "kapi_debugfs.unknown_enoent" ;;
esac

rm -rf "$tmp"
exit $failed
