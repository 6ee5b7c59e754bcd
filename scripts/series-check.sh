#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# series-check.sh [SERIESDIR]
#
# Check the series scripts/series.sh wrote (default $KAPI_OUT/series; its
# scratch repository is SERIESDIR-work) and print KTAP, one result per
# check; exit non-zero when one fails:
#
#   am             `git am` of the series onto a fresh pristine checkout
#                  gives, file for file, the tree scripts/tree.sh builds
#                  from linux/ and patches/ (its own stage_tree, run into
#                  a scratch directory), and nothing else: no build
#                  product, no file the tested tree does not have
#   prepared-tree  the same files equal $KAPI_CACHE/linux, the tree the
#                  kernel was last built from (a skip when that tree is
#                  older than the checkout: run scripts/tree.sh)
#   checkpatch     `checkpatch.pl --strict` on each patch: no error,
#                  warning or check that series/checkpatch.allow does not
#                  list
#   kernel-doc     `kernel-doc -none -Wall` on each .c and .h file the
#                  series touches: no warning the pristine file does not
#                  have already, unless series/kernel-doc.allow lists it
#
# Allowlist lines are "WHERE | WHAT | justification", WHERE a topic of
# series/topics or a glob on the file, WHAT the checkpatch message type or
# a regular expression on the kernel-doc warning. An entry without a
# justification is an error; an entry nothing matches is reported.
#
# The checkout is sparse (only the files the series touches and the
# checkers), so the whole run takes about a minute.
set -uo pipefail
. "$(dirname "$0")/lib.sh"
. "$KAPI_TOP/tests/lib/ktap.sh"

series=${1:-$KAPI_OUT/series}
series=$(cd "$series" 2>/dev/null && pwd) || kapi_die "no series in ${1:-$KAPI_OUT/series} (run make series)"
work=$series-work
sdir=$KAPI_TOP/series
[ -f "$work/patch-topics" ] || kapi_die "$work/patch-topics missing (run scripts/series.sh)"

shopt -s lastpipe
[ -d "$KAPI_GIT" ] && [ -f "$KAPI_SRC/scripts/checkpatch.pl" ] ||
	ktap_skip_all "no pristine tree or prepared tree in $KAPI_CACHE (run scripts/tree.sh)"

mapfile -t mails < <(cd "$series" && ls 0*.patch | grep -v '^0000-cover-letter')
declare -A topic_of
while read -r p t; do topic_of[$p]=$t; done < "$work/patch-topics"

# --- allowlists ------------------------------------------------------------
trim() { sed -E 's/^[[:space:]]+//; s/[[:space:]]+$//' <<< "$1"; }

# read_allow FILE PREFIX: sets PREFIX_where/_what/_why/_line arrays.
read_allow() {
	local file=$1 pre=$2 ln=0 line where what why
	eval "${pre}_where=() ${pre}_what=() ${pre}_why=() ${pre}_line=()"
	[ -f "$file" ] || return 0
	while IFS= read -r line || [ -n "$line" ]; do
		ln=$((ln + 1))
		case $line in ''|'#'*) continue ;; esac
		IFS='|' read -r where what why <<< "$line"
		where=$(trim "$where") what=$(trim "$what") why=$(trim "$why")
		if [ -z "$where" ] || [ -z "$what" ] || [ -z "$why" ]; then
			ktap_diag "$(basename "$file"):$ln: needs 'WHERE | WHAT | justification': $line"
			allow_bad=1
			continue
		fi
		eval "${pre}_where+=(\"\$where\") ${pre}_what+=(\"\$what\") ${pre}_why+=(\"\$why\") ${pre}_line+=($ln)"
	done < "$file"
}
allow_bad=0
read_allow "$sdir/checkpatch.allow" cp
read_allow "$sdir/kernel-doc.allow" kd
declare -A used

# allowed PREFIX TOPIC FILE TEXT: is the finding listed? (kernel-doc: TEXT
# is matched as a regular expression, checkpatch: as the exact type)
allowed() {
	local pre=$1 topic=$2 file=$3 text=$4 i
	local -n w=${pre}_where x=${pre}_what l=${pre}_line
	for i in "${!w[@]}"; do
		# shellcheck disable=SC2053
		[ "${w[$i]}" = "$topic" ] || [[ -n $file && $file == ${w[$i]} ]] ||
			[ "${w[$i]}" = '*' ] || continue
		if [ "$pre" = cp ]; then
			[ "${x[$i]}" = "$text" ] || continue
		else
			grep -qE -- "${x[$i]}" <<< "$text" || continue
		fi
		used[$pre:${l[$i]}]=1
		return 0
	done
	return 1
}

# --- am: the series applied to pristine is the tested tree ------------------
am=$work/am
rm -rf "$am" "$work/stage" "$work/stage.files"
git clone -q --shared --no-checkout "$KAPI_GIT" "$am"
{
	printf '/scripts/checkpatch.pl\n/scripts/spelling.txt\n'
	printf '/scripts/const_structs.checkpatch\n/scripts/kernel-doc\n'
	cat "${mails[@]/#/$series/}" | sed -nE 's#^diff --git a/([^ ]*) b/.*#/\1#p' | sort -u
} > "$work/sparse"
git -C "$am" sparse-checkout set --no-cone --stdin < "$work/sparse"
git -C "$am" checkout -q -b series pristine
if git -C "$am" -c user.name=kapi -c user.email=kapi@localhost \
	am -q --whitespace=nowarn "${mails[@]/#/$series/}" > "$work/am.log" 2>&1; then
	(
		# scripts/tree.sh's own staging, so that "the tested tree" is
		# never a second implementation of it.
		eval "$(sed -n '/^stage_tree()/,/^}/p' "$KAPI_TOP/scripts/tree.sh")"
		mkdir -p "$work/stage"
		stage_tree "$work/stage"
	) > "$work/stage.log" 2>&1 || ktap_diag < "$work/stage.log"
	: > "$work/am.diff"
	git -C "$am" diff --name-only pristine HEAD | sort > "$work/am.files"
	comm -13 "$work/stage.files" "$work/am.files" |
		sed 's/^/in the series, not in the tested tree: /' >> "$work/am.diff"
	while read -r f; do
		if [ ! -e "$work/stage/$f" ]; then
			[ ! -e "$am/$f" ] || echo "in the series, deleted in the tested tree: $f"
		elif [ ! -e "$am/$f" ]; then
			echo "missing from the series: $f"
		elif ! cmp -s "$work/stage/$f" "$am/$f"; then
			echo "differs: $f"
			diff -u "$work/stage/$f" "$am/$f" | head -n 20 | sed 's/^/    /'
		fi
	done < "$work/stage.files" >> "$work/am.diff"
	grep -E '\.(o|a|ko|cmd|mod|orig|rej)$|\.apispec\.h$|(^|/)\.[^/]*\.cmd$' "$work/am.files" |
		sed 's/^/build product in the series: /' >> "$work/am.diff"
	if [ -s "$work/am.diff" ] || [ ! -s "$work/stage.files" ]; then
		ktap_diag < "$work/am.diff"
		ktap_fail "am: git am of the series onto pristine gives the tested tree"
	else
		ktap_pass "am: git am of the series onto pristine gives the tested tree"
	fi

	# The tree the kernel was last built from, if it is current.
	stale=
	if [ ! -f "$KAPI_CACHE/overlay.files" ] || ! cmp -s "$KAPI_CACHE/overlay.files" "$work/stage.files"; then
		stale=1
	else
		while read -r f; do
			if [ -e "$work/stage/$f" ] && ! cmp -s "$work/stage/$f" "$KAPI_SRC/$f"; then
				stale=1
				break
			fi
		done < "$work/stage.files"
	fi
	if [ -n "$stale" ]; then
		ktap_skip "am: the series equals the prepared tree" \
			"$KAPI_SRC is older than the checkout (run scripts/tree.sh)"
	else
		ktap_pass "am: the series equals the prepared tree"
	fi
else
	ktap_diag < "$work/am.log"
	ktap_fail "am: git am of the series onto pristine gives the tested tree"
fi

# --- checkpatch --strict on every patch ------------------------------------
# Run from the prepared tree (a kernel tree, so the checks that read
# include/ work).
export KAPI_SRC
rm -f "$work"/checkpatch.*.out "$work"/*.checkpatch
# A patch's report depends on the patch (less its first line, the commit's
# hash, which changes with every earlier patch), checkpatch's own files
# and the headers of include/ (checkpatch seeds CamelCase names from
# them): a report whose inputs are those of one already made is taken
# from the cache, and checkpatch runs on the other patches only. Most of
# this suite's time is checkpatch, and a change touches a patch or two.
cpcache=$KAPI_CACHE/checkpatch
mkdir -p "$cpcache"
cpbase=$( (cd "$KAPI_SRC" && sha1sum scripts/checkpatch.pl scripts/spelling.txt \
		scripts/const_structs.checkpatch &&
	   find include -type f -printf '%p %s %T@\n' | LC_ALL=C sort) | sha1sum)
declare -A cpkey
todo=()
for m in "${mails[@]}"; do
	cpkey[$m]=$( (echo "$cpbase"; tail -n +2 "$series/$m") | sha1sum | cut -c1-40)
	cp "$cpcache/${cpkey[$m]}" "$work/$m.checkpatch" 2> /dev/null || todo+=("$m")
done
# checkpatch reads every header of include/ first (CamelCase seeds), so
# each process takes a share of the patches; the line that ends each
# patch's report ("<patch> has ...style problems") splits the output.
if [ ${#todo[@]} -gt 0 ]; then
	per=$(( (${#todo[@]} + KAPI_JOBS - 1) / KAPI_JOBS ))
	printf '%s\n' "${todo[@]/#/$series/}" | xargs -n "$per" -P "$KAPI_JOBS" sh -c \
		'cd "$KAPI_SRC" && perl scripts/checkpatch.pl --strict --show-types "$@" \
			> "$0/checkpatch.$$.out" 2>&1' "$work"
	cat "$work"/checkpatch.*.out | awk -v dir="$work" '
		{ buf = buf $0 "\n" }
		/ has (no obvious )?style problems/ {
			f = $1; sub(/.*\//, "", f)
			printf "%s", buf > (dir "/" f ".checkpatch"); close(dir "/" f ".checkpatch")
			buf = ""
		}'
	for m in "${todo[@]}"; do
		[ -f "$work/$m.checkpatch" ] &&
			cp "$work/$m.checkpatch" "$cpcache/${cpkey[$m]}.tmp" &&
			mv "$cpcache/${cpkey[$m]}.tmp" "$cpcache/${cpkey[$m]}"
	done
fi
ktap_diag "checkpatch ran on ${#todo[@]} of ${#mails[@]} patches (the others' inputs are those of a cached report)"
for m in "${mails[@]}"; do
	t=${topic_of[$m]:-?}
	if [ ! -f "$work/$m.checkpatch" ]; then
		ktap_diag < <(cat "$work"/checkpatch.*.out)
		ktap_fail "checkpatch: $m ($t): checkpatch.pl did not finish"
		continue
	fi
	awk '/^(ERROR|WARNING|CHECK):[A-Z0-9_]+:/ {
			if (m != "") print m "\t" f
			m = $0; f = ""; next
		}
		m != "" && /^#[0-9]+: FILE: / {
			f = $3; sub(/:[0-9]+:$/, "", f); l = $3
			print m "\t" f "\t" l; m = ""; next
		}
		m != "" && /^#[0-9]+:/ { print m "\t\t"; m = ""; next }
		END { if (m != "") print m "\t\t" }' "$work/$m.checkpatch" > "$work/$m.findings"
	bad=()
	while IFS=$'\t' read -r msg file where; do
		type=${msg#*:}
		type=${type%%:*}
		allowed cp "$t" "$file" "$type" && continue
		bad+=("$msg (${where:-commit message})")
	done < "$work/$m.findings"
	if grep -q 'Use of uninitialized\|No such file' "$work/$m.checkpatch"; then
		bad+=("checkpatch.pl itself complained: $(grep -m1 'uninitialized\|No such file' "$work/$m.checkpatch")")
	fi
	if [ ${#bad[@]} -eq 0 ]; then
		ktap_pass "checkpatch: $m ($t)"
	else
		ktap_fail "checkpatch: $m ($t)" "${bad[@]}"
	fi
done

# --- kernel-doc -none -Wall on every .c/.h the series touches --------------
if [ -f "$work/am.files" ]; then
	mapfile -t kfiles < <(grep -E '\.[ch]$' "$work/am.files")
else
	kfiles=()
fi
for f in "${kfiles[@]}"; do
	[ -f "$am/$f" ] || continue
	perl "$am/scripts/kernel-doc" -none -Wall "$am/$f" 2>&1 |
		sed -E 's/^[^:]*:[0-9]+: //' | sort > "$work/kd.ours"
	if git -C "$am" cat-file -e "pristine:$f" 2>/dev/null; then
		git -C "$am" show "pristine:$f" > "$work/kd.pristine${f##*/}"
		perl "$am/scripts/kernel-doc" -none -Wall "$work/kd.pristine${f##*/}" 2>&1 |
			sed -E 's/^[^:]*:[0-9]+: //' | sort > "$work/kd.theirs"
		rm -f "$work/kd.pristine${f##*/}"
	else
		: > "$work/kd.theirs"
	fi
	t=$(awk -v f="$f" '$1 == f { print $2 }' "$work/file-topics" 2>/dev/null)
	bad=()
	while IFS= read -r w; do
		[ -n "$w" ] || continue
		allowed kd "${t:-?}" "$f" "$w" && continue
		bad+=("$f: $w")
	done < <(comm -23 "$work/kd.ours" "$work/kd.theirs")
	if [ ${#bad[@]} -eq 0 ]; then
		ktap_pass "kernel-doc: $f"
	else
		ktap_fail "kernel-doc: $f" "${bad[@]}"
	fi
done

# --- the allowlists themselves ---------------------------------------------
for pre in cp kd; do
	declare -n w=${pre}_where x=${pre}_what l=${pre}_line
	file=checkpatch.allow
	[ $pre = cp ] || file=kernel-doc.allow
	for i in "${!w[@]}"; do
		[ -n "${used[$pre:${l[$i]}]:-}" ] ||
			ktap_diag "note: series/$file:${l[$i]} (${w[$i]} | ${x[$i]}) matches nothing; remove it?"
	done
	unset -n w x l
done
if [ $allow_bad -ne 0 ]; then
	ktap_fail "allowlists: every entry has a justification"
else
	ktap_pass "allowlists: every entry has a justification"
fi

ktap_finish
