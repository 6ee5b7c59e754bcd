#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# The errno analysis (scripts/kapi/kapi_errnos.c) and the build's check of
# specs against it. Prints KTAP. Usage: run.sh OUTDIR
#
#   corpus     small C files, one system call per case (direct return,
#              helpers in the same and in another file, static inline
#              functions of a header, ret = -E; goto out, ERR_PTR/PTR_ERR,
#              a method and an LSM hook that stop the search, ERESTART*,
#              a value through a parameter, static scope, comparisons,
#              ENOIOCTLCMD for ioctl and elsewhere):
#              `kapi errnos` prints exactly expect.txt
#   spec       kapi-gen --tree reports each way a spec and its code
#              disagree, exactly expect-spec.txt; -Werror makes it fatal
#   tree       in the prepared 6.12 tree: the syscall specs agree with
#              their code, and how long the analysis takes
#   drift      a scratch copy of the tree where a helper of read() gains
#              "return -EPERM;": the build's check reports it against read
#   draft      kapi draft of five fs/open.c syscalls, put in place, builds
#              with -Werror; how many errnos of their man pages drafts propose
set -u
here=$(cd "$(dirname "$0")" && pwd)
. "$here/../../scripts/lib.sh"
. "$here/../lib/ktap.sh"

out=${1:?usage: run.sh OUTDIR}
mkdir -p "$out" || exit 1
out=$(cd "$out" && pwd)
kapi_dir=$KAPI_TOP/linux/scripts/kapi
corpus=$here/corpus

# kapi-gen as kbuild builds it, from the one list of its objects
gen=$out/errnos-kapi-gen
mapfile -t gen_src < <(sed -n '/^kapi-gen-objs/,/^$/p' "$kapi_dir/Makefile" |
	grep -o 'kapi_[a-z_]*\.o' | sed "s|^|$kapi_dir/|; s|\.o\$|.c|")
if ! gcc -std=gnu11 -O2 -Wall -Wextra -Werror -I"$kapi_dir" \
	-idirafter "$KAPI_TOP/linux/include" "${gen_src[@]}" -o "$gen" \
	> "$out/errnos-gen.log" 2>&1; then
	ktap_fail "errnos: build kapi-gen" "see $out/errnos-gen.log"
	ktap_finish
fi
tool=$out/kapi
if [ ! -x "$tool" ]; then
	tool=$out/errnos-tool/kapi
	if ! make -s -C "$KAPI_TOP/linux/tools/kapi" OUTPUT="$out/errnos-tool/" \
		> "$out/errnos-tool.log" 2>&1; then
		ktap_fail "errnos: build tools/kapi" "see $out/errnos-tool.log"
		ktap_finish
	fi
fi

# --- corpus ---
cases=(direct helper inline goto errptr indirect restart param scope compare lsm ioctl
       leak)
(cd "$corpus" && for c in "${cases[@]}"; do "$tool" errnos tree . "$c"; done) \
	> "$out/errnos-corpus.txt" 2>&1
if diff -u "$here/expect.txt" "$out/errnos-corpus.txt" > "$out/errnos-corpus.diff"; then
	ktap_pass "errnos: corpus: exact candidates, paths and stops of ${#cases[@]} cases"
else
	ktap_fail "errnos: corpus: exact candidates, paths and stops of ${#cases[@]} cases" \
		"$(head -n 20 "$out/errnos-corpus.diff")"
fi

# --- a spec against its code ---
(cd "$corpus" && "$gen" --check --tree . fs/spec.c) > /dev/null 2> "$out/errnos-spec.txt"
rc=$?
if [ $rc = 0 ] && diff -u "$here/expect-spec.txt" "$out/errnos-spec.txt" \
	> "$out/errnos-spec.diff"; then
	ktap_pass "errnos: kapi-gen --tree reports each disagreement at the spec's line"
else
	ktap_fail "errnos: kapi-gen --tree reports each disagreement at the spec's line" \
		"exit $rc; $(head -n 20 "$out/errnos-spec.diff" 2>/dev/null)"
fi
if (cd "$corpus" && "$gen" --check -Werror --tree . fs/spec.c) > /dev/null 2>&1; then
	ktap_fail "errnos: -Werror makes a disagreement fatal" "exit 0"
else
	ktap_pass "errnos: -Werror makes a disagreement fatal"
fi
rc=0
"$tool" errnos tree "$corpus" checked > "$out/errnos-checked.txt" 2>&1 || rc=$?
if [ $rc = 11 ] && grep -q "^  EINVAL  *UNLISTED" "$out/errnos-checked.txt" &&
	grep -q "^  EEXIST  *explained" "$out/errnos-checked.txt"; then
	ktap_pass "errnos: kapi errnos shows listed, explained and unlisted, exit 11"
else
	ktap_fail "errnos: kapi errnos shows listed, explained and unlisted, exit 11" \
		"exit $rc; see $out/errnos-checked.txt"
fi

# --- the prepared tree ---
files=(); specs=()
if [ -f "$KAPI_SRC/fs/Makefile" ]; then
	mapfile -t files < <(kapi_syscall_spec_files)
	for f in "${files[@]}"; do
		mapfile -t -O "${#specs[@]}" specs < \
			<("$tool" --source "$KAPI_SRC/$f" list | cut -d" " -f1)
	done
fi
if [ ${#files[@]} = 0 ] || ! grep -q 'not-returned:' "$KAPI_SRC/fs/open.c"; then
	ktap_skip "errnos: the ${#specs[@]} syscall specs agree with their code" \
		"no prepared tree (run scripts/tree.sh)"
	ktap_skip "errnos: drift in a helper of read() is reported" \
		"no prepared tree (run scripts/tree.sh)"
	ktap_finish
fi
start=$(date +%s%N)
(cd "$KAPI_SRC" && for f in "${files[@]}"; do
		"$gen" --check -Werror --tree . "$f" || exit 1
	done) > "$out/errnos-tree.txt" 2>&1
rc=$?
ms=$(( ($(date +%s%N) - start) / 1000000 ))
if [ $rc = 0 ]; then
	ktap_pass "errnos: the ${#specs[@]} syscall specs agree with their code" \
		"${files[*]} checked in $ms ms"
else
	ktap_fail "errnos: the ${#specs[@]} syscall specs agree with their code" \
		"$(head -n 20 "$out/errnos-tree.txt")"
fi
"$tool" errnos tree "$KAPI_SRC" "${specs[@]}" > "$out/errnos-syscalls.txt" 2>&1
ktap_diag < <(awk '/^[a-z0-9_]+: sys_/ { name = $1 }
	/candidates;/ { printf "%s %s candidates, %s listed (%s core), %s explained\n",
			name, $1, $3, $5, $7 }' "$out/errnos-syscalls.txt" | tr -d '();')

# What the guest saw (make test exports its console log): every errno the
# conformance tests or the probe provoked is a candidate of the analysis,
# or listed as coming from methods or LSMs.
if [ -f "${KAPI_GUEST_LOG:-}" ]; then
	sed -n 's/\r$//; s/^ *# kapi-coverage: \([a-z0-9_]*\) \(E[A-Z0-9]*\) seen.*/\1 \2/p' \
		"$KAPI_GUEST_LOG" | sort -u > "$out/errnos-seen-all.txt"
	# kapi errnos analyses syscalls: a function spec's errnos (the loop
	# driver's ioctls) are counted apart, not held to it
	printf '%s\n' "${specs[@]}" > "$out/errnos-syscall-specs.txt"
	awk 'NR == FNR { sys[$1] = 1; next } $1 in sys' "$out/errnos-syscall-specs.txt" \
		"$out/errnos-seen-all.txt" > "$out/errnos-seen.txt"
	unanalysed=$(( $(grep -c . "$out/errnos-seen-all.txt") - $(grep -c . "$out/errnos-seen.txt") ))
	found=0 methods=0 bad=()
	while read -r s e; do
		r=$out/errnos-syscalls.txt
		if awk -v s="$s:" -v e="$e" '$1 == s { on = 1; next }
			/^[a-z0-9_]+: sys_/ { on = 0 }
			on && $1 == e && ($2 == "listed" || $2 == "explained" || $2 == "UNLISTED") &&
			!/not a candidate/ { hit = 1 } END { exit !hit }' "$r"; then
			found=$((found + 1))
		elif awk -v s="$s:" -v e="$e" '$1 == s { on = 1; next }
			/^[a-z0-9_]+: sys_/ { on = 0 }
			on && $1 == e && /not a candidate, from (methods|lsm)/ { hit = 1 }
			END { exit !hit }' "$r"; then
			methods=$((methods + 1))
		else
			bad+=("$s $e")
		fi
	done < "$out/errnos-seen.txt"
	seen=$(grep -c . "$out/errnos-seen.txt")
	if [ "$seen" -gt 0 ] && [ ${#bad[@]} = 0 ]; then
		ktap_pass "errnos: every errno the guest saw is a candidate or marked origin:" \
			"$seen errnos seen by the conformance tests and the probe: $found candidates of the analysis, $methods from methods or LSMs (origin:); $unanalysed more on function specs, which the analysis does not cover"
	else
		ktap_fail "errnos: every errno the guest saw is a candidate or marked origin:" \
			"$seen seen; neither: ${bad[*]}"
	fi
else
	ktap_skip "errnos: every errno the guest saw is a candidate or marked origin:" \
		"no guest log (KAPI_GUEST_LOG; make test sets it)"
fi

# A scratch copy (hard links; sed -i replaces the file it edits) where
# fsnotify_file_area_perm(), which read() runs through rw_verify_area(),
# starts returning -EPERM.
scratch=$out/errnos-drift
rm -rf "$scratch"
mkdir -p "$scratch/arch/x86/include"
for d in fs include kernel lib mm security block; do
	cp -al "$KAPI_SRC/$d" "$scratch/$d" 2> /dev/null
done
cp -al "$KAPI_SRC/arch/x86/include/asm" "$scratch/arch/x86/include/asm"
hdr=$scratch/include/linux/fsnotify.h
sed -i '/^static inline int fsnotify_file_area_perm(/,/^{/ s/^{$/{\n\tif (!file)\n\t\treturn -EPERM;/' "$hdr"
if ! grep -q 'return -EPERM;' "$hdr" || grep -q 'return -EPERM;' "$KAPI_SRC/include/linux/fsnotify.h"; then
	ktap_fail "errnos: drift in a helper of read() is reported" \
		"could not edit the scratch copy of include/linux/fsnotify.h"
	ktap_finish
fi
(cd "$scratch" && "$gen" --check -Werror --tree . fs/read_write.c) > "$out/errnos-drift.txt" 2>&1
rc=$?
line=$(grep -m1 ': warning: read: EPERM .*fsnotify_file_area_perm (include/linux/fsnotify.h:' \
	"$out/errnos-drift.txt")
if [ $rc != 0 ] && [ -n "$line" ]; then
	ktap_pass "errnos: drift in a helper of read() is reported" "${line:0:200}"
else
	ktap_fail "errnos: drift in a helper of read() is reported" \
		"exit $rc; $(head -n 5 "$out/errnos-drift.txt")"
fi

# kapi draft: five drafts put above their SYSCALL_DEFINE in the scratch
# fs/open.c build as they are, every candidate listed, with -Werror
drafted=(ftruncate fchmod fallocate faccessat fchown)
cp "$KAPI_SRC/fs/open.c" "$out/errnos-open.c"
for s in "${drafted[@]}"; do
	"$tool" draft tree "$scratch" "$s" > "$out/errnos-draft-$s.txt" 2>&1 || break
	awk -v s="$s" -v draft="$out/errnos-draft-$s.txt" '
		!done && $0 ~ "^SYSCALL_DEFINE[0-9][(]" s "," {
			while ((getline l < draft) > 0)
				if (l !~ /^\/\* kapi draft/)
					print l
			done = 1
		}
		{ print }' "$out/errnos-open.c" > "$out/errnos-open.c.new" &&
		mv "$out/errnos-open.c.new" "$out/errnos-open.c"
done
rm -f "$scratch/fs/open.c"
cp "$out/errnos-open.c" "$scratch/fs/open.c"
n=$(grep -c '^ \* sys_[a-z0-9]* - TODO' "$scratch/fs/open.c")
if [ "$n" = ${#drafted[@]} ] &&
	(cd "$scratch" && "$gen" --check -Werror --tree . fs/open.c) > "$out/errnos-draft.txt" 2>&1; then
	ktap_pass "errnos: kapi draft of ${drafted[*]} builds as it is"
else
	ktap_fail "errnos: kapi draft of ${drafted[*]} builds as it is" \
		"$n drafts in place; $(head -n 10 "$out/errnos-draft.txt")"
fi

# how many of the errnos man-pages lists the drafts propose
man2=/usr/share/man/man2
for s in ftruncate fsync dup3 fchmod renameat2; do
	page=$man2/$s.2.gz
	[ -f "$page" ] || { ktap_diag "no $page (manpages-dev): no figure for $s"; continue; }
	so=$(zcat "$page" | sed -n 's/^\.so man2\///p')
	[ -z "$so" ] || page=$man2/$so.gz
	man=$(zcat "$page" | sed -n '/^\.SH ERRORS/,/^\.SH [^E]/p' |
		grep -oE '^\.BR? E[A-Z0-9]+' | awk '{ print $2 }' | sort -u)
	prop=$("$tool" draft tree "$KAPI_SRC" "$s" 2> /dev/null |
		grep -oE '^ \* error: E[A-Z0-9]+' | awk '{ print $3 }' | sort -u)
	ktap_diag "draft $s: proposes $(comm -12 <(echo "$man") <(echo "$prop") | grep -c .) of the $(echo "$man" | grep -c .) errnos of its man page ($(basename "$page" .gz)); $(echo "$prop" | grep -c .) in all"
done
rm -rf "$scratch"
ktap_finish
