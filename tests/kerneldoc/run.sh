#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# The 6.12 scripts/kernel-doc (Perl) must take our annotated comments with
# no new warnings and still render their prose: for every C file our
# patches touch or our overlay adds, compare `kernel-doc -none -Wall`
# warnings with the pristine file's (line numbers aside), and check that
# -rst output of each annotated function keeps its description. Prints
# KTAP. Usage: run.sh OUTDIR (unused; the prepared tree is $KAPI_CACHE/linux)
set -u
here=$(cd "$(dirname "$0")" && pwd)
. "$here/../../scripts/lib.sh"
. "$here/../lib/ktap.sh"

[ -x "$KAPI_SRC/scripts/kernel-doc" ] && [ -d "$KAPI_GIT" ] ||
	ktap_skip_all "no prepared tree in $KAPI_SRC (run scripts/tree.sh)"

tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
files=$(grep -E '\.c$' "$KAPI_CACHE/overlay.files" | while read -r f; do
	grep -q '^ \* \(context-flags\|param\|error\|long-desc\): ' "$KAPI_SRC/$f" &&
		echo "$f"
done)

# Every kernel-doc directive of our documentation must render cleanly.
docs=$(grep -E '\.rst$' "$KAPI_CACHE/overlay.files")
directives=$(for d in $docs; do
	sed -nE "s|^\.\. kernel-doc:: (.*)$|$d \1|p" "$KAPI_SRC/$d"
done)

for f in $files; do
	"$KAPI_SRC/scripts/kernel-doc" -none -Wall "$KAPI_SRC/$f" 2>&1 |
		sed -E 's/^[^:]*:[0-9]+: //' | sort > "$tmp/ours"
	if kapi_pgit cat-file -e "pristine:$f" 2>/dev/null; then
		kapi_pgit show "pristine:$f" > "$tmp/pristine.c"
		"$KAPI_SRC/scripts/kernel-doc" -none -Wall "$tmp/pristine.c" 2>&1 |
			sed -E 's/^[^:]*:[0-9]+: //' | sort > "$tmp/theirs"
	else
		: > "$tmp/theirs"
	fi
	new=$(comm -23 "$tmp/ours" "$tmp/theirs")
	if [ -z "$new" ]; then
		ktap_pass "kernel-doc:$f: no new warnings"
	else
		ktap_fail "kernel-doc:$f: no new warnings" "$new"
	fi

	"$KAPI_SRC/scripts/kernel-doc" -rst "$KAPI_SRC/$f" 2>/dev/null |
		sed 's/\*\*//g' > "$tmp/rst"
	# Each spec's summary and long-desc prose appear in the rst.
	missing=()
	while IFS= read -r text; do
		grep -qF -- "$text" "$tmp/rst" || missing+=("missing: $text")
	done < <(awk '/^\/\*\*$/ { head = 1; next }
		head && /^ \* [a-z_]+(\(\))? - / { sub(/^ \* [a-z_]+(\(\))? - /, ""); gsub(/@/, ""); print substr($0, 1, 40) }
		{ head = 0 }
		/^ \* long-desc: / { sub(/^ \* long-desc: /, ""); gsub(/@/, ""); print substr($0, 1, 40) }' \
		"$KAPI_SRC/$f")
	if [ ${#missing[@]} -eq 0 ]; then
		ktap_pass "kernel-doc:$f: -rst renders the prose"
	else
		ktap_fail "kernel-doc:$f: -rst renders the prose" "${missing[@]}"
	fi
done
while read -r d src; do
	[ -n "$d" ] || continue
	out=$("$KAPI_SRC/scripts/kernel-doc" -rst -Wall "$KAPI_SRC/$src" 2>&1 >"$tmp/rst" |
		grep -v 'Sphinx version not found')
	if [ -z "$out" ] && [ -s "$tmp/rst" ]; then
		ktap_pass "kernel-doc:$d: renders $src"
	else
		ktap_fail "kernel-doc:$d: renders $src" "${out:-empty output}"
	fi
done <<< "$directives"
ktap_finish
