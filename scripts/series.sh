#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# series.sh [-o OUTDIR]
#
# Turn linux/ (new files) and patches/series (edits) into the upstream
# series: one git commit per topic of series/topics on top of the pristine
# 6.12.118 tree, written by `git format-patch --cover-letter` into OUTDIR
# (default $KAPI_OUT/series). The scratch repository is OUTDIR-work; it
# shares its objects with $KAPI_CACHE/pristine.git, which is only read.
#
# Commits are built on a private index, without checking out the kernel:
# an overlay file is hashed in, a patch goes through `git apply --cached`.
# Commit messages are series/msg/<topic>, the cover letter's subject and
# blurb series/msg/cover, whose line @BENCH@ becomes the latest
# `make bench` figures ($KAPI_OUT/bench), never figures typed by hand.
#
# Environment: KAPI_SIGNOFF="Name <mail>" (author and Signed-off-by; the
# default is an obvious placeholder), KAPI_SERIES_DATE (commit date).
set -euo pipefail
. "$(dirname "$0")/lib.sh"

out=$KAPI_OUT/series
while getopts o: opt; do
	case $opt in
	o) out=$OPTARG ;;
	*) kapi_die "usage: series.sh [-o OUTDIR]" ;;
	esac
done
mkdir -p "$(dirname "$out")"
out=$(cd "$(dirname "$out")" && pwd)/$(basename "$out")
work=$out-work
sdir=$KAPI_TOP/series
signoff=${KAPI_SIGNOFF:-Your Name <your.name@example.org>}
date=${KAPI_SERIES_DATE:-2026-01-01T00:00:00+00:00}

[ -d "$KAPI_GIT" ] || kapi_die "no pristine tree in $KAPI_GIT (run scripts/tree.sh)"
[[ $signoff =~ ^([^<]*[^<\ ])\ *\<([^>]+)\>$ ]] ||
	kapi_die "KAPI_SIGNOFF must be \"Name <mail>\", not \"$signoff\""
export GIT_AUTHOR_NAME=${BASH_REMATCH[1]} GIT_AUTHOR_EMAIL=${BASH_REMATCH[2]}
export GIT_COMMITTER_NAME=$GIT_AUTHOR_NAME GIT_COMMITTER_EMAIL=$GIT_AUTHOR_EMAIL
export GIT_AUTHOR_DATE=$date GIT_COMMITTER_DATE=$date

errors=0
err() { printf 'error: %s\n' "$*" >&2; errors=$((errors + 1)); }

# --- series/topics ---------------------------------------------------------
topics=() t_each=() pg_glob=() pg_topic=() pt_glob=() pt_topic=()
st_topic=() st_path=() st_sed=()
lineno=0
cur=
while IFS= read -r line || [ -n "$line" ]; do
	lineno=$((lineno + 1))
	case $line in ''|'#'*) continue ;; esac
	read -r kw a rest <<< "$line"
	where="series/topics:$lineno"
	[ -n "$a" ] || kapi_die "$where: '$kw' needs an argument"
	case $kw in
	topic)
		[ -z "$rest" ] || [ "$rest" = each ] ||
			kapi_die "$where: 'topic SLUG [each]', not '$line'"
		cur=$a
		topics+=("$a")
		t_each+=("${rest:-}")
		continue ;;
	esac
	[ -n "$cur" ] || kapi_die "$where: '$kw' before the first topic"
	case $kw in
	path) pg_glob+=("$a"); pg_topic+=("$cur") ;;
	patch) pt_glob+=("$a"); pt_topic+=("$cur") ;;
	stage)
		[ -n "$rest" ] || kapi_die "$where: 'stage PATH SED-SCRIPT'"
		st_topic+=("$cur"); st_path+=("$a"); st_sed+=("$rest") ;;
	*) kapi_die "$where: unknown keyword '$kw'" ;;
	esac
done < "$sdir/topics"

# The topic of a kernel-tree path in REPLY, or "" (two matches are an error).
path_topic() {
	local f=$1 i t=
	REPLY=
	for i in "${!pg_glob[@]}"; do
		# shellcheck disable=SC2053
		[[ $f == ${pg_glob[$i]} ]] || continue
		if [ -n "$t" ] && [ "$t" != "${pg_topic[$i]}" ]; then
			err "$f belongs to topics $t and ${pg_topic[$i]} (series/topics)"
			return 0
		fi
		t=${pg_topic[$i]}
	done
	REPLY=$t
}

is_each() {
	local i
	for i in "${!topics[@]}"; do
		[ "${topics[$i]}" = "$1" ] && [ "${t_each[$i]}" = each ] && return 0
	done
	return 1
}

# --- what the series must carry --------------------------------------------
# The same overlay and patch list scripts/tree.sh lays over the pristine
# tree. Build products must never get into the series.
mapfile -t overlay < <(cd "$KAPI_TOP/linux" && find . -type f ! -name '*~' -printf '%P\n' | sort)
for f in "${overlay[@]}"; do
	case $f in
	*.o|*.a|*.ko|*.so|*.cmd|*.d|*.apispec.h|*.orig|*.rej|*.mod|*.mod.c|*/modules.order)
		err "linux/$f is a build product, not a source" ;;
	esac
	if git -C "$KAPI_TOP" check-ignore -q "linux/$f" 2>/dev/null; then
		err "linux/$f is ignored by a .gitignore (a build product?)"
	fi
done
patches=()
while read -r p; do
	case $p in ''|'#'*) continue ;; esac
	[ -f "$KAPI_TOP/patches/$p" ] || kapi_die "patches/series names $p, which does not exist"
	patches+=("$p")
done < "$KAPI_TOP/patches/series"
for p in "$KAPI_TOP"/patches/*.patch; do
	[ -e "$p" ] || continue
	grep -qxF "$(basename "$p")" <(printf '%s\n' "${patches[@]}") ||
		printf 'note: patches/%s is not in patches/series; left out\n' "$(basename "$p")" >&2
done

# --- assign every file and patch to exactly one topic ----------------------
declare -A file_topic patch_topic
for f in "${overlay[@]}"; do
	path_topic "$f"
	t=$REPLY
	if [ -z "$t" ]; then
		err "linux/$f belongs to no topic: add a 'path' line to series/topics"
	elif is_each "$t"; then
		err "linux/$f is in topic $t, whose commits are one per patch"
	else
		file_topic[$f]=$t
	fi
done
for p in "${patches[@]}"; do
	t=
	for i in "${!pt_glob[@]}"; do
		# shellcheck disable=SC2053
		[[ $p == ${pt_glob[$i]} ]] || continue
		[ -z "$t" ] || [ "$t" = "${pt_topic[$i]}" ] ||
			err "patches/$p matches 'patch' lines of topics $t and ${pt_topic[$i]}"
		t=${pt_topic[$i]}
	done
	if [ -z "$t" ]; then
		mapfile -t touched < <(sed -nE 's#^(\+\+\+|---) [ab]/([^\t]*).*#\2#p' \
			"$KAPI_TOP/patches/$p" | sort -u)
		why=
		for f in "${touched[@]}"; do
			path_topic "$f"
			ft=$REPLY
			why+=" $f:${ft:-none}"
			if [ -z "$ft" ]; then
				t=-
			elif [ -z "$t" ]; then
				t=$ft
			elif [ "$t" != "$ft" ]; then
				t=-
			fi
		done
		if [ -z "$t" ] || [ "$t" = - ]; then
			err "patches/$p: its files do not belong to one topic ($why )" \
			    "- add 'path' lines or a 'patch' line to series/topics"
			continue
		fi
	fi
	patch_topic[$p]=$t
done
for i in "${!st_path[@]}"; do
	[ -n "${file_topic[${st_path[$i]}]:-}" ] ||
		err "series/topics: 'stage ${st_path[$i]}' names no overlay file"
done
[ "$errors" -eq 0 ] || kapi_die "$errors problem(s) in the topic map; nothing written"

# --- one commit per topic (per patch for `each` topics) ---------------------
rm -rf "$work" "$out"
mkdir -p "$work"
git clone -q --bare --shared "$KAPI_GIT" "$work/repo.git"
export GIT_DIR=$work/repo.git GIT_INDEX_FILE=$work/index
git read-tree pristine
head=$(git rev-parse 'pristine^{commit}')
: > "$work/commits"

add_file() {	# add_file PATH FILE
	local mode=100644 blob
	[ -x "$2" ] && mode=100755
	blob=$(git hash-object -w -- "$2")
	git update-index --add --cacheinfo "$mode,$blob,$1"
}

commit() {	# commit SLUG MSGFILE WHAT...
	local slug=$1 msg=$2 tree
	shift 2
	[ -f "$msg" ] || { err "series/msg/$(basename "$msg") is missing (message for $*)"; return 0; }
	if ! sed -n 2p "$msg" | grep -q '^$' || [ "$(wc -l < "$msg")" -lt 3 ]; then
		err "series/msg/$(basename "$msg"): subject line, blank line, body"
		return 0
	fi
	tree=$(git write-tree)
	if [ "$tree" = "$(git rev-parse "$head^{tree}")" ]; then
		err "topic $slug changes nothing"
		return 0
	fi
	{ cat "$msg"; printf '\nSigned-off-by: %s\n' "$signoff"; } > "$work/msg"
	head=$(git commit-tree "$tree" -p "$head" -F "$work/msg")
	printf '%s %s\n' "$slug" "$*" >> "$work/commits"
}

apply_patch() {
	if ! git apply --cached --whitespace=nowarn "$KAPI_TOP/patches/$1" \
		> "$work/apply.log" 2>&1; then
		err "patches/$1 does not apply in the series (topic ${patch_topic[$1]}):"
		sed 's/^/  /' "$work/apply.log" >&2
	fi
}

for ti in "${!topics[@]}"; do
	t=${topics[$ti]}
	what=()
	for f in "${overlay[@]}"; do
		[ "${file_topic[$f]}" = "$t" ] || continue
		add_file "$f" "$KAPI_TOP/linux/$f"
		what+=("$f")
		echo "$f $t" >> "$work/file-topics"
	done
	for i in "${!st_path[@]}"; do
		[ "${st_topic[$i]}" = "$t" ] || continue
		f=${st_path[$i]}
		sed -e "${st_sed[$i]}" "$KAPI_TOP/linux/$f" | cat -s |
			sed -e ':a' -e '/^\n*$/{$d;N;ba' -e '}' > "$work/staged"
		if cmp -s "$work/staged" "$KAPI_TOP/linux/$f"; then
			err "series/topics: 'stage $f' in topic $t no longer changes the file"
		fi
		add_file "$f" "$work/staged"
		what+=("$f(staged)")
	done
	for p in "${patches[@]}"; do
		[ "${patch_topic[$p]}" = "$t" ] || continue
		apply_patch "$p"
		slug=$t
		if [ "${t_each[$ti]}" = each ]; then
			slug=${p#[0-9][0-9][0-9][0-9]-}
			slug=${slug%.patch}
		fi
		sed -nE 's#^\+\+\+ b/([^\t]*).*#\1 '"$slug"'#p' "$KAPI_TOP/patches/$p" >> "$work/file-topics"
		if [ "${t_each[$ti]}" = each ]; then
			stem=${p#[0-9][0-9][0-9][0-9]-}
			stem=${stem%.patch}
			msg=$sdir/msg/$stem
			# Without a message file, the text above the first diff.
			if [ ! -f "$msg" ] && ! head -n 1 "$KAPI_TOP/patches/$p" | grep -q "^diff "; then
				sed "/^diff /,\$d" "$KAPI_TOP/patches/$p" > "$work/msg.$stem"
				msg=$work/msg.$stem
			fi
			commit "$stem" "$msg" "patches/$p"
		else
			what+=("patches/$p")
		fi
	done
	[ "${t_each[$ti]}" = each ] || [ ${#what[@]} -eq 0 ] || commit "$t" "$sdir/msg/$t" "${what[@]}"
done
[ "$errors" -eq 0 ] || kapi_die "$errors problem(s) building the series; nothing written"
git update-ref refs/heads/kapi "$head"

# --- format-patch and the cover letter -------------------------------------
git format-patch -q --numbered --cover-letter --no-signature -o "$out" pristine..kapi
cover=$out/0000-cover-letter.patch
{
	sed -n '3,$p' "$sdir/msg/cover" | while IFS= read -r line; do
		if [ "$line" != @BENCH@ ]; then
			printf '%s\n' "$line"
			continue
		fi
		found=0
		# make bench's one table; the raw files behind it say the same.
		b=$KAPI_OUT/bench/results.md
		if [ -s "$b" ]; then
			printf 'make bench, %s:\n\n' \
				"$(date -u -r "$b" '+%Y-%m-%d %H:%M UTC')"
			sed 's/^/  /' "$b"
			echo
			found=1
		fi
		[ $found -eq 1 ] || echo "No figures yet: run make bench, then make series."
	done
} > "$work/blurb"
subject=$(head -n 1 "$sdir/msg/cover")
awk -v subject="$subject" -v blurb="$work/blurb" '
	/\*\*\* SUBJECT HERE \*\*\*/ { sub(/\*\*\* SUBJECT HERE \*\*\*/, subject) }
	/^\*\*\* BLURB HERE \*\*\*$/ {
		while ((getline l < blurb) > 0)
			print l
		next
	}
	{ print }' "$cover" > "$work/cover" && mv "$work/cover" "$cover"
# Which topic each patch file carries (for the allowlists of series-check.sh).
paste -d' ' <(cd "$out" && ls 0*.patch | grep -v '^0000-') \
	<(cut -d' ' -f1 "$work/commits") > "$work/patch-topics"
kapi_step "series: $(wc -l < "$work/commits") patches and a cover letter in $out"
