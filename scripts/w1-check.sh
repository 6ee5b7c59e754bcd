#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# w1-check.sh [-l]
#
# Compile every kernel C file kapi adds or edits with W=1 (the extra
# warnings maintainers ask new code to be clean of), run sparse over them,
# and print one KTAP result per file and tool: ok when the compiler (or
# sparse) said nothing about it or about the spec header generated for
# it. Uses the test kernel's configuration in a build directory of its
# own, so the test kernel's objects keep their normal flags and nothing is
# rebuilt twice per run. With -l: clang and the LLVM tools, the clang
# kernel's configuration (check-kernels.sh), no sparse.
set -uo pipefail
. "$(dirname "$0")/lib.sh"
. "$KAPI_TOP/tests/lib/ktap.sh"

kernel=test w1=w1 cc=
export KAPI_LLVM=
if [ "${1:-}" = -l ]; then
	export KAPI_LLVM=1
	kernel=clang w1=w1-clang cc=" (clang)"
fi
bdir=$KAPI_CACHE/build-$w1
cfg=$KAPI_CACHE/build-$kernel/.config
log=$KAPI_OUT/build-$w1.log
[ -f "$cfg" ] || kapi_die "no $cfg: build the test kernel first"
mkdir -p "$bdir" "$KAPI_OUT"
kmake() { kapi_kmake "$bdir" "$@"; }

if ! cmp -s "$cfg" "$bdir/.config"; then
	cp "$cfg" "$bdir/.config"
	kmake -s olddefconfig > "$log" 2>&1 || kapi_die "olddefconfig failed, see $log"
fi

# Kernel C files of ours: new ones in the overlay, edited ones in patches.
mapfile -t srcs < <({
	cd "$KAPI_TOP/linux" && find kernel drivers fs mm lib -name '*.c' 2>/dev/null
	sed -nE 's|^\+\+\+ b/(.*\.c)$|\1|p' "$KAPI_TOP"/patches/*.patch
} | grep -v '^scripts/\|^tools/' | sort -u)

objs=()
for s in "${srcs[@]}"; do
	objs+=("${s%.c}.o")
done

kapi_step "W=1 compile of ${#srcs[@]} kapi kernel files$cc"
# Objects a configuration does not build are not an error here.
kmake -k -j"$KAPI_JOBS" W=1 "${objs[@]}" >> "$log" 2>&1
for s in "${srcs[@]}"; do
	base=${s%.c}
	w=$(grep -E "(^|/)($base\.c|$base\.apispec\.h):[0-9]+:[0-9]+: warning:" "$log" | sort -u)
	if [ ! -f "$KAPI_CACHE/build-$kernel/$base.o" ]; then
		ktap_skip "w1$cc: $s" "not built in this configuration"
	elif [ ! -f "$bdir/$base.o" ]; then
		ktap_fail "w1$cc: $s # did not compile, see $log" \
			"$(grep -E 'error|Error' "$log" | head -5)"
	elif [ -n "$w" ]; then
		ktap_fail "w1$cc: $s" "$w"
	else
		ktap_pass "w1$cc: $s"
	fi
done
[ -z "$KAPI_LLVM" ] || ktap_finish

# sparse over the same files (C=2: every file named, built or not; the
# objects are up to date, so nothing is compiled again). Its complaints
# name the file like the compiler's. In a file our patches edit, only the
# lines they add or change are ours: 6.12 itself is not sparse-clean
# (fs/read_write.c's generic_file_llseek_size(), for one).
slog=$KAPI_OUT/build-sparse.log
# "FILE:LINE:COL: warning:" lines of sparse about lines of ours in $1
sparse_ours() {
	local f=$1 lines
	if ! kapi_pgit cat-file -e "pristine:$f" 2> /dev/null; then
		grep -E "(^|/)(${f%.c}\.c|${f%.c}\.apispec\.h):[0-9]+:[0-9]+: (warning|error):" "$slog" | sort -u
		return
	fi
	lines=$(diff -U0 <(kapi_pgit show "pristine:$f") "$KAPI_SRC/$f" |
		awk '/^@@/ { split($3, a, ","); s = substr(a[1], 2); n = a[2] == "" ? 1 : a[2]
			     for (i = 0; i < n; i++) printf "%d\n", s + i }')
	grep -E "(^|/)${f//./\\.}:[0-9]+:[0-9]+: (warning|error):" "$slog" | sort -u |
		awk -v lines="$lines" 'BEGIN { n = split(lines, l, "\n"); for (i = 1; i <= n; i++) ours[l[i]] = 1 }
			{ split($0, p, ":"); if (p[2] in ours) print }'
}
if command -v sparse > /dev/null; then
	kapi_step "sparse on ${#srcs[@]} kapi kernel files"
	kmake -k -j"$KAPI_JOBS" C=2 CHECK=sparse "${objs[@]}" > "$slog" 2>&1
fi
for s in "${srcs[@]}"; do
	base=${s%.c}
	if ! command -v sparse > /dev/null; then
		ktap_skip "sparse: $s" "sparse is not installed"
		continue
	fi
	w=$(sparse_ours "$s")
	if [ ! -f "$KAPI_CACHE/build-test/$base.o" ]; then
		ktap_skip "sparse: $s" "not built in this configuration"
	elif ! grep -qE "^  CHECK +(.*/)?$base\.c$" "$slog"; then
		ktap_fail "sparse: $s # not checked, see $slog"
	elif [ -n "$w" ]; then
		ktap_fail "sparse: $s" "$w"
	else
		ktap_pass "sparse: $s"
	fi
done
ktap_finish
