#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# Tests of tools/kapi; prints KTAP on stdout, exits non-zero on a failure.
#
#   run.sh OUTDIR              (KAPI_UPDATE_GOLDEN=1 rewrites golden/)
#
# The tool is built with ASan and UBSan. Test "kernels" are ELF files that
# hold specs the way vmlinux does: the fixture sources turned into C by
# scripts/kapi's generator (kapi-gen), and hand-written specs. Each kernel
# is also linked with the kernel's own renderers (lib/kapi/render_*.c),
# so running it writes the debugfs tree that kernel would show. Then:
#  - the three readers (--source, --vmlinux, --debugfs) must give the same
#    specs, and every format must print the same bytes from each;
#  - text and JSON must equal the kernel's renderers byte for byte, and a
#    hand-checked debugfs copy (the KUnit expectations) must read back equal;
#  - golden files for every command and format;
#  - JSON through jq and the JSON Schema, rst through docutils, man
#    through groff, XML through xmllint, where those are installed, and
#    XML read back field for field against the JSON;
#  - syzlang and its .const file through syzlang_check.c, which knows
#    the rules of syzkaller's description language, and hand-made bad
#    descriptions it must reject;
#  - diff on kernels differing by one kind of change each: exit 0/1/2;
#  - every error exit code, and 500 damaged ELF files: a clear error,
#    never a crash;
#  - a real vmlinux when the harness has one (KAPI_VMLINUX): read, held
#    to its annotated sources. (Against the booted guest's debugfs:
#    tests/debugfs, which needs the guest's log.)
set -u
here=$(cd "$(dirname "$0")" && pwd)
top=$(cd "$here/../.." && pwd)
linux=$top/linux
out=${1:?usage: run.sh OUTDIR}/tool-tests
fx=$here/fixtures
golden=$here/golden
rm -rf "$out"
mkdir -p "$out"

export ASAN_OPTIONS=exitcode=99:detect_leaks=1
export UBSAN_OPTIONS=halt_on_error=1:exitcode=98:print_stacktrace=1

. "$here/../lib/ktap.sh"
# shellcheck disable=SC2034 # read by ktap.sh
KTAP_DIAG_LINES=40

K=$out/tool/kapi

# kapi ARGS...: run the tool, stdout in $out/o, stderr in $out/e, status in $rc
kapi() {
	"$K" "$@" > "$out/o" 2> "$out/e"
	rc=$?
}

# judge WANT ARGS...: run the tool; the array why says what is wrong with
# the run (empty when nothing is): exit status WANT, an error message for a
# failure, nothing from the sanitizers
judge() {
	local want=$1
	shift
	kapi "$@"
	why=()
	if ! ktap_sanitizer_check "$out/e" "kapi $*"; then
		why=("sanitizer report:" "$(cat "$out/e")")
	elif [ "$rc" != "$want" ]; then
		why=("exit status $rc, want $want" "$(cat "$out/e")")
	elif [ "$want" -ge 3 ] && ! grep -q '^kapi: error: ' "$out/e"; then
		why=("no error message on stderr")
	fi
}

# expect NAME WANT ARGS...: one result for judge WANT ARGS...
expect() {
	local name=$1
	shift
	judge "$@"
	ktap_result "$name" "${why[@]}"
}

# golden_cmp NAME FILE: FILE must equal golden/NAME
golden_cmp() {
	if [ "${KAPI_UPDATE_GOLDEN:-}" = 1 ]; then
		cp "$2" "$golden/$1"
	fi
	if [ ! -f "$golden/$1" ]; then
		ktap_fail "golden $1" "no golden file; run with KAPI_UPDATE_GOLDEN=1"
	elif diff -u "$golden/$1" "$2" > "$out/golden.diff"; then
		ktap_pass "golden $1"
	else
		ktap_fail "golden $1" "$(head -n 30 "$out/golden.diff")"
	fi
}

# jq_each FILE...: nothing (exit 0) when `jq -e .` passes each FILE, read
# on its own; else the first it refuses (exit 1). One jq reads them all
# (jq takes longer to start than the tool): each file a string, parsed by
# fromjson, the parser of jq's input too, into one value that must be
# neither null nor false. Only when that says no does `jq -e .` read each
# file, to name the first it refuses; what it takes and fromjson does not
# (two values in a file, an empty file) still passes.
jq_each() {
	local f n=0 args=()
	for f; do
		args+=(--rawfile "f$n" "$f")
		n=$((n + 1))
	done
	jq -n -e '$ARGS.named | length as $n
		| [.[] | fromjson | . != null and . != false]
		| length == $n and all' "${args[@]}" > /dev/null 2>&1 && return 0
	for f; do
		jq -e . "$f" > /dev/null || { echo "$f"; return 1; }
	done
}

# --- what the tests need (scripts/deps.sh installs it) ---
for t in gcc make jq; do
	if ! command -v "$t" > /dev/null; then
		ktap_fail "prerequisites" "'$t' is not installed"
		ktap_finish
	fi
done

# At most this many compilers at a time (make test runs this suite beside
# a guest on a small machine: KAPI_JOBS says how many cores it may have)
jobs=${KAPI_JOBS:-$(nproc)}
# Objects are compiled on their own (gcc -c), through ccache when it is
# there (scripts/deps.sh installs it; its directory the one scripts/lib.sh
# gives make test), and linked by the programs that need them: the tool's
# objects with the sanitizers alone were a fifth of this suite's CPU, the
# same from one run to the next. CCACHE_DISABLE=1 compiles them all.
ccache=()
tool_cc=()
if command -v ccache > /dev/null; then
	export CCACHE_DIR=${CCACHE_DIR:-${KAPI_CACHE:-$HOME/.cache/kapi}/ccache}
	ccache=(ccache)
	case ${CC:-cc} in ccache*) ;; *) tool_cc=(CC="ccache ${CC:-cc}") ;; esac
fi

# objects CC DIR CFLAGS... -- SRC...: each SRC compiled by CC to DIR/NAME.o,
# $jobs at a time (one less while the lane runs); fails when one does. The
# array objs: the objects, in the order of the sources (a program linked
# from them is the one a single gcc command makes of the sources, byte for
# byte when compiled in the same directory).
objects() {
	local cc=$1 dir=$2 flags=() s b st=0 pids=() max=$jobs
	shift 2
	while [ "$1" != -- ]; do
		flags+=("$1")
		shift
	done
	shift
	objs=()
	mkdir -p "$dir" || return 1
	lane_busy && [ "$max" -gt 1 ] && max=$((max - 1))
	for s; do
		if [ ${#pids[@]} -ge "$max" ]; then
			wait "${pids[0]}" || st=1
			pids=("${pids[@]:1}")
		fi
		b=${s##*/}
		objs+=("$dir/${b%.c}.o")
		"${ccache[@]}" "$cc" "${flags[@]}" -c -o "$dir/${b%.c}.o" "$s" &
		pids+=("$!")
	done
	for s in "${pids[@]}"; do
		wait "$s" || st=1
	done
	return $st
}

# Two slow tests that need only the tool, the test kernels and the kernel
# tree (the 500 damaged ELF files, the whole tree read as source) run in a
# lane beside the tests that follow, one after the other: with this shell,
# two things at a time, and none beside it with KAPI_JOBS=1. Their results
# are printed where they always were.
lane_pid=
declare -A lane_started=()
# lane FUNC LOG: `FUNC > LOG 2>&1` started in the lane once it is free
# (with KAPI_JOBS=1, left for lane_status)
lane() {
	[ "$jobs" -gt 1 ] || return 0
	lane_free
	lane_started[$1]=1
	{ "$1" > "$2" 2>&1; echo $? > "$out/lane.$1"; } &
	lane_pid=$!
}
lane_free() {
	[ -z "$lane_pid" ] || wait "$lane_pid"
	lane_pid=
}
lane_busy() {
	[ -n "$lane_pid" ] && kill -0 "$lane_pid" 2> /dev/null
}
# lane_status FUNC LOG: the status of `FUNC > LOG 2>&1`, run in the lane
# (waited for) or now
lane_status() {
	local s=1
	if [ -z "${lane_started[$1]:-}" ]; then
		"$1" > "$2" 2>&1
		return
	fi
	[ -e "$out/lane.$1" ] || lane_free
	read -r s 2> /dev/null < "$out/lane.$1"
	return "$s"
}

# --- build the tool ---
if ! make -s -j"$jobs" -C "$linux/tools/kapi" OUTPUT="$out/tool/" "${tool_cc[@]}" \
	EXTRA_CFLAGS="-O1 -fsanitize=address,undefined -fno-omit-frame-pointer" \
	EXTRA_LDFLAGS="-fsanitize=address,undefined" > "$out/build.log" 2>&1; then
	ktap_fail "build tools/kapi (-Wall -Wextra -Werror, ASan, UBSan)" \
		"$(tail -n 30 "$out/build.log")"
	ktap_finish
fi
ktap_pass "build tools/kapi (-Wall -Wextra -Werror, ASan, UBSan)"

# --- build the test kernels ---
# the renderers run over the tool's own host seq_buf, as in the tool
# (kernel/api for the KUnit suites' fixture specs the hand-made kernel holds)
kcflags=(-std=gnu11 -O2 -g -D_GNU_SOURCE -Wall -I"$here/shim"
	 -I"$linux/tools/kapi/include" -I"$linux/kernel/api"
	 -idirafter "$linux/include")
render=("$here/kernel_render.c" "$linux/lib/kapi/render_text.c"
	"$linux/lib/kapi/render_json.c" "$linux/lib/kapi/kapi_names.c"
	"$linux/lib/kapi/kapi_fields.c" "$linux/tools/kapi/seq_buf.c")
kp=$linux/scripts/kapi

# Compiled once (objects), linked by every program that uses them: the
# renderers by each test kernel, the parser library by kapi-gen and
# errno_header.
render_o=()
parser_lib=()
build_kernels() {
	local f b
	local gen_objs
	mkdir -p "$out/gen" "$out/k" || return 1
	# kapi-gen's sources as its kbuild Makefile lists them
	gen_objs=$(printf 'print:\n\t@echo $(kapi-gen-objs)\n' |
	       make -s -f "$kp/Makefile" -f - print) || return 1
	local srcs=() f
	for f in $gen_objs; do
		srcs+=("$kp/${f%.o}.c")
		# the library: kapi-gen's objects but its own
		case $f in kapi_gen*) ;; kapi_*.o) parser_lib+=("$out/gen-o/$f") ;; esac
	done
	objects gcc "$out/gen-o" -O1 -g -idirafter "$linux/include" -- "${srcs[@]}" &&
	gcc -O1 -g -o "$out/kapi-gen" "${objs[@]}" &&
	objects gcc "$out/render-o" "${kcflags[@]}" -- "${render[@]}" || return 1
	render_o=("${objs[@]}")
	# generated from the sources as the kernel build does it; run in
	# the source directory so each spec records "open.c" like --source
	: > "$out/gen/specs.c"
	echo '#include "kapi_test_kernel.h"' >> "$out/gen/specs.c"
	for f in "$fx"/src/*.c; do
		b=$(basename "$f" .c)
		(cd "$fx/src" && "$out/kapi-gen" -o "$out/gen/$b.apispec.h" "$b.c") ||
			return 1
		echo "#include \"$b.apispec.h\"" >> "$out/gen/specs.c"
	done
	gcc "${kcflags[@]}" -I"$out/gen" -c -o "$out/k/specs.o" "$out/gen/specs.c" &&
	gcc "${kcflags[@]}" -no-pie -o "$out/k/kernel" "${render_o[@]}" \
		"$out/k/specs.o" &&
	objects gcc "$out/pie-o" "${kcflags[@]}" -fPIE -I"$out/gen" -- \
		"${render[@]}" "$out/gen/specs.c" &&
	gcc "${kcflags[@]}" -fPIE -pie -o "$out/k/kernel.pie" "${objs[@]}" &&
	# a kernel of the value-set fixtures, whose numbers only it knows
	(cd "$fx/sets" && "$out/kapi-gen" -o "$out/gen/files.apispec.h" files.c) ||
		return 1
	printf '#include "kapi_test_kernel.h"\n#include "files.apispec.h"\n' \
		> "$out/gen/sets.c"
	gcc "${kcflags[@]}" -I"$out/gen" -no-pie -o "$out/k/sets" "${render_o[@]}" \
		"$out/gen/sets.c" &&
	"$out/k/sets" "$out/snap-sets" &&
	gcc "${kcflags[@]}" -no-pie -o "$out/k/hand" "${render_o[@]}" \
		"$fx/hand/specs.c" &&
	gcc "${kcflags[@]}" -no-pie -o "$out/k/edge" "${render_o[@]}" \
		"$fx/hand/edge.c" &&
	gcc "${kcflags[@]}" -no-pie -o "$out/k/escapes" "${render_o[@]}" \
		"$fx/hand/escapes.c" &&
	gcc -O1 -g -Wall -idirafter "$linux/include" -o "$out/elfmut" \
		"$here/elfmut.c" &&
	"$out/k/kernel" "$out/snap" &&
	"$out/k/hand" "$out/snap-hand" &&
	"$out/k/edge" "$out/snap-edge" &&
	"$out/k/escapes" "$out/snap-escapes"
}
if ! build_kernels > "$out/kernels.log" 2>&1; then
	ktap_fail "build test kernels and their debugfs trees" \
		"$(grep -v 'warning: EAGAIN' "$out/kernels.log" | tail -n 30)"
	ktap_finish
fi
ktap_pass "build test kernels and their debugfs trees"

# --- the lane's tests: fuzz starts now, whole_tree after the syzlang tests
# (the KTAP is in the order it always was: see lane) ---
# 500 damaged ELF files: an error, never a crash.
# fuzz_in SEED: the kernel that seed damages
fuzz_in() {
	case $(($1 % 3)) in
	0) in=$out/k/kernel ;;
	1) in=$out/k/specs.o ;;
	*) in=$out/k/kernel.pie ;;
	esac
}
# The JSON of the runs that exit 0 is checked after the loop, by one jq
# (jq_each): a jq per run was a third of the loop's time. What a failing
# seed prints waits for that check, so that the first seed to fail, in
# seed order, is still the one reported. The damaged files are fuzz.elf:
# the tests beside the lane damage mut.elf.
fuzz() {
	local i in rc bad=0 msg='' counts="" zero=() fz=$out/fuzz m=$out/fuzz.elf
	declare -A seen=()
	mkdir -p "$fz" || return 1
	for i in $(seq 1 500); do
		fuzz_in "$i"
		"$out/elfmut" "$in" "$m" random "$i" 2> "$out/f.mut" ||
			{ msg=$(cat "$out/f.mut"); bad=1; break; }
		"$K" --vmlinux "$m" --format json show > "$fz/$i.json" 2> "$out/f.err"
		rc=$?
		seen[$rc]=$(( ${seen[$rc]:-0} + 1 ))
		# 5 not ELF, 6 no specs, 7 corrupt; anything else is wrong
		if ! ktap_sanitizer_check "$out/f.err" "seed $i" || [ "$rc" -ge 8 ] ||
		   { [ "$rc" -ge 1 ] && [ "$rc" -le 4 ]; }; then
			msg=$(echo "seed $i ($in): exit $rc"; head -n 20 "$out/f.err")
			bad=1
		elif [ "$rc" != 0 ] && ! grep -q '^kapi: error: ' "$out/f.err"; then
			msg="seed $i ($in): exit $rc without an error message"
			bad=1
		elif [ "$rc" = 0 ]; then
			zero+=("$fz/$i.json")
		fi
		[ $bad = 1 ] && break
	done
	if ! i=$(jq_each "${zero[@]}" 2> /dev/null); then
		i=${i##*/}
		i=${i%.json}
		fuzz_in "$i"
		echo "seed $i ($in): exit 0 but no valid JSON"
		return 1
	fi
	if [ $bad = 1 ]; then
		[ -z "$msg" ] || echo "$msg"
		return 1
	fi
	rm -rf "$fz"
	for i in "${!seen[@]}"; do
		counts="$counts exit $i: ${seen[$i]};"
	done
	echo "$counts" > "$out/fuzz.summary"
}
lane fuzz "$out/fuzz.log"

# The whole tree read as source: ordinary kernel-doc (a structure's "lock:"
# member, a sentence that starts "side-effect:") is no spec, so the scan
# exits 0 and finds exactly the specs of the files kbuild gives the
# generator (apispec-* in a Makefile), each read on its own.
whole_tree() {
	local mk f
	(cd "$tree" && "$K" --source . list) > "$out/wt.all" 2> "$out/wt.err" ||
		{ echo "exit $?:"; cat "$out/wt.err"; return 1; }
	[ -s "$out/wt.err" ] && { cat "$out/wt.err"; return 1; }
	: > "$out/wt.each"
	while read -r mk; do
		for f in $(sed -n 's/^apispec-[^ ]*[ \t]*+=[ \t]*//p' "$tree/$mk" |
			tr ' \t' '\n\n' | sed -n 's/\.o$/.c/p'); do
			# exit 6: the file uses specs but holds none
			(cd "$tree" && "$K" --source "$(dirname "$mk")/$f" list) \
				>> "$out/wt.each" 2> "$out/wt.err1"
			case $? in 0|6) ;; *) cat "$out/wt.err1"; return 1 ;; esac
		done
	done < <(cd "$tree" && grep -rl --include=Makefile '^apispec-' . |
		grep -v '^./Documentation/' | sort)
	[ -s "$out/wt.each" ] || { echo "no apispec-y file has a spec"; return 1; }
	diff <(awk '{print $1}' "$out/wt.all" | sort) \
		<(awk '{print $1}' "$out/wt.each" | sort) ||
		{ echo "the tree's specs differ from the apispec files' specs"; return 1; }
	echo "$(wc -l < "$out/wt.all")" > "$out/wt.count"
}

# --- the three readers agree ---
cd "$fx/src" || exit 1
src=.
expect "diff vmlinux:kernel source:DIR is identical" 0 \
	diff "vmlinux:$out/k/kernel" "source:$src"
expect "diff debugfs:snapshot vmlinux:kernel is identical" 0 \
	diff "debugfs:$out/snap" "vmlinux:$out/k/kernel"
expect "diff source:DIR debugfs:snapshot is identical" 0 \
	diff "source:$src" "debugfs:$out/snap"
expect "relocatable object reads like the executable" 0 \
	diff "vmlinux:$out/k/specs.o" "vmlinux:$out/k/kernel"
expect "position-independent executable reads like the executable" 0 \
	diff "vmlinux:$out/k/kernel.pie" "vmlinux:$out/k/kernel"

# The same fixtures built for arm64 (when Debian's cross gcc is here): the
# relocatable object's R_AARCH64_ABS64 and the PIE's R_AARCH64_RELATIVE
# relocations read like the executable, and the specs are x86-64's but
# for the syscall numbers, arm64's own (no open).
arm64_kernels() {
	local cc=aarch64-linux-gnu-gcc
	$cc "${kcflags[@]}" -I"$out/gen" -c -o "$out/k/specs-arm64.o" "$out/gen/specs.c" &&
	objects "$cc" "$out/arm64-o" "${kcflags[@]}" -- "${render[@]}" &&
	$cc "${kcflags[@]}" -no-pie -o "$out/k/kernel-arm64" "${objs[@]}" \
		"$out/k/specs-arm64.o" &&
	objects "$cc" "$out/arm64-pie-o" "${kcflags[@]}" -fPIE -I"$out/gen" -- \
		"${render[@]}" "$out/gen/specs.c" &&
	$cc "${kcflags[@]}" -fPIE -pie -o "$out/k/kernel-arm64.pie" "${objs[@]}"
}
arm64_only_nr() {
	"$K" diff "vmlinux:$out/k/kernel" "vmlinux:$out/k/kernel-arm64" > "$out/a64.diff"
	[ $? = 2 ] || { echo "kapi diff did not exit 2 (incompatible changes)"; return 1; }
	grep -q '^open: incompatible: nr: changed: 2 -> null$' "$out/a64.diff" ||
		{ echo "open kept a number on arm64"; cat "$out/a64.diff"; return 1; }
	! grep -v -e ': incompatible: nr: changed: ' -e '^[0-9]* changes: ' "$out/a64.diff" ||
		{ echo "more than the syscall numbers differ"; return 1; }
}
a64=(
	"arm64: relocatable object (R_AARCH64_ABS64) reads like the executable"
	"arm64: position-independent executable (R_AARCH64_RELATIVE) reads like the executable"
	"arm64: the specs are the x86-64 build's but for arm64's syscall numbers"
)
if ! command -v aarch64-linux-gnu-gcc > /dev/null; then
	for t in "${a64[@]}"; do
		ktap_skip "$t" "no aarch64-linux-gnu-gcc (make check installs it: scripts/deps.sh check)"
	done
elif ! arm64_kernels > "$out/kernels-arm64.log" 2>&1; then
	for t in "${a64[@]}"; do
		ktap_fail "$t" "building the arm64 fixtures failed: $(tail -n 20 "$out/kernels-arm64.log")"
	done
else
	expect "${a64[0]}" 0 diff "vmlinux:$out/k/specs-arm64.o" "vmlinux:$out/k/kernel-arm64"
	expect "${a64[1]}" 0 diff "vmlinux:$out/k/kernel-arm64.pie" "vmlinux:$out/k/kernel-arm64"
	ktap_check "${a64[2]}" arm64_only_nr
fi

same_everywhere() {
	local fmt o
	for fmt in text json xml rst man syzlang; do
		"$K" --source . --format "$fmt" show > "$out/same.src.$fmt" 2>/dev/null ||
			{ echo "--source show --format $fmt failed"; return 1; }
		for o in "--vmlinux $out/k/kernel" "--vmlinux $out/k/specs.o" \
			 "--vmlinux $out/k/kernel.pie" "--debugfs $out/snap"; do
			# shellcheck disable=SC2086
			"$K" $o --format "$fmt" show > "$out/same.other" ||
				{ echo "$o --format $fmt failed"; return 1; }
			cmp "$out/same.src.$fmt" "$out/same.other" ||
				{ echo "$o --format $fmt differs from --source"; return 1; }
		done
	done
}
ktap_check "every format prints the same bytes from all five inputs" same_everywhere

# text and JSON against what the kernel's renderers wrote
kernel_equal() {
	local snap=$1 name o
	shift
	while read -r name _; do
		for o in "$@"; do
			# shellcheck disable=SC2086
			"$K" $o show "$name" > "$out/ke.txt" 2>/dev/null &&
			cmp "$out/ke.txt" "$snap/specs/$name" ||
				{ echo "$o: text of $name differs from the kernel's"; return 1; }
			# shellcheck disable=SC2086
			"$K" $o --format json show "$name" > "$out/ke.json" 2>/dev/null &&
			cmp "$out/ke.json" "$snap/json/$name" ||
				{ echo "$o: JSON of $name differs from the kernel's"; return 1; }
		done
	done < "$snap/list"
}
ktap_check "text and JSON equal the kernel renderers (source, vmlinux, debugfs)" \
	kernel_equal "$out/snap" "--source ." "--vmlinux $out/k/kernel" \
	"--debugfs $out/snap"
ktap_check "edge-case spec: text and JSON equal the kernel renderers" \
	kernel_equal "$out/snap-edge" "--vmlinux $out/k/edge" \
	"--debugfs $out/snap-edge"
expect "edge-case spec: debugfs reads back identical" 0 \
	diff "$out/k/edge" "$out/snap-edge"
ktap_check "escapes: text and JSON equal the kernel renderers" \
	kernel_equal "$out/snap-escapes" "--vmlinux $out/k/escapes"

# the hand-checked copy: the KUnit expectations of render_test.c
# the registry's order is the link order: compare the list sorted
hand_equal() {
	diff -r "$fx/debugfs-hand/json" "$out/snap-hand/json" &&
	diff -r "$fx/debugfs-hand/specs" "$out/snap-hand/specs" &&
	diff <(sort "$fx/debugfs-hand/list") <(sort "$out/snap-hand/list")
}
ktap_check "hand-checked debugfs copy equals the kernel renderers" hand_equal
ktap_check "hand-written specs: text and JSON equal the hand-checked files" \
	kernel_equal "$fx/debugfs-hand" "--vmlinux $out/k/hand" \
	"--debugfs $fx/debugfs-hand"
expect "hand-written specs: diff vmlinux debugfs-hand is identical" 0 \
	diff "vmlinux:$out/k/hand" "debugfs:$fx/debugfs-hand"

# --- golden files, every command and format ---
g() {
	local name=$1
	shift
	"$K" "$@" > "$out/g.out" 2> "$out/g.err"
	echo "[exit $?]" >> "$out/g.out"
	golden_cmp "$name" "$out/g.out"
}
g list.txt --source . list
g list.json --source . --format json list
g list-pretty.json --source . -p list
g list.rst --source . --format rst list
g show.txt --source . show
g show-read.json --source . --format json show read
g show-read-pretty.json --source . -p show read
g show-all.json --source . -j show
g show.rst --source . --format rst show
g show.man --source . --format man show
g show.syzlang --source . --format syzlang show
g list.xml --source . --format xml list
g show.xml --source . --format xml show
g show-edge.man --vmlinux "$out/k/edge" --format man show
g show-edge.rst --vmlinux "$out/k/edge" --format rst show
g show-edge.xml --vmlinux "$out/k/edge" --format xml show
g show-escapes-pretty.json --vmlinux "$out/k/escapes" -p show kapi_escapes
g show-escapes.xml --vmlinux "$out/k/escapes" --format xml show kapi_escapes kapi_markup
g help.txt --help

# --- value sets and struct layouts: source knows the names, the compiler
# the values, offsets and sizes ---
cd "$fx/sets" || exit 1
expect "value sets: diff vmlinux:sets source:DIR is identical" 0 \
	diff "vmlinux:$out/k/sets" "source:."
expect "value sets: diff debugfs:snapshot vmlinux:sets is identical" 0 \
	diff "debugfs:$out/snap-sets" "vmlinux:$out/k/sets"
sets_same() {
	local fmt
	for fmt in text json xml rst man syzlang; do
		"$K" --vmlinux "$out/k/sets" --format "$fmt" show > "$out/sets.k" &&
		"$K" --debugfs "$out/snap-sets" --format "$fmt" show > "$out/sets.d" &&
		cmp "$out/sets.k" "$out/sets.d" ||
			{ echo "--format $fmt: vmlinux and debugfs differ"; return 1; }
	done
}
ktap_check "value sets: every format the same from vmlinux and debugfs" sets_same
g sets-vmlinux.txt --vmlinux "$out/k/sets" show
g sets-source.txt --source . show
g sets-vmlinux.syzlang --vmlinux "$out/k/sets" --format syzlang show
g sets-vmlinux.man --vmlinux "$out/k/sets" --format man show open
g sets-vmlinux.rst --vmlinux "$out/k/sets" --format rst show lseek openat2
g sets-source.man --source . --format man show readv
g sets-source-pretty.json --source . -p show open
g sets-vmlinux.xml --vmlinux "$out/k/sets" --format xml show
g sets-source.xml --source . --format xml show
"$K" --source . -j show > "$out/sets.source.json" 2>/dev/null
# a value dropped from a set is an incompatible change, so is a member
sed '/O_CLOEXEC: close on exec/d' files.c > "$out/sets-changed.c"
expect "value sets: a value removed is incompatible (exit 2)" 2 \
	diff "source:files.c" "source:$out/sets-changed.c"
sed '/iov_len: __kernel_size_t/d' files.c > "$out/sets-changed.c"
expect "struct layouts: a member removed is incompatible (exit 2)" 2 \
	diff "source:files.c" "source:$out/sets-changed.c"
cd "$fx/src" || exit 1

# --- syzlang: syzkaller descriptions and their .const file against the
# rules of syzkaller's description language (tests/tool/syzlang_check.c,
# whose top comment says them in full): syntax (kapi's subset of syzlang),
# ident (identifiers, reserved names), duplicate (one definition each; a
# call is a $variant), unknown-type (declared here or fd, fd_dir), resource
# (a known parent, no cycle, returned and taken as input), return (only a
# resource), direction (in/out/inout), arity (no base type on a call
# argument's len/bytesize/flags/const, one in a struct; at most 9
# arguments), context (no array, string or struct as a call argument),
# opt, len-target (a sibling pointer or array), flags (defined, with
# values), unused (sets and structs), int (intN/intptr, min <= max, fits),
# const-format and const-missing (every name and __NR_ in the .const).
# Every golden and every input's output passes; each hand-made bad
# description of fixtures/syzlang-bad fails for the rule its first line
# names, and for no other ---
sz=$out/syzlang
mkdir -p "$sz"
syz_build() {
	local f=(-std=gnu11 -Wall -Wextra -Werror -O1 -g -I"$linux/tools/kapi")
	objects gcc "$sz" "${f[@]}" -- "$here/syzlang_check.c" &&
	gcc "${f[@]}" -o "$sz/syzlang_check" "${objs[@]}" &&
	(cd "$fx/syzlang" && "$out/kapi-gen" -o "$sz/calls.apispec.h" calls.c) &&
	printf '#include "kapi_test_kernel.h"\n#include "calls.apispec.h"\n' \
		> "$sz/calls.c" &&
	gcc "${kcflags[@]}" -I"$sz" -no-pie -o "$out/k/syzcalls" "${render_o[@]}" \
		"$sz/calls.c" &&
	"$out/k/syzcalls" "$out/snap-syzcalls"
}
if syz_build > "$sz/build.log" 2>&1; then
	ktap_pass "syzlang: build syzlang_check (-Wall -Wextra -Werror) and the syzlang fixture kernel"
	cd "$fx/syzlang" || exit 1
	g syzlang-calls.syzlang --vmlinux "$out/k/syzcalls" --format syzlang show
	g syzlang-calls.const --vmlinux "$out/k/syzcalls" --format syzlang-const show
	g sets-vmlinux.const --vmlinux "$out/k/sets" --format syzlang-const show
	expect "syzlang-const from --source: exit 64" 64 \
		--source . --format syzlang-const show
	expect "list --format syzlang-const: exit 64" 64 \
		--vmlinux "$out/k/syzcalls" --format syzlang-const list
	syz_same() {
		"$K" --source . --format syzlang show > "$sz/same.src" 2>/dev/null &&
		"$K" --vmlinux "$out/k/syzcalls" --format syzlang show > "$sz/same.k" &&
		cmp "$sz/same.src" "$sz/same.k" &&
		"$K" --debugfs "$out/snap-syzcalls" --format syzlang-const show \
			> "$sz/same.d" &&
		"$K" --vmlinux "$out/k/syzcalls" --format syzlang-const show \
			> "$sz/same.k" &&
		cmp "$sz/same.d" "$sz/same.k" &&
		"$K" --debugfs "$out/snap-sets" --format syzlang-const show \
			> "$sz/same.d" &&
		"$K" --vmlinux "$out/k/sets" --format syzlang-const show \
			> "$sz/same.k" &&
		cmp "$sz/same.d" "$sz/same.k"
	}
	ktap_check "syzlang: the same from source and vmlinux, .const from vmlinux and debugfs" \
		syz_same
	# syz_ok NAME ARGS...: the syzlang (and, but for --source, the .const)
	# of `kapi ARGS --format ... show` passes the checker
	syz_ok() {
		local name=$1 c=
		shift
		"$K" "$@" --format syzlang show > "$sz/$name.txt" 2>/dev/null ||
			{ echo "kapi $* --format syzlang show failed"; return 1; }
		if [ "$1" != --source ]; then
			c=$sz/$name.const
			"$K" "$@" --format syzlang-const show > "$c" ||
				{ echo "kapi $* --format syzlang-const show failed"; return 1; }
		fi
		"$sz/syzlang_check" "$sz/$name.txt" ${c:+"$c"}
	}
	for c in "src --source $fx/src" "kernel --vmlinux $out/k/kernel" \
		 "snapshot --debugfs $out/snap" "hand --vmlinux $out/k/hand" \
		 "edge --vmlinux $out/k/edge" "escapes --vmlinux $out/k/escapes" \
		 "sets --vmlinux $out/k/sets" "sets-source --source $fx/sets" \
		 "sets-snapshot --debugfs $out/snap-sets" \
		 "calls --vmlinux $out/k/syzcalls" "calls-source --source $fx/syzlang"; do
		read -r n k _ <<< "$c"
		# shellcheck disable=SC2086
		ktap_check "syzlang_check passes: $n ($k)" syz_ok $c
	done
	syz_golden() {
		local f c bad=0
		for f in "$golden"/*.syzlang; do
			grep -v '^\[exit ' "$f" > "$sz/golden.txt"
			c=${f%.syzlang}.const
			if [ -f "$c" ]; then
				grep -v '^\[exit ' "$c" > "$sz/golden.const"
				c=$sz/golden.const
			else
				c=
			fi
			"$sz/syzlang_check" "$sz/golden.txt" ${c:+"$c"} || bad=1
		done
		return $bad
	}
	ktap_check "syzlang_check passes: every syzlang golden, with its .const golden" \
		syz_golden
	sztree=${KAPI_SOURCE_TREE:-${KAPI_CACHE:-$HOME/.cache/kapi}/linux}
	if [ -d "$sztree/fs" ]; then
		ktap_check "syzlang_check passes: the specs of the kernel tree (source)" \
			syz_ok tree --source "$sztree"
	else
		ktap_skip "syzlang_check passes: the specs of the kernel tree (source)" \
			"no kernel tree at $sztree"
	fi
	# only a vmlinux the harness names: a cached one may predate the tool
	if [ -n "${KAPI_VMLINUX:-}" ] && [ -f "$KAPI_VMLINUX" ]; then
		ktap_check "syzlang_check passes: the real vmlinux, with its .const" \
			syz_ok vmlinux --vmlinux "$KAPI_VMLINUX"
	else
		ktap_skip "syzlang_check passes: the real vmlinux, with its .const" \
			"KAPI_VMLINUX not set"
	fi
	for f in "$fx"/syzlang-bad/*.txt; do
		rule=$(sed -n '1s/^# breaks: \([a-z-]*\):.*/\1/p' "$f")
		c=${f%.txt}.const
		[ -f "$c" ] || c=
		"$sz/syzlang_check" "$f" ${c:+"$c"} > "$sz/bad.out" 2>&1
		rc=$?
		why=()
		if [ -z "$rule" ]; then
			why=("no '# breaks: RULE: why' first line")
		elif [ "$rc" != 1 ]; then
			why=("exit $rc, want 1" "$(cat "$sz/bad.out")")
		elif ! grep -q "\[$rule\]" "$sz/bad.out" ||
		     grep -qv "\[$rule\]" "$sz/bad.out"; then
			why=("want [$rule] errors only:" "$(cat "$sz/bad.out")")
		fi
		ktap_result "syzlang_check rejects $(basename "$f"): [$rule]" "${why[@]}"
	done
	cd "$fx/src" || exit 1
else
	ktap_fail "syzlang: build syzlang_check (-Wall -Wextra -Werror) and the syzlang fixture kernel" \
		"$(tail -n 30 "$sz/build.log")"
fi

# the kernel tree, read as source below; its read in the lane from here on
tree=${KAPI_SOURCE_TREE:-${KAPI_CACHE:-$HOME/.cache/kapi}/linux}
[ ! -d "$tree/fs" ] || lane whole_tree "$out/wt.log"

# --- machine-checked formats ---
json_files=()
for a in "list" "show" "show read" "show kapi_frob"; do
	for p in -j -p; do
		f=$out/j.$((${#json_files[@]} + 1)).json
		# shellcheck disable=SC2086
		"$K" --source . $p $a > "$f" 2>/dev/null
		json_files+=("$f")
	done
done
"$K" -j --vmlinux "$out/k/edge" show kapi_edge > "$out/j.edge.json"
json_files+=("$out/j.edge.json")

ktap_check "JSON output parses (jq)" jq_each "${json_files[@]}" "$out"/snap/json/*

schema=$linux/tools/kapi/kapi-spec.schema.json
# Debian's interpreter: scripts/deps.sh installs the modules for it, and a
# python3 earlier in PATH (pyenv, a venv) may not have them.
py=/usr/bin/python3
[ -x "$py" ] || py=python3
if "$py" -c 'import jsonschema' 2> /dev/null; then
	validate() {
		"$py" - "$schema" "$@" <<-'EOF'
		import json, sys, jsonschema
		schema = json.load(open(sys.argv[1]))
		jsonschema.Draft202012Validator.check_schema(schema)
		bad = 0
		for arg in sys.argv[2:]:
		    what, path = arg.split("=", 1)
		    sub = {"$ref": "#/$defs/" + what, "$defs": schema["$defs"]}
		    v = jsonschema.Draft202012Validator(sub)
		    for e in v.iter_errors(json.load(open(path))):
		        print(path, list(e.path), e.message)
		        bad = 1
		sys.exit(bad)
		EOF
	}
	args=()
	for f in "$out"/snap/json/* "$out"/snap-edge/json/* "$out"/snap-hand/json/* \
		 "$out"/snap-sets/json/*; do
		args+=("spec=$f")
	done
	"$K" --source . -j list > "$out/v.list.json" 2>/dev/null
	"$K" --source . -j show > "$out/v.specs.json" 2>/dev/null
	args+=("list=$out/v.list.json" "specs=$out/v.specs.json"
	       "specs=$out/sets.source.json")
	ktap_check "JSON Schema: specs (kernel and tool), list" validate "${args[@]}"
	jq -c 'del(.errors)' "$out/snap/json/read" > "$out/v.bad.json"
	if validate "spec=$out/v.bad.json" > /dev/null 2>&1; then
		ktap_fail "JSON Schema rejects a spec without its errors field"
	else
		ktap_pass "JSON Schema rejects a spec without its errors field"
	fi
	schema_ok=1
else
	ktap_skip "JSON Schema: specs (kernel and tool), list" "python3-jsonschema not installed (scripts/deps.sh installs it)"
	ktap_skip "JSON Schema rejects a spec without its errors field" "python3-jsonschema not installed (scripts/deps.sh installs it)"
	schema_ok=
fi

# The schema's section objects and param object against the data model's
# field lists.
model_schema_check() {
	gcc -std=gnu11 -Wall -Wextra -Werror -D_GNU_SOURCE \
		-idirafter "$linux/include" \
		-o "$out/model_dump" "$here/model_dump.c" \
		"$linux/lib/kapi/kapi_fields.c" "$linux/lib/kapi/kapi_names.c" &&
	"$out/model_dump" > "$out/model.json" &&
	jq -r --slurpfile model "$out/model.json" -f "$here/model-schema.jq" \
		"$schema" > "$out/model-schema.diff" &&
	cat "$out/model-schema.diff" && [ ! -s "$out/model-schema.diff" ]
}
ktap_check "JSON Schema: section objects and param keys match the model's field lists" \
	model_schema_check

if "$py" -c 'import docutils' 2> /dev/null; then
	rst_check() {
		"$py" - "$@" <<-'EOF'
		import sys, docutils.core
		for path in sys.argv[1:]:
		    docutils.core.publish_string(open(path).read(), writer_name="null",
		        settings_overrides={"halt_level": 2, "report_level": 2})
		EOF
	}
	"$K" --source . --format rst show > "$out/r.show.rst" 2>/dev/null
	"$K" --source . --format rst list > "$out/r.list.rst" 2>/dev/null
	"$K" --vmlinux "$out/k/edge" --format rst show > "$out/r.edge.rst"
	"$K" --vmlinux "$out/k/hand" --format rst show > "$out/r.hand.rst"
	ktap_check "rst output and the tool's man page pass docutils without warnings" \
		rst_check "$out"/r.*.rst "$linux/tools/kapi/Documentation/kapi.rst"
else
	ktap_skip "rst output and the tool's man page pass docutils without warnings" \
		"python3-docutils not installed (scripts/deps.sh installs it)"
fi

if command -v groff > /dev/null; then
	man_check() {
		local o
		for o in "--source ." "--vmlinux $out/k/edge" "--vmlinux $out/k/hand"; do
			# shellcheck disable=SC2086
			"$K" $o --format man show 2>/dev/null > "$out/m.man" || return 1
			groff -man -Tutf8 -ww -z "$out/m.man" 2>&1 | grep . && return 1
			grep -q '^\.SH ERRORS' "$out/m.man" || return 1
		done
		return 0
	}
	ktap_check "man output passes groff -ww without warnings" man_check
else
	ktap_skip "man output passes groff -ww without warnings" "groff not installed (scripts/deps.sh installs groff-base)"
fi

# XML: well-formed, the JSON's fields and values in it, markup escaped
xml_files=()
for c in "--source . list" "--source . show" "--source . show read" \
	 "--vmlinux $out/k/kernel show" "--debugfs $out/snap show" \
	 "--vmlinux $out/k/edge show" "--vmlinux $out/k/hand show" \
	 "--vmlinux $out/k/sets show" "--source $fx/sets show" \
	 "--vmlinux $out/k/escapes show kapi_escapes kapi_markup"; do
	f=$out/x.$((${#xml_files[@]} + 1))
	# shellcheck disable=SC2086
	"$K" --format xml $c > "$f.xml" 2>/dev/null
	# shellcheck disable=SC2086
	"$K" -j $c > "$f.json" 2>/dev/null
	xml_files+=("$f.xml")
done
if command -v xmllint > /dev/null; then
	ktap_check "XML output is well-formed (xmllint)" \
		xmllint --noout "${xml_files[@]}"
else
	ktap_skip "XML output is well-formed (xmllint)" \
		"xmllint not installed (scripts/deps.sh installs libxml2-utils)"
fi

# Each XML file read back as the JSON's paths and values, by the mapping
# of kapi.rst; the JSON of the same command must give the same
# (tests/tool/xml_json_check.c, with libxml2 and jansson).
xj_build() {
	local cflags=-I/usr/include/libxml2 libs=-lxml2

	if command -v xml2-config > /dev/null; then
		cflags=$(xml2-config --cflags)
		libs=$(xml2-config --libs)
	fi
	# shellcheck disable=SC2086
	objects gcc "$out/xj-o" -std=gnu11 -O2 -Wall -Wextra -Werror $cflags -- \
		"$here/xml_json_check.c" &&
	gcc -std=gnu11 -O2 -Wall -Wextra -Werror $cflags \
		-o "$out/xml_json_check" "${objs[@]}" $libs -ljansson
}
# xj_changed: a copy of an XML output with a value changed fails the check,
# which names the file and the path
xj_changed() {
	local bad=$out/xml-changed/x xo rc

	mkdir -p "$out/xml-changed" &&
	cp "${xml_files[1]%.xml}.json" "$bad.json" &&
	sed '0,/<spec name="/s/<spec name="/&changed-/' "${xml_files[1]}" > "$bad.xml" ||
		return 1
	grep -q 'name="changed-' "$bad.xml" ||
		{ echo "no <spec name=...> to change in ${xml_files[1]}"; return 1; }
	xo=$("$out/xml_json_check" "$bad.xml")
	rc=$?
	[ "$rc" = 1 ] || { echo "exit $rc, want 1"; echo "$xo"; return 1; }
	case $xo in
	*"$bad.xml [0]/name JSON: '"*"' XML: 'changed-"*) ;;
	*)	echo "want the changed [0]/name of $bad.xml reported:"
		echo "$xo"
		return 1 ;;
	esac
}
if xj_build > "$out/xml_json_check.log" 2>&1; then
	ktap_check "XML holds every field of the JSON, with the same values" \
		"$out/xml_json_check" "${xml_files[@]}"
	ktap_check "XML check catches a changed value" xj_changed
elif grep -qE 'No such file or directory|cannot find -l' "$out/xml_json_check.log"; then
	xj_why="libxml2-dev or libjansson-dev not installed (scripts/deps.sh installs them):"
	xj_why="$xj_why $(grep -m1 -E 'No such file or directory|cannot find -l' \
		"$out/xml_json_check.log")"
	ktap_skip "XML holds every field of the JSON, with the same values" "$xj_why"
	ktap_skip "XML check catches a changed value" "$xj_why"
else
	ktap_fail "XML holds every field of the JSON, with the same values" \
		"xml_json_check.c does not build:" "$(tail -n 30 "$out/xml_json_check.log")"
	ktap_fail "XML check catches a changed value" "xml_json_check.c does not build"
fi

# markup characters in an attribute and in element text (fixtures/hand/escapes.c)
xml_markup() {
	local f=${xml_files[${#xml_files[@]} - 1]} want
	for want in \
		"<lock name=\"a &lt; b &amp;&amp; c &gt; &quot;d&quot; 'e'&#x9;f&#xA;g&#xD;h\"" \
		'<summary>&lt;b&gt;bold&lt;/b&gt; &amp; &quot;quoted&quot; &amp;amp; ]]&gt;</summary>' \
		"<description>x &lt; y &amp;&amp; y &gt; &quot;z&quot; ]]&gt; 'q'	tab&#xD;"; do
		grep -qF -- "$want" "$f" || { echo "no '$want' in $f"; return 1; }
	done
}
ktap_check "XML escapes & < > \" in attributes and text, tab, newline, CR" xml_markup

# --- errnos are the architecture's: EOPNOTSUPP is 95 on x86-64 and arm64,
# 122 on mips. A "mips kernel": the fixtures through kapi-gen --arch mips,
# compiled with mips's numbers (scripts/kapi's table, which the generator
# tests hold to the kernel tree's headers), e_machine EM_MIPS ---
cd "$fx/src" || exit 1
arch_kernels() {
	local f b
	mkdir -p "$out/gen-mips" &&
	gcc -O1 -g -I"$kp" -idirafter "$linux/include" -o "$out/errno_header" \
		"$here/../generator/errno_header.c" "${parser_lib[@]}" &&
	"$out/errno_header" mips > "$out/gen-mips/mips_errno.h" || return 1
	printf '#include "kapi_test_kernel.h"\n#include "mips_errno.h"\n' \
		> "$out/gen-mips/specs.c"
	for f in "$fx"/src/*.c; do
		b=$(basename "$f" .c)
		(cd "$fx/src" && "$out/kapi-gen" --arch mips \
			-o "$out/gen-mips/$b.apispec.h" "$b.c") || return 1
		echo "#include \"$b.apispec.h\"" >> "$out/gen-mips/specs.c"
	done
	gcc "${kcflags[@]}" -I"$out/gen-mips" -no-pie -o "$out/k/kernel-mips.x86" \
		"${render_o[@]}" "$out/gen-mips/specs.c" &&
	"$out/elfmut" "$out/k/kernel-mips.x86" "$out/k/kernel-mips" machine 8 &&
	# the x86-64 kernel as an arm64 one, and as a mips one it is not
	"$out/elfmut" "$out/k/kernel" "$out/k/kernel-arm64" machine 183 &&
	"$out/elfmut" "$out/k/kernel" "$out/k/kernel-x86-as-mips" machine 8
}
if ! arch_kernels > "$out/arch.log" 2>&1; then
	ktap_fail "errnos: build the mips and arm64 kernels" "$(tail -n 30 "$out/arch.log")"
else
	ktap_pass "errnos: build the mips and arm64 kernels"
	# the same kernel as arm64's reads and prints like x86-64's
	arm64_same() {
		local fmt
		for fmt in text json xml rst man syzlang; do
			"$K" --vmlinux "$out/k/kernel-arm64" --format "$fmt" show \
				> "$out/arch.o" 2> "$out/arch.e" &&
			"$K" --vmlinux "$out/k/kernel" --format "$fmt" show > "$out/arch.x" &&
			cmp "$out/arch.x" "$out/arch.o" && [ ! -s "$out/arch.e" ] ||
				{ echo "--format $fmt differs"; cat "$out/arch.e"; return 1; }
		done
	}
	ktap_check "errnos: an arm64 kernel prints the specs an x86-64 one does" arm64_same
	# mips: the compiler's numbers, and its names
	mips_numbers() {
		"$K" --vmlinux "$out/k/kernel-mips" show close > "$out/arch.o" 2> "$out/arch.e" &&
		grep -q '^  EDQUOT (1133): ' "$out/arch.o" &&
		"$K" --vmlinux "$out/k/kernel-mips" -j show close > "$out/arch.j" &&
		jq -e '[.. | objects | select(.name? == "EDQUOT") | .errno] == [1133]' \
			"$out/arch.j" > /dev/null &&
		"$K" --vmlinux "$out/k/kernel" show close > "$out/arch.x" &&
		grep -q '^  EDQUOT (122): ' "$out/arch.x" &&
		[ ! -s "$out/arch.e" ] ||
			{ cat "$out/arch.e"; grep EDQUOT "$out/arch.o" "$out/arch.x"; return 1; }
	}
	ktap_check "errnos: a mips kernel has mips's numbers (EDQUOT 1133, not 122)" mips_numbers
	# source read as mips equals the mips kernel, in every format
	mips_source() {
		local fmt
		for fmt in text json xml rst man syzlang; do
			"$K" --arch mips --source . --format "$fmt" show > "$out/arch.s" \
				2> /dev/null &&
			"$K" --vmlinux "$out/k/kernel-mips" --format "$fmt" show > "$out/arch.o" &&
			cmp "$out/arch.s" "$out/arch.o" ||
				{ echo "--format $fmt: --arch mips --source differs"; return 1; }
		done
		# and differs from the source read as this machine's
		"$K" --arch mips --source . show > "$out/arch.s" 2> /dev/null &&
		"$K" --source . show > "$out/arch.o" 2> /dev/null &&
		! cmp -s "$out/arch.s" "$out/arch.o" ||
			{ echo "--arch mips changes nothing"; return 1; }
	}
	ktap_check "errnos: --arch mips --source prints what the mips kernel does" mips_source
	expect "errnos: diff --arch mips source:DIR vmlinux:mips-kernel is identical" 0 \
		--arch mips diff "source:." "vmlinux:$out/k/kernel-mips"
	judge 2 diff "vmlinux:$out/k/kernel" "vmlinux:$out/k/kernel-mips"
	grep -q "numbers errnos as generic, .* as mips" "$out/e" ||
		why+=("no warning that the numberings differ" "$(cat "$out/e")")
	grep -q 'open: incompatible: errors\[EOPNOTSUPP\].errno: changed: 95 -> 122' \
		"$out/o" || why+=("no EOPNOTSUPP change" "$(cat "$out/o")")
	ktap_result "errnos: diff of an x86-64 and a mips kernel says the numberings differ" \
		"${why[@]}"
	# a file whose numbers are not its machine's: each error is named
	judge 0 --vmlinux "$out/k/kernel-x86-as-mips" show close
	grep -q "spec 'close': EDQUOT is 122, but 1133 on mips (ELF machine 8)" "$out/e" ||
		why+=("no warning of EDQUOT" "$(cat "$out/e")")
	ktap_result "errnos: numbers that are not the ELF machine's are warned of" "${why[@]}"
	expect "errnos: --arch of no known architecture is a usage error (64)" 64 \
		--arch vax --source . list
	judge 64 --vmlinux "$out/k/kernel-mips" probe close
	grep -q "the specs number errnos as mips, this machine as generic" "$out/e" ||
		why+=("no message: $(cat "$out/e")")
	ktap_result "errnos: probe refuses the specs of another numbering" "${why[@]}"
fi

# --- the layout record: an image of another layout is refused, not misread ---
# refused NAME MSG FILE: reading FILE ends with exit 7 and MSG on stderr
refused() {
	judge 7 --vmlinux "$3" list
	if [ ${#why[@]} -eq 0 ] && ! grep -q -- "$2" "$out/e"; then
		why=("want '$2' in: $(cat "$out/e")")
	fi
	ktap_result "$1" "${why[@]}"
}

layout_case() {
	local name=$1 def=$2 msg=$3
	if ! gcc "${kcflags[@]}" "$def" -c -o "$out/k/layout.o" \
		"$fx/hand/specs.c" 2> "$out/layout.log"; then
		ktap_fail "$name" "$(cat "$out/layout.log")"
		return
	fi
	refused "$name" "$msg" "$out/k/layout.o"
}
layout_case "layout: an image of another KAPI_SPEC_VERSION is refused" \
	-DKAPI_TEST_VERSION=1 "layout version 1 (kapi_spec_version); this kapi reads version"
layout_case "layout: an image without the version record is refused" \
	-DKAPI_TEST_NO_VERSION "no kapi_spec_version symbol"

# --- diff: one kind of change per kernel ---
dk=$out/diffk
mkdir -p "$dk"
variants="SPEC_ADD:1 SPEC_REMOVE:2 ERRNO_ADD:1 ERRNO_REMOVE:2 PARAM_ADD:2
PARAM_TYPE:2 OPTIONAL_ADD:1 RANGE_NARROW:2 RANGE_WIDEN:1 RANGE_SHIFT:2
MASK_REMOVE:2 MASK_ADD:1 ENUM_REMOVE:2 ENUM_ADD:1 ALIGN_STRICT:2
ALIGN_LOOSE:1 CONSTRAINT_DROP:1 CTX_REMOVE:2 CTX_ADD:1 RET_WIDEN:2
RET_NARROW:1 DOC:1 NR_CHANGE:2 SYS_LOCK_ADD:1 FN_LOCK_ADD:2 FN_LOCK_HELD:2
CAP_ADD:2
ITEM_REMOVE:2 ITEM_ADD:1 PARAM_ERROR:2 CHECK_ORDER:2 MIXED:2"
if gcc "${kcflags[@]}" -c -o "$dk/base.o" "$fx/diff/kernel.c" 2> "$dk/cc.log"; then
	cd "$dk" || exit 1
	: > "$dk/report.txt"
	expect "diff: a kernel against itself: exit 0" 0 diff base.o base.o
	for v in $variants; do
		name=${v%%:*}
		want=${v##*:}
		if ! gcc "${kcflags[@]}" -DV_"$name" -c -o "$name.o" \
			"$fx/diff/kernel.c" 2>> "$dk/cc.log"; then
			ktap_fail "diff: $name: exit $want" "$(tail -n 5 "$dk/cc.log")"
			continue
		fi
		expect "diff: $name: exit $want" "$want" diff vmlinux:base.o "$name.o"
		{ echo "== $name"; cat "$out/o"; echo "[exit $rc]"; } >> "$dk/report.txt"
	done
	golden_cmp diff-variants.txt "$dk/report.txt"
	"$K" -j diff base.o MIXED.o > "$dk/mixed.json"
	echo "[exit $?]" >> "$dk/mixed.json"
	golden_cmp diff-mixed.json "$dk/mixed.json"
	"$K" -p diff base.o MIXED.o > "$dk/mixed-pretty.json"
	if [ -n "$schema_ok" ]; then
		ktap_check "JSON Schema: diff report" validate "diff=$dk/mixed-pretty.json"
	else
		ktap_skip "JSON Schema: diff report" "python3-jsonschema not installed (scripts/deps.sh installs it)"
	fi
	expect "diff --format rst is refused" 64 --format rst diff base.o MIXED.o
	cd "$fx/src" || exit 1
else
	ktap_fail "diff: compile the variant kernels" "$(cat "$dk/cc.log")"
fi

# across kinds: a source tree changed after the kernel was built
mkdir -p "$out/src2"
cp "$fx"/src/*.c "$out/src2/"
sed -i 's/^ \*   range: 0, INT_MAX$/ *   range: 0, 1024/' "$out/src2/read.c"
expect "diff vmlinux:kernel source:changed: incompatible (exit 2)" 2 \
	diff "vmlinux:$out/k/kernel" "source:$out/src2"
if grep -q 'read: incompatible: params\[0\].constraint: narrowed: range 0..2147483647 -> range 0..1024' "$out/o"; then
	ktap_pass "diff names the narrowed range"
else
	ktap_fail "diff names the narrowed range" "$(cat "$out/o")"
fi

# --- exit codes ---
expect "unknown spec name: exit 3" 3 --source . show nosuchspec
expect "missing --vmlinux file: exit 4" 4 --vmlinux "$out/nonexistent" list
expect "missing --debugfs directory: exit 4" 4 --debugfs "$out/nonexistent" list
expect "missing --source path: exit 4" 4 --source "$out/nonexistent" list
expect "missing diff operand: exit 4" 4 diff "$out/nonexistent" .
expect "not an ELF file: exit 5" 5 --vmlinux "$fx/src/read.c" list
expect "a directory given as ELF: exit 5" 5 --vmlinux "$out" list
expect "ELF without .kapi_specs: exit 6" 6 --vmlinux "$out/elfmut" list
printf '.section .kapi_specs,"a"\n' > "$out/empty.s"
gcc -c -o "$out/empty.o" "$out/empty.s"
expect "ELF with an empty .kapi_specs: exit 6" 6 --vmlinux "$out/empty.o" list
mkdir -p "$out/nospecs"
expect "source without specs: exit 6" 6 --source "$out/nospecs" list
expect "annotation errors: exit 8" 8 --source "$fx/bad/mem.c" list
if grep -q "mem.c:[0-9]*: error: 'memory_leeek behavior:'" "$out/e"; then
	ktap_pass "annotation errors are reported as file:line: error:"
else
	ktap_fail "annotation errors are reported as file:line: error:" "$(cat "$out/e")"
fi
expect "unknown option: exit 64" 64 --frobnicate list
expect "unknown command: exit 64" 64 --source . frobnicate
expect "unknown format: exit 64" 64 --source . --format yaml show
expect "two sources: exit 64" 64 --source . --vmlinux "$out/k/kernel" list
expect "--pretty with --format rst: exit 64" 64 -p --format rst list
expect "--pretty on a string that is not UTF-8: exit 7" 7 \
	--vmlinux "$out/k/escapes" -p show kapi_latin1
expect "--json prints a string that is not UTF-8 as it is" 0 \
	--vmlinux "$out/k/escapes" -j show kapi_latin1
judge 7 --vmlinux "$out/k/escapes" --format xml show
[ ${#why[@]} -eq 0 ] && [ -s "$out/o" ] && why=("printed output:" "$(head -c 500 "$out/o")")
ktap_result "--format xml on a string that is not UTF-8: exit 7, nothing printed" "${why[@]}"
expect "diff --format xml: exit 64" 64 --format xml diff . .
expect "list --format man: exit 64" 64 --source . --format man list
expect "diff with one operand: exit 64" 64 diff .

# deliberate damage, each with the message it must give
m=$out/mut.elf
corrupt() {
	local name=$1 msg=$2
	shift 2
	if ! "$out/elfmut" "$out/k/kernel" "$m" "$@"; then
		ktap_fail "$name" "elfmut $* failed"
		return
	fi
	refused "$name" "$msg" "$m"
}
corrupt "corrupt: name pointer outside every section" \
	"name: address 0x1 is in no section" spec-word 0 name 1
corrupt "corrupt: params array past its section" \
	"params: .* runs past the end of" spec-byte 0 n_params 255
corrupt "corrupt: NULL array with entries" \
	"errors: NULL pointer with 14 entries" spec-word 0 errors 0
corrupt "corrupt: section size not a multiple of the spec" \
	"not a multiple of struct kapi_spec" kapi-size -8
corrupt "corrupt: section runs past the end of the file" \
	"outside the file" kapi-size-specs 1000
"$out/elfmut" "$out/k/kernel" "$m" truncate 1000
expect "truncated ELF: exit 7" 7 --vmlinux "$m" list

# a damaged debugfs copy
dcopy() {
	rm -rf "$out/dcopy"
	cp -r "$out/snap" "$out/dcopy"
}
dcopy
head -c 100 "$out/snap/json/read" > "$out/dcopy/json/read"
expect "debugfs: truncated JSON: exit 7" 7 --debugfs "$out/dcopy" list
dcopy
jq -c 'del(.errors)' "$out/snap/json/read" > "$out/dcopy/json/read"
expect "debugfs: JSON without a documented field: exit 7" 7 --debugfs "$out/dcopy" list
dcopy
jq -c '.params[0].index = "0"' "$out/snap/json/read" > "$out/dcopy/json/read"
expect "debugfs: field of the wrong type: exit 7" 7 --debugfs "$out/dcopy" list
dcopy
sed -i 's/^read syscall params=3/read syscall params=4/' "$out/dcopy/list"
expect "debugfs: list disagrees with JSON: exit 7" 7 --debugfs "$out/dcopy" list
dcopy
echo "../../etc/passwd syscall" >> "$out/dcopy/list"
expect "debugfs: a name that leaves the directory: exit 7" 7 --debugfs "$out/dcopy" list
dcopy
rm "$out/dcopy/json/open"
expect "debugfs: a listed spec without JSON: exit 4" 4 --debugfs "$out/dcopy" list

# --- 500 damaged ELF files: an error, never a crash (fuzz, with the
# lane's tests above) ---
if lane_status fuzz "$out/fuzz.log"; then
	ktap_pass "500 damaged ELF files: clear errors, no crash ($(cat "$out/fuzz.summary"))"
else
	ktap_fail "500 damaged ELF files: clear errors, no crash" "$(cat "$out/fuzz.log")"
fi

# --- the real kernel, when the harness has built one ---
vmlinux=${KAPI_VMLINUX:-${KAPI_CACHE:-$HOME/.cache/kapi}/build-test/vmlinux}
real_rc=
if [ ! -f "$vmlinux" ]; then
	ktap_skip "real vmlinux: read" "no test vmlinux at $vmlinux"
else
	kapi --vmlinux "$vmlinux" list
	if ! ktap_sanitizer_check "$out/e" "real vmlinux"; then
		ktap_fail "real vmlinux: read" "$(cat "$out/e")"
	elif [ "$rc" = 0 ]; then
		ktap_pass "real vmlinux: read ($(wc -l < "$out/o") specs)"
	elif [ "$rc" = 6 ]; then
		ktap_pass "real vmlinux: read (it holds no specs yet: exit 6)"
	else
		ktap_fail "real vmlinux: read" "exit $rc" "$(cat "$out/e")"
	fi
	real_rc=$rc
fi

# each spec of the real vmlinux against the file it names, in the tree;
# only when the harness names the vmlinux: a cached one may predate the tree.
# What only the compiler knows (a value's number, a structure's offsets and
# sizes, an enum constraint's values named by a set) is null from source,
# and must be there from vmlinux.
compiled_only='[.. | objects | select(has("value") and has("description")) | .value] +
	[.. | objects | select(has("fields")) | .size, (.fields[] | .offset, .size)]'
forget_compiled='walk(if type == "object" and has("value") and has("description")
	then .value = null else . end
	| if type == "object" and has("fields") then .size = null
	| .fields |= map(.offset = null | .size = null) else . end
	| if type == "object" and .kind? == "enum" and (has("name") | not)
	then .values |= map(null) else . end)'
# The same three checks of every spec in one jq (four jq runs a spec were
# most of this test's time): what jq -S prints of the two, compared as
# text, is its tojson with the keys sorted. When that jq says no, or a
# spec cannot be read, the checks run spec by spec as they always did, up
# to that spec, so the first failure is the one reported, in the same words.
# shellcheck disable=SC2016 # jq's variables
rs_checks='def co: '"$compiled_only"'; def fc: '"$forget_compiled"';
	def sorted: if type == "object" then . as $o
		| reduce keys[] as $k ({}; .[$k] = ($o[$k] | sorted))
		elif type == "array" then map(sorted) else . end;
	$ARGS.named as $a
	| [range(1; $n + 1) as $i | $a["vm\($i)"] as $vm | $a["src\($i)"] as $src
	   | ($vm | length) == 1 and ($src | length) == 1
	     and ($src[0] | co | all(. == null))
	     and ($vm[0] | co | all(. != null))
	     and (($vm[0] | fc | sorted | tojson) == ($src[0] | fc | sorted | tojson))]
	| length == $n and all'
real_source() {
	local name file n=0 i=0 stop='' rs=$out/rs args=()
	"$K" --vmlinux "$vmlinux" -j show > "$out/rs.all" || return 1
	jq -r '.[] | "\(.name) \(.source.file)"' "$out/rs.all" > "$out/rs.list" ||
		return 1
	mkdir -p "$rs" || return 1
	while read -r name file; do
		n=$((n + 1))
		{ "$K" --vmlinux "$vmlinux" -j show "$name" > "$rs/$n.vm" &&
		  (cd "$tree" && "$K" --source "$file" -j show "$name") \
			> "$rs/$n.src"; } 2> "$rs/$n.err" ||
			{ stop="$name: cannot read it from $tree/$file"; break; }
		args+=(--slurpfile "vm$n" "$rs/$n.vm" --slurpfile "src$n" "$rs/$n.src")
	done < "$out/rs.list"
	[ -z "$stop" ] && jq -n -e --argjson n "$n" "$rs_checks" "${args[@]}" \
		> /dev/null 2>&1 && return 0
	while [ "$i" -lt "$n" ] && read -r name file; do
		i=$((i + 1))
		cat "$rs/$i.err"
		[ "$i" = "$n" ] && [ -n "$stop" ] && { echo "$stop"; return 1; }
		jq -e "$compiled_only | all(. == null)" "$rs/$i.src" > /dev/null ||
			{ echo "$name: $file has a compiler's value"; return 1; }
		jq -e "$compiled_only | all(. != null)" "$rs/$i.vm" > /dev/null ||
			{ echo "$name: vmlinux lacks a compiler's value"; return 1; }
		cmp -s <(jq -S "$forget_compiled" "$rs/$i.vm") \
			<(jq -S "$forget_compiled" "$rs/$i.src") ||
			{ echo "$name: vmlinux and $file differ"; return 1; }
	done < "$out/rs.list"
}
if [ -z "${KAPI_VMLINUX:-}" ]; then
	ktap_skip "real vmlinux equals its annotated sources" \
		"KAPI_VMLINUX not set (a cached vmlinux may predate the tree)"
elif [ ! -f "$vmlinux" ] || [ ! -d "$tree" ] || [ "$real_rc" != 0 ]; then
	ktap_skip "real vmlinux equals its annotated sources" \
		"no vmlinux with specs, or no source tree at $tree"
else
	ktap_check "real vmlinux equals its annotated sources" real_source
fi

# the whole tree read as source (whole_tree, with the lane's tests above)
if [ ! -d "$tree/fs" ]; then
	ktap_skip "whole tree as source: exactly the apispec files' specs" \
		"no kernel tree at $tree"
elif lane_status whole_tree "$out/wt.log"; then
	ktap_pass "whole tree as source: exactly the apispec files' specs ($(cat "$out/wt.count") specs)"
else
	ktap_fail "whole tree as source: exactly the apispec files' specs" \
		"$(head -c 2000 "$out/wt.log")"
fi

# --- trace: numbered behaviours to the tests that cite them ---
tf=$fx/trace
# trace_expect NAME WANT PATTERN ARGS...: exit status WANT and, on stderr
# (or stdout when WANT is 0), a line matching PATTERN
trace_expect() {
	local name=$1 want=$2 pat=$3 where
	shift 3
	judge "$want" trace "$@"
	where=$out/e
	[ "$want" = 0 ] && where=$out/o
	if [ ${#why[@]} -eq 0 ] && ! grep -qE -- "$pat" "$where"; then
		why=("no line matching '$pat' in:" "$(head -c 600 "$where")")
	fi
	ktap_result "$name" "${why[@]}"
}
cd "$tf" || exit 1
trace_expect "trace: every behaviour cited: 0, matrix" 0 \
	'^frob_read\.2#b4cdba +frob_read_some$' spec.c test-ok.c
trace_expect "trace: an uncovered behaviour fails, naming it" 9 \
	'^spec\.c:10: error: frob_read\.2 has no test' spec.c test-uncovered.c
trace_expect "trace: a dangling citation fails at file:line" 9 \
	'^test-dangling\.c:19: error: .*frob_read\.7, which does not exist' \
	spec.c test-dangling.c
trace_expect "trace: renumbered behaviours fail, naming the new ID" 9 \
	'^test-ok\.c:8: error: .*frob_read\.1#def6f8, but that text is now frob_read\.2: renumbered' \
	spec-renumbered.c test-ok.c
trace_expect "trace: a behaviour whose text changed fails" 9 \
	'^test-ok\.c:8: error: .*its text changed' spec-changed.c test-ok.c
trace_expect "trace: a citing test missing from KUNIT_CASE() fails" 9 \
	"frob_read_zero' cites behaviours but is in no KUNIT_CASE" \
	spec.c test-unregistered.c
trace_expect "trace: a citation without fingerprint fails, giving it" 9 \
	'cite it as frob_read\.1#def6f8' spec.c test-nofp.c
trace_expect "trace: 'spec NAME' of no spec is an error" 3 \
	'spec nosuch: no numbered behaviours' spec nosuch spec.c test-ok.c
sed 's/^ \*           frob_read\.c1#fc4978$/ */' test-ok.c > "$out/test-noc1.c"
trace_expect "trace: constraints of use need no test" 0 \
	'^frob_read\.c1#fc4978 +- \(not required\)$' spec.c "$out/test-noc1.c"
trace_expect "trace: 'spec NAME' limits the coverage check" 0 \
	'^frob_write\.1#cce55d +- \(not required\)$' spec frob_read spec.c test-ok.c \
	other.c
kapi -j trace spec.c test-ok.c
if [ "$rc" = 0 ] && jq -e '
	.summary == {"ids": 3, "checked": 2, "covered": 2, "tests": 2, "problems": 0}
	and .ids[1].tests == ["frob_read_some"]
	and .tests[1].ids == ["frob_read.2", "frob_read.c1"]' \
	"$out/o" > "$out/check.log" 2>&1; then
	ktap_pass "trace: JSON matrix"
else
	ktap_fail "trace: JSON matrix" "exit $rc" "$(cat "$out/check.log" "$out/e")"
fi
kapi -j trace spec.c test-dangling.c
if [ "$rc" = 9 ] && jq -e '
	[.problems[] | [.kind, .file, .line, .id]] ==
	[["dangling", "test-dangling.c", 19, "frob_read.7"]]' \
	"$out/o" > "$out/check.log" 2>&1; then
	ktap_pass "trace: JSON problems"
else
	ktap_fail "trace: JSON problems" "exit $rc" "$(cat "$out/check.log" "$out/e")"
fi

trace_expect "trace: ktap LOG shows a behaviour of a failing case as failing" 9 \
	'^kapi: error: trace: 1 behaviour failing in the logs$' \
	ktap run-fail.ktap spec.c test-ok.c
trace_expect "trace: ktap LOG, skipped cases leave behaviours untested" 0 \
	'^frob_read\.2#b4cdba +untested +frob_read_some$' \
	ktap run-skip.ktap spec.c test-ok.c
kapi -j trace ktap run-fail.ktap spec.c test-ok.c
if [ "$rc" = 9 ] && jq -e '
	[.ids[] | .result] == ["failing", "passing", "passing"]
	and .summary.passing == 1 and .summary.failing == 1
	and .summary.untested == 0' "$out/o" > "$out/check.log" 2>&1; then
	ktap_pass "trace: JSON results from a KTAP log"
else
	ktap_fail "trace: JSON results from a KTAP log" "exit $rc" \
		"$(cat "$out/check.log" "$out/e")"
fi

# --- probe: calls made from a spec, run on this (host) kernel ---
# The host kernel has no run-time checks: rules 1 (an errno the spec does
# not list) and 2 (success with an argument the spec rules out) apply, and
# rule 3 with the errno enforce mode would give worked out from the spec
# (check order, per-bound errnos). lseek behaves the same on every kernel
# since 2.6, openat2's argument checks since 5.6.
pf=$fx/probe
# probe_expect NAME WANT PATTERN SOURCE [ARGS...]: `kapi --source SOURCE probe
# ARGS` exits with WANT and prints a stdout line matching PATTERN (a broken
# rule is a finding, not an error: no message). Tests of the same command
# read its one run: a probe is the slowest run of the tool (a thousand
# system calls).
declare -A probe_runs=() probe_rc=()
probe_expect() {
	local name=$1 want=$2 pat=$3 p key
	shift 3
	key="$PWD $*"
	p=${probe_runs[$key]:-}
	if [ -z "$p" ]; then
		p=$out/probe.${#probe_runs[@]}
		"$K" --source "$1" probe "${@:2}" > "$p.o" 2> "$p.e"
		probe_rc[$key]=$?
		probe_runs[$key]=$p
	fi
	rc=${probe_rc[$key]}
	why=()
	if ! ktap_sanitizer_check "$p.e" "kapi probe $*"; then
		why=("sanitizer report:" "$(cat "$p.e")")
	elif [ "$rc" != "$want" ]; then
		why=("exit status $rc, want $want" "$(cat "$p.e")")
	elif ! grep -qE -- "$pat" "$p.o"; then
		why=("no line matching '$pat' in:" "$(head -c 600 "$p.o")")
	fi
	ktap_result "$name" "${why[@]}"
}
sed -e '/not-returned: EBADF/d' \
	-e 's/^ \* error: EINVAL/ * error: EBADF, fd is not open\n&/' \
	"$pf/lseek-no-ebadf.c" > "$out/lseek-ok.c"
probe_expect "probe: a spec the kernel keeps to passes" 0 \
	'^# [0-9]+ calls, 0 broken rules, 0 not run$' "$out/lseek-ok.c"
probe_expect "probe: rule 1, an errno the spec does not list" 10 \
	'^lseek\(fd=not_open:1000, offset=16:16, whence=min:0\): rule 1: -EBADF$' \
	"$pf/lseek-no-ebadf.c"
probe_expect "probe: rule 2, success with an argument the spec refuses" 10 \
	'^lseek\(fd=reg_rw, offset=16:16, whence=max\+1:3!\): rule 2: 16$' \
	"$pf/lseek-narrow-whence.c"
probe_expect "probe: what the kernel returns at each bound of a range" 0 \
	'^#   bounds of whence: min=0 16, max=4 -?[0-9A-Z]+, max\+1=5 -EINVAL$' \
	"$out/lseek-ok.c"
sed 's/^ \* context-flags: .*$/&\n *\n * check-order: whence, fd/' "$out/lseek-ok.c" > "$out/lseek-swapped.c"
probe_expect "probe: rule 3 from the spec, a swapped check order" 10 \
	'^lseek\(fd=o_path, offset=16:16, whence=16:16!\): rule 3: off -EBADF, enforce would refuse with -EINVAL \(from the spec\)$' \
	"$out/lseek-swapped.c"
# A kapi debugfs whose checker counts nothing: every call with a bad
# argument breaks rule 3 (enforce did not refuse it) and rule 4 (warn did
# not count it), though the results agree, the kernel here having no checks.
fake=$out/fake-debugfs
rm -rf "$fake" && mkdir -p "$fake/json" &&
kapi --source "$out/lseek-ok.c" list && cp "$out/o" "$fake/list" &&
kapi -j --source "$out/lseek-ok.c" show lseek && cp "$out/o" "$fake/json/lseek" &&
echo warn > "$fake/mode" &&
printf '# syscall nr calls rejected param return errno context undocumented-errnos compat-calls\nlseek 8 0 0 0 0 0 0 - 0\n' \
	> "$fake/stats"
kapi --debugfs "$fake" probe
if [ "$rc" = 10 ] &&
   grep -q '^lseek(fd=negative:-1!, offset=16:16, whence=min:0): rule 3: off -EBADF, enforce -EBADF \[checker: 0 rejected, 0 reports\]' "$out/o" &&
   grep -q '^lseek(fd=negative:-1!, offset=16:16, whence=min:0): rule 4: ' "$out/o"; then
	ktap_pass "probe: rules 3 and 4 catch a checker that refuses and counts nothing"
else
	ktap_fail "probe: rules 3 and 4 catch a checker that refuses and counts nothing" \
		"exit $rc" "$(head -c 600 "$out/o")" "$(cat "$out/e")"
fi
probe_expect "probe: openat2 with its check order and per-bound errno passes" 0 \
	'^# [0-9]+ calls, 0 broken rules, 0 not run$' "$pf/openat2.c"
grep -v '^ \*   error-above: E2BIG$' "$pf/openat2.c" > "$out/openat2-no-e2big.c"
probe_expect "probe: rule 3 from the spec, a wrong per-bound errno" 10 \
	'^openat2\(dfd=reg_rw, filename=file, how=buf, usize=buffer_size:8192!\): rule 3: off -E2BIG, enforce would refuse with -EINVAL \(from the spec\)$' \
	"$out/openat2-no-e2big.c"
sed 's/^ \* check-order: usize, how, filename, dfd$/ * check-order: how, usize, filename, dfd/' \
	"$pf/openat2.c" > "$out/openat2-how-first.c"
probe_expect "probe: rule 3 from the spec, a buffer checked before its size" 10 \
	'^openat2\(dfd=reg_rw, filename=file, how=buf, usize=-1:-1!\): rule 3: off -E2BIG, enforce would refuse with -EFAULT \(from the spec\)$' \
	"$out/openat2-how-first.c"
kapi -j --source "$out/lseek-ok.c" probe
if [ "$rc" = 0 ] && jq -e '
	.calls > 0 and .broken_rules == 0 and .specs[0].name == "lseek"
	and (.specs[0].errors | map(select(.name == "EBADF"))[0].seen_in
	     | test("^lseek\\(fd=(o_path|closed|not_open)"))' \
	"$out/o" > "$out/check.log" 2>&1; then
	ktap_pass "probe: JSON names the call that returned each errno"
else
	ktap_fail "probe: JSON names the call that returned each errno" "exit $rc" \
		"$(cat "$out/check.log" "$out/o" "$out/e")"
fi
kapi --source "$out/lseek-ok.c" probe conformance "$pf/conformance.ktap"
if [ "$rc" = 0 ] && grep -qx '#   EOVERFLOW    not provokable: needs a file larger than LLONG_MAX' "$out/o" &&
   grep -qE '^# lseek: .*, 1 not provokable here, 0 unaccounted$' "$out/o"; then
	ktap_pass "probe: conformance LOG accounts for the errnos it did not provoke"
else
	ktap_fail "probe: conformance LOG accounts for the errnos it did not provoke" \
		"exit $rc" "$(cat "$out/o" "$out/e")"
fi
grep -v EOVERFLOW "$pf/conformance.ktap" > "$out/conformance-part.ktap"
probe_expect "probe: an errno nobody provoked or explained fails" 10 \
	'^# lseek: .*, 0 not provokable here, 1 unaccounted$' "$out/lseek-ok.c" \
	conformance "$out/conformance-part.ktap"
kapi --source "$out/lseek-ok.c" probe conformance "$pf/conformance-bad.ktap"
if [ "$rc" = 7 ] && grep -q 'conformance-bad\.ktap:2: not a coverage line' "$out/e"; then
	ktap_pass "probe: a malformed coverage line is an error at file:line"
else
	ktap_fail "probe: a malformed coverage line is an error at file:line" \
		"exit $rc" "$(cat "$out/e")"
fi
cd "$here" || exit 1

ktap_finish
