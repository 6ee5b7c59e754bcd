#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# run.sh OUTDIR - host tests of scripts/kapi (parser library + kapi-gen).
#
# Builds everything with ASan and UBSan into OUTDIR, runs every test and
# prints KTAP on stdout. Exits non-zero if anything failed.
#
#   round trips   fixtures/rt-*.c -> header -> compiled against a shim and
#                 checked field by field; the parsed model must equal what
#                 the compiler built (what tools/kapi relies on)
#   seeds         the upstream series' blocks (../shared/seeds) parse, and
#                 the article's kmalloc example builds as written
#   bad/          malformed input: exact "file:LINE: error:" lines, exit 1,
#                 no header left behind
#   warn/         exact warnings; -Werror turns them into failure
#   cli           options, output handling
#   tables        x86-64's and arm64's constants and syscall numbers against
#                 the tree's syscall tables and uapi headers and a cross
#                 compiler (skipped without aarch64-linux-gnu-gcc), and
#                 kapi-gen --arch's checks for each
#   sanitizers    no ASan/UBSan/LSan report on any input
set -u

OUT=${1:?usage: run.sh OUTDIR}
mkdir -p "$OUT" || exit 1
OUT=$(cd "$OUT" && pwd)
HERE=$(cd "$(dirname "$0")" && pwd)
ROOT=$(cd "$HERE/../.." && pwd)
KAPI=$ROOT/linux/scripts/kapi
INC=$ROOT/linux/include
CC=${CC:-gcc}
CFLAGS=(-std=gnu11 -g -O1 -Wall -Wextra -Werror -fsanitize=address,undefined
	-fno-omit-frame-pointer)
# the parser library: kapi-gen's objects less its own, from the one list
# in scripts/kapi/Makefile
mapfile -t LIB < <(sed -n '/^kapi-gen-objs/,/^$/p' "$KAPI/Makefile" |
	grep -o 'kapi_[a-z_]*\.o' | grep -v '^kapi_gen' |
	sed "s|^|$KAPI/|; s|\.o\$|.c|")
# the generator proper: kapi_gen*.c (main, the header writer and the
# run-time checks writer), on top of the library
GEN_SRC=("$KAPI"/kapi_gen*.c)
GEN=$OUT/kapi-gen
SHIM=(-I"$HERE/shim" -idirafter "$INC")
# Each source of kapi-gen and of the library is compiled once, with
# CFLAGS, into an object in OBJ (--- build ---); kapi-gen and every check
# program link the library's objects. Compiling the library's sources into
# each check program again was most of the suite's time. The library
# includes nothing from the shim, fixtures/ or a generated header's
# directory, the paths those programs add, so its objects are what each
# of them compiled (a source that did would have to be compiled with it).
OBJ=$OUT/t/obj
GEN_OBJ=("${GEN_SRC[@]##*/}")
GEN_OBJ=("${GEN_OBJ[@]/#/$OBJ/}")
GEN_OBJ=("${GEN_OBJ[@]/%.c/.o}")
LIB_OBJ=("${LIB[@]##*/}")
LIB_OBJ=("${LIB_OBJ[@]/#/$OBJ/}")
LIB_OBJ=("${LIB_OBJ[@]/%.c/.o}")
# compiles that do not depend on each other run this many at a time
JOBS=${KAPI_JOBS:-$(nproc 2>/dev/null || echo 1)}

export ASAN_OPTIONS=detect_leaks=1:abort_on_error=0
export UBSAN_OPTIONS=print_stacktrace=1:halt_on_error=1

# The seeds live in shared/, next to the checkout (CI copies it there).
SEEDS=${KAPI_SEEDS:-}
if [ -z "$SEEDS" ]; then
	for d in "$ROOT/../shared/seeds" /work/shared/seeds; do
		if [ -d "$d" ]; then
			SEEDS=$d
			break
		fi
	done
fi

[ -n "$SEEDS" ] && [ ! -d "$SEEDS" ] && SEEDS=

rm -rf "$OUT/t"
mkdir -p "$OUT/t"
. "$HERE/../lib/ktap.sh"
# shellcheck disable=SC2034 # read by ktap.sh
KTAP_DIAG_LINES=40
KTAP_SANLOG=$OUT/sanitizer.log
: > "$KTAP_SANLOG"

# gen STDERR-FILE ARGS...: run kapi-gen, return its status
gen() {
	local err=$1 rc
	shift
	"$GEN" "$@" 2> "$err"
	rc=$?
	ktap_sanitizer_check "$err" "kapi-gen $*"
	return $rc
}

# compile_check NAME HEADER CHECK.c: build a check program against HEADER
compile_check() {
	local exe=$1 hdr=$2 src=$3 log=$4

	"$CC" "${CFLAGS[@]}" -I"$(dirname "$hdr")" -I"$HERE/fixtures" "${SHIM[@]}" \
		-DGEN_HEADER="\"$(basename "$hdr")\"" "$src" -o "$exe" >> "$log" 2>&1
}

# compare_model SOURCE HEADER LOG: compiled specs == kapi_spec_build()
# CMP_DEFS: -D options for what the annotated file would see (its headers)
CMP_DEFS=()
compare_model() {
	local src=$1 hdr=$2 log=$3 exe

	exe=$OUT/t/cmp-$(basename "$hdr" .apispec.h)
	"$CC" "${CFLAGS[@]}" "${CMP_DEFS[@]}" -I"$(dirname "$hdr")" "${SHIM[@]}" -I"$KAPI" \
		-DGEN_HEADER="\"$(basename "$hdr")\"" "$HERE/compare.c" "${LIB_OBJ[@]}" \
		-o "$exe" >> "$log" 2>&1 || return 1
	"$exe" "$src" >> "$log" 2>&1
	local rc=$?
	ktap_sanitizer_check "$log" "compare $src"
	return $rc
}

cd "$HERE" || exit 1

# --- build ---
# Kbuild's HOSTCFLAGS warnings (scripts/Makefile.host), as errors: its own
# flags, so its own compiles, one per file, each file however the others
# fare. Nothing else needs them: they run in the background, beside the
# sanitized build, and are waited for where their result is reported.
kbuild_flags_build() {
	printf '%s\0' "${GEN_SRC[@]}" "${LIB[@]}" |
		xargs -0 -n 1 -P "$JOBS" "$CC" -std=gnu11 -O2 -Wall -Wmissing-prototypes \
			-Wstrict-prototypes -Wshadow -Werror -idirafter "$INC" -c -o /dev/null
}
kbuild_log=$OUT/t/build-kbuild.log
kbuild_flags_build > "$kbuild_log" 2>&1 &
kbuild_pid=$!

# kapi-gen's and the library's objects, one compile per source (a source
# with a warning leaves no object, so no program that needs it links),
# then kapi-gen linked from them
objs_build() {
	mkdir -p "$OBJ" &&
	printf '%s\0' "${GEN_SRC[@]}" "${LIB[@]}" |
		(cd "$OBJ" && xargs -0 -n 1 -P "$JOBS" "$CC" "${CFLAGS[@]}" -I"$KAPI" \
			-idirafter "$INC" -c)
}
log=$OUT/t/build.log
if objs_build > "$log" 2>&1 &&
   "$CC" "${CFLAGS[@]}" "${GEN_OBJ[@]}" "${LIB_OBJ[@]}" -o "$GEN" >> "$log" 2>&1; then
	ktap_pass "build: kapi-gen with ASan+UBSan and -Werror" "$(cat "$log")"
else
	ktap_fail "build: kapi-gen with ASan+UBSan and -Werror" "$(cat "$log")"
fi

if wait "$kbuild_pid"; then
	ktap_pass "build: warning-free with Kbuild host flags" "$(cat "$kbuild_log")"
else
	ktap_fail "build: warning-free with Kbuild host flags" "$(cat "$kbuild_log")"
fi

# The parser in layers: no file of scripts/kapi calls a function or uses
# data of a file that, through others, calls it back. The objects' symbol
# tables give the file graph (an undefined symbol of one file that another
# defines is an edge); tsort(1) reports any cycle in it.
log=$OUT/t/layers.log
: > "$log"
layer_edges() {
	local o
	for o in "$@"; do
		nm "$o" | awk -v f="$(basename "$o" .o)" \
			'$1 == "U" { print "U", f, $2 } $2 ~ /^[TDRB]$/ { print "D", f, $3 }'
	done | awk '$1 == "D" { def[$3] = $2; next } { use[NR] = $2 " " $3 }
		END { for (i in use) { split(use[i], u, " ")
			if ((u[2] in def) && def[u[2]] != u[1]) print u[1], def[u[2]] } }' |
		sort -u
}
if [ -f "$GEN" ] && layer_edges "${GEN_OBJ[@]}" "${LIB_OBJ[@]}" > "$OUT/t/layers.edges" 2>> "$log" &&
   [ -s "$OUT/t/layers.edges" ] && tsort "$OUT/t/layers.edges" > /dev/null 2>> "$log" &&
   ! grep -q loop "$log"; then
	ktap_pass "layers: the file graph of scripts/kapi has no cycle ($(wc -l < "$OUT/t/layers.edges") edges)"
else
	ktap_fail "layers: the file graph of scripts/kapi has no cycle" "$(cat "$log")"
fi

# --- library unit tests ---
log=$OUT/t/libtest.log
awk '/^#define[ \t]+E[A-Z0-9]+[ \t]+[0-9]+/ { printf "\t{ \"%s\", %s },\n", $2, $3 }' \
	/usr/include/asm-generic/errno-base.h /usr/include/asm-generic/errno.h \
	> "$OUT/t/host_errnos.inc" 2>/dev/null
awk '/^#define __NR_[a-z0-9_]+ [0-9]+/ { n = $2; sub("__NR_", "", n); printf "\t{ \"%s\", %s },\n", n, $3 }' \
	/usr/include/x86_64-linux-gnu/asm/unistd_64.h > "$OUT/t/host_syscalls.inc" 2>/dev/null
if "$CC" "${CFLAGS[@]}" -I"$OUT/t" "${SHIM[@]}" -I"$KAPI" "$HERE/libtest.c" \
	"${LIB_OBJ[@]}" -o "$OUT/t/libtest" > "$log" 2>&1; then
	"$OUT/t/libtest" > "$OUT/t/libtest.out" 2> "$OUT/t/libtest.err"
	ktap_sanitizer_check "$OUT/t/libtest.err" libtest
	diag=()
	while IFS= read -r line; do
		case $line in
		"# "*)	diag+=("${line#\# }") ;;
		"ok "*)	ktap_pass "lib: ${line#ok [0-9]* }" "${diag[@]}"
			diag=() ;;
		"not ok "*) ktap_fail "lib: ${line#not ok [0-9]* }" "${diag[@]}"
			diag=() ;;
		esac
	done < "$OUT/t/libtest.out"
	if ! grep -q '^ok 7 \|^not ok 7 ' "$OUT/t/libtest.out"; then
		cat "$OUT/t/libtest.err" >> "$log"
		ktap_fail "lib: unit tests ran to the end" "$(cat "$log")"
	fi
else
	ktap_fail "lib: unit tests build" "$(cat "$log")"
fi

# --- round trips ---
for src in fixtures/rt-*.c; do
	case $src in *.check.c) continue ;; esac
	name=$(basename "$src" .c)
	log=$OUT/t/$name.log
	hdr=$OUT/t/$name.apispec.h
	: > "$log"
	if gen "$OUT/t/$name.err" -o "$hdr" "$src" && ! [ -s "$OUT/t/$name.err" ] &&
	   compile_check "$OUT/t/chk-$name" "$hdr" "fixtures/$name.check.c" "$log" &&
	   "$OUT/t/chk-$name" >> "$log" 2>&1; then
		ktap_pass "roundtrip $name: header compiles, fields as written" "$(cat "$log")"
	else
		cat "$OUT/t/$name.err" >> "$log"
		ktap_fail "roundtrip $name: header compiles, fields as written" "$(cat "$log")"
	fi
	log=$OUT/t/$name.cmp.log
	: > "$log"
	if [ -f "$hdr" ] && compare_model "$src" "$hdr" "$log"; then
		ktap_pass "model $name: kapi_spec_build() equals the compiled spec" "$(cat "$log")"
	else
		ktap_fail "model $name: kapi_spec_build() equals the compiled spec" "$(cat "$log")"
	fi
done

# The concise form (short names, implied fields, @name: sub-keys, shared:
# groups, [CMD, ...]) says what the long form says: the same header, line
# numbers and file names aside.
log=$OUT/t/concise.log
: > "$log"
norm_header() {
	sed -E 's/(long|rt)-concise/X/g; s/(LONG|RT)_CONCISE/X/g;
		s/\.line = [0-9]+/.line = N/; s/(\.c):[0-9]+/\1:N/g' "$1"
}
if gen "$log" -o "$OUT/t/long-concise.apispec.h" fixtures/long-concise.c &&
   [ -f "$OUT/t/rt-concise.apispec.h" ] &&
   diff <(norm_header "$OUT/t/long-concise.apispec.h") \
	<(norm_header "$OUT/t/rt-concise.apispec.h") >> "$log"; then
	ktap_pass "concise: short and long forms generate the same header"
else
	ktap_fail "concise: short and long forms generate the same header" "$(cat "$log")"
fi

# A test file's "Verifies:" lists become the table a failing KUnit case
# prints from (include/linux/kapi_kunit.h, compiled here against a shim).
log=$OUT/t/cites.log
hdr=$OUT/t/cites.apispec.h
: > "$log"
if gen "$log" -o "$hdr" fixtures/cites.c &&
   compile_check "$OUT/t/chk-cites" "$hdr" fixtures/cites.check.c "$log" &&
   "$OUT/t/chk-cites" > "$OUT/t/cites.out" 2>> "$log" &&
   printf '%s\n' \
	'    # frob_zero: failed; it verifies frob_read.1#def6f8 frob_read.c1#fc4978' \
	'    # frob_some: failed; it verifies frob_read.2' |
   diff - "$OUT/t/cites.out" >> "$log"; then
	ktap_pass "cites: a failed case prints the IDs its Verifies: list names"
else
	ktap_fail "cites: a failed case prints the IDs its Verifies: list names" "$(cat "$log")"
fi

# The checks must be able to fail: change one value in a generated header
# (not its KAPI_BUILD_ASSERT) and the field check has to notice.
log=$OUT/t/mutant.log
: > "$log"
if [ -f "$OUT/t/rt-syscall.apispec.h" ]; then
	mkdir -p "$OUT/t/mutant"
	sed 's/^\(\t*\.ext\.mask = (u64)(\)S_IALLUGO)/\1S_IRWXUGO)/' \
		"$OUT/t/rt-syscall.apispec.h" > "$OUT/t/mutant/rt-syscall.apispec.h"
	if cmp -s "$OUT/t/rt-syscall.apispec.h" "$OUT/t/mutant/rt-syscall.apispec.h"; then
		echo "mutation did not apply" >> "$log"
		ktap_fail "roundtrip checks catch a changed mask value" "$(cat "$log")"
	elif compile_check "$OUT/t/mutant/chk" "$OUT/t/mutant/rt-syscall.apispec.h" \
		fixtures/rt-syscall.check.c "$log" && ! "$OUT/t/mutant/chk" > "$OUT/t/mutant/out" 2>&1 &&
	     grep -q 'ext.mask' "$OUT/t/mutant/out"; then
		ktap_pass "roundtrip checks catch a changed mask value"
	else
		cat "$OUT/t/mutant/out" >> "$log" 2>/dev/null
		ktap_fail "roundtrip checks catch a changed mask value" "$(cat "$log")"
	fi
	# and a host table that drifts from the headers breaks the compile
	sed 's/^KAPI_BUILD_ASSERT(EINVAL == 22,/KAPI_BUILD_ASSERT(EINVAL == 23,/' \
		"$OUT/t/rt-syscall.apispec.h" > "$OUT/t/mutant/rt-syscall.apispec.h"
	if grep -q 'EINVAL == 23' "$OUT/t/mutant/rt-syscall.apispec.h" &&
	   ! compile_check "$OUT/t/mutant/chk2" "$OUT/t/mutant/rt-syscall.apispec.h" \
		fixtures/rt-syscall.check.c "$OUT/t/mutant/cc.log" &&
	   grep -q 'kapi: fixtures/rt-syscall.c:[0-9]*: EINVAL is not' "$OUT/t/mutant/cc.log"; then
		ktap_pass "generated build assert catches a stale host errno table"
	else
		cat "$OUT/t/mutant/cc.log" >> "$log" 2>/dev/null
		ktap_fail "generated build assert catches a stale host errno table" "$(cat "$log")"
	fi
else
	ktap_fail "roundtrip checks catch a changed mask value" "$(cat "$log")"
	ktap_fail "generated build assert catches a stale host errno table" "$(cat "$log")"
fi

# A value set that says more than the constraint allows cannot build: the
# compiler, not the host, finds O_APPEND outside openat's valid-mask.
log=$OUT/t/set-mask.log
: > "$log"
mkdir -p "$OUT/t/set-mask/fixtures"
sed 's/^ \*   O_TMPFILE: unnamed$/&\n *   O_APPEND: not in the mask/' fixtures/rt-syscall.c \
	> "$OUT/t/set-mask/fixtures/rt-syscall.c"
if grep -q 'O_APPEND: not in the mask' "$OUT/t/set-mask/fixtures/rt-syscall.c" &&
   (cd "$OUT/t/set-mask" && "$GEN" -o rt-syscall.apispec.h fixtures/rt-syscall.c) >> "$log" 2>&1 &&
   ! compile_check "$OUT/t/set-mask/chk" "$OUT/t/set-mask/rt-syscall.apispec.h" \
	fixtures/rt-syscall.check.c "$OUT/t/set-mask/cc.log" &&
   grep -q "kapi: fixtures/rt-syscall.c:[0-9]*: O_APPEND has bits outside the valid-mask of param .*flags.* of openat" \
	"$OUT/t/set-mask/cc.log"; then
	ktap_pass "a value set outside its parameter's valid-mask fails the build"
else
	cat "$OUT/t/set-mask/cc.log" >> "$log" 2>/dev/null
	ktap_fail "a value set outside its parameter's valid-mask fails the build" "$(cat "$log")"
fi

# A struct-layout that puts a member at the wrong offset (mode listed
# before flags) cannot build: the compiler compares it with the structure.
log=$OUT/t/layout-order.log
: > "$log"
mkdir -p "$OUT/t/layout-order/fixtures"
awk '/^ \*   flags: __u64, values fx_open_flags/ { held = $0; next }
     { print } held && /^ \*   mode: __u64;/ { print held; held = "" }' \
	fixtures/rt-syscall.c > "$OUT/t/layout-order/fixtures/rt-syscall.c"
if ! cmp -s fixtures/rt-syscall.c "$OUT/t/layout-order/fixtures/rt-syscall.c" &&
   (cd "$OUT/t/layout-order" && "$GEN" -o rt-syscall.apispec.h fixtures/rt-syscall.c) >> "$log" 2>&1 &&
   ! compile_check "$OUT/t/layout-order/chk" "$OUT/t/layout-order/rt-syscall.apispec.h" \
	fixtures/rt-syscall.check.c "$OUT/t/layout-order/cc.log" &&
   grep -q "kapi: fixtures/rt-syscall.c:[0-9]*: struct open_how does not start with mode" \
	"$OUT/t/layout-order/cc.log" &&
   grep -q "kapi: fixtures/rt-syscall.c:[0-9]*: member resolve of struct open_how does not follow flags" \
	"$OUT/t/layout-order/cc.log"; then
	ktap_pass "a struct-layout member at the wrong offset fails the build"
else
	cat "$OUT/t/layout-order/cc.log" >> "$log" 2>/dev/null
	ktap_fail "a struct-layout member at the wrong offset fails the build" "$(cat "$log")"
fi

# --- run-time checks ---
# The checks generated for small integer types, compiled as the kernel
# compiles them (-funsigned-char) and run: the type's width and sign decide
# which compares are written, and a plain char is unsigned; like the kernel
# (W=1 too), it does not warn about a parameter a check has no use for.
log=$OUT/t/checks-ctype.log
: > "$log"
mkdir -p "$OUT/t/checks"
if gen "$OUT/t/checks/ctype.err" -o "$OUT/t/checks/ctype.apispec.h" checks/ctype.c &&
   ! [ -s "$OUT/t/checks/ctype.err" ] &&
   "$CC" "${CFLAGS[@]}" -funsigned-char -Wno-unused-parameter -I"$OUT/t/checks" -I"$HERE/checks" "${SHIM[@]}" \
	checks/ctype_test.c -o "$OUT/t/checks/ctype_test" >> "$log" 2>&1 &&
   "$OUT/t/checks/ctype_test" >> "$log" 2>&1; then
	ktap_pass "checks: ranges on char, signed/unsigned char and __s16 (char is unsigned); variants; a function's entry and return hooks"
else
	cat "$OUT/t/checks/ctype.err" >> "$log" 2>/dev/null
	ktap_fail "checks: ranges on char, signed/unsigned char and __s16 (char is unsigned); variants; a function's entry and return hooks" \
		"$(cat "$log")"
fi
ktap_sanitizer_check "$log" "checks ctype"

# A command's struct-layout (arg-layout:) is proven like a parameter's:
# listing size before setting cannot build.
log=$OUT/t/variant-layout.log
: > "$log"
mkdir -p "$OUT/t/variant-layout"
awk '/^ \*   setting: __u32;/ { held = $0; next }
     { print } held && /^ \*   size: __u32;/ { print held; held = "" }' \
	checks/ctype.c > "$OUT/t/variant-layout/ctype.c"
if ! cmp -s checks/ctype.c "$OUT/t/variant-layout/ctype.c" &&
   gen "$OUT/t/variant-layout/gen.err" -o "$OUT/t/variant-layout/ctype.apispec.h" \
	"$OUT/t/variant-layout/ctype.c" &&
   ! "$CC" "${CFLAGS[@]}" -funsigned-char -Wno-unused-parameter -I"$OUT/t/variant-layout" \
	-I"$HERE/checks" "${SHIM[@]}" checks/ctype_test.c -o "$OUT/t/variant-layout/ctype_test" \
	>> "$log" 2>&1 &&
   grep -q "kapi: .*ctype.c:[0-9]*: struct mux_info does not start with size" "$log"; then
	ktap_pass "a command's arg-layout with its members out of order fails the build"
else
	cat "$OUT/t/variant-layout/gen.err" >> "$log" 2>/dev/null
	ktap_fail "a command's arg-layout with its members out of order fails the build" "$(cat "$log")"
fi

# --- seeds ---
seed_test() {
	local num=$1 what=$2 file

	file=$(ls "$SEEDS"/"$num"-*.patch 2>/dev/null | head -1)
	log=$OUT/t/seed$num.log
	: > "$log"
	if [ -z "$file" ]; then
		echo "no seed $num in $SEEDS" > "$log"
		ktap_fail "seed $num ($what): parses with no errors, header compiles" "$(cat "$log")"
		return
	fi
	mkdir -p "$OUT/t/seeds"
	# the blocks as they are; the include goes where run-time checks
	# need it (above the SYSCALL_DEFINE), not at the end as in the patch
	{
		echo "#include \"seed$num.apispec.h\""
		./extract_seed.sh "$file"
	} > "$OUT/t/seeds/seed$num.c"
	if gen "$OUT/t/seeds/seed$num.err" -o "$OUT/t/seeds/seed$num.apispec.h" \
		"$OUT/t/seeds/seed$num.c" &&
	   ! grep -q ': error:' "$OUT/t/seeds/seed$num.err" &&
	   compare_model "$OUT/t/seeds/seed$num.c" "$OUT/t/seeds/seed$num.apispec.h" "$log"; then
		ktap_pass "seed $num ($what): parses with no errors, header compiles" "$(cat "$log")"
	else
		cat "$OUT/t/seeds/seed$num.err" >> "$log"
		ktap_fail "seed $num ($what): parses with no errors, header compiles" "$(cat "$log")"
	fi
}

if [ -z "$SEEDS" ]; then
	for t in "seed 004 (sys_open): parses with no errors, header compiles" \
		 "seed 004: EAGAIN and EWOULDBLOCK give a warning naming both lines" \
		 "seed 005 (sys_close): parses with no errors, header compiles" \
		 "seed 006 (sys_read): parses with no errors, header compiles" \
		 "seed 009: read_mem and memory_open parse, fields as written" \
		 "seed 009: the typos of memory_lseek and open_port are reported"; do
		ktap_skip "$t" "seeds not available (../shared absent)"
	done
else
	seed_test 004 sys_open
	log=$OUT/t/seed004-alias.log
	l1=$(grep -n '^ \* error: EAGAIN,' "$OUT/t/seeds/seed004.c" | cut -d: -f1)
	l2=$(grep -n '^ \* error: EWOULDBLOCK,' "$OUT/t/seeds/seed004.c" | cut -d: -f1)
	cp "$OUT/t/seeds/seed004.err" "$log" 2>/dev/null
	if [ -n "$l1" ] && [ -n "$l2" ] &&
	   [ "$(grep -c ': warning:' "$OUT/t/seeds/seed004.err")" = 1 ] &&
	   grep -q "seed004.c:$l2: warning: EAGAIN (line $l1) and EWOULDBLOCK (line $l2) are the same errno" \
		"$OUT/t/seeds/seed004.err"; then
		ktap_pass "seed 004: EAGAIN and EWOULDBLOCK give a warning naming both lines"
	else
		ktap_fail "seed 004: EAGAIN and EWOULDBLOCK give a warning naming both lines" "$(cat "$log")"
	fi
	seed_test 005 sys_close
	seed_test 006 sys_read

	log=$OUT/t/seed009.log
	: > "$log"
	f009=$(ls "$SEEDS"/009-*.patch 2>/dev/null | head -1)
	./extract_seed.sh "$f009" > "$OUT/t/seeds/seed009.c" 2>> "$log"
	./extract_function.sh "$OUT/t/seeds/seed009.c" read_mem memory_open \
		> "$OUT/t/seeds/seed009-sel.c"
	hdr=$OUT/t/seeds/seed009-sel.apispec.h
	if gen "$OUT/t/seeds/seed009-sel.err" -o "$hdr" "$OUT/t/seeds/seed009-sel.c" &&
	   ! [ -s "$OUT/t/seeds/seed009-sel.err" ] &&
	   compile_check "$OUT/t/chk-seed009" "$hdr" fixtures/seed009.check.c "$log" &&
	   "$OUT/t/chk-seed009" >> "$log" 2>&1 &&
	   compare_model "$OUT/t/seeds/seed009-sel.c" "$hdr" "$log"; then
		ktap_pass "seed 009: read_mem and memory_open parse, fields as written" "$(cat "$log")"
	else
		cat "$OUT/t/seeds/seed009-sel.err" >> "$log"
		ktap_fail "seed 009: read_mem and memory_open parse, fields as written" "$(cat "$log")"
	fi

	# The whole of 009 has two real mistakes; exactly they must be errors.
	log=$OUT/t/seed009-all.log
	s=$OUT/t/seeds/seed009.c
	gen "$OUT/t/seeds/seed009.err" --check "$s"
	rc=$?
	{
		grep -n '^ \* memory_leeek behavior:' "$s" | cut -d: -f1 | sed 's/$/: error: names .memory_leeek./'
		awk '/open_port expectations:/ { on = 1 } on && /^ \* [0-9]+\. / { print NR ": error: numbered item outside" } /open_port constraints of use:/ { on = 0 }' "$s"
	} > "$OUT/t/seed009.expect"
	grep ': error:' "$OUT/t/seeds/seed009.err" | sed "s|^$s:||" > "$OUT/t/seed009.got"
	ok=1
	[ "$rc" = 1 ] || ok=0
	[ "$(wc -l < "$OUT/t/seed009.expect")" = 4 ] || ok=0
	[ "$(wc -l < "$OUT/t/seed009.expect")" = "$(wc -l < "$OUT/t/seed009.got")" ] || ok=0
	while IFS= read -r e; do
		grep -q "^${e%%: *}: error: .*$(echo "${e#*error: }")" "$OUT/t/seed009.got" || ok=0
	done < "$OUT/t/seed009.expect"
	if [ $ok = 1 ]; then
		ktap_pass "seed 009: the typos of memory_lseek and open_port are reported"
	else
		{ echo "expected:"; cat "$OUT/t/seed009.expect"; echo "got:"; cat "$OUT/t/seeds/seed009.err"; } > "$log"
		ktap_fail "seed 009: the typos of memory_lseek and open_port are reported" "$(cat "$log")"
	fi
fi


# --- the article's kmalloc example, as written ---
# param-count: is checked, the flags parameter has no param: block (its type
# comes from gfp_t, its description from @flags:), and KMALLOC_MAX_SIZE is
# no name the host knows: the compiler evaluates it, and proves min <= max.
article_test() {
	local c=$OUT/t/seeds/article-kmalloc.c hdr=$OUT/t/seeds/article-kmalloc.apispec.h

	# what <linux/slab.h> gives the file that kmalloc() is in
	CMP_DEFS=(-D"KMALLOC_MAX_SIZE=(1UL << 22)")

	{
		echo "typedef unsigned int gfp_t;"
		echo "#include \"article-kmalloc.apispec.h\""
		awk '/^```/ { if (on) exit; blk = ""; on = 0; inb = !inb; next }
		     inb { blk = blk $0 "\n"; if ($0 ~ /kmalloc - allocate kernel memory/) on = 1 }
		     END { printf "%s", blk }' "$1" | sed -n '/^\/\*\*/,/\*\//p'
		printf 'void *kmalloc(size_t size, gfp_t flags)\n{\n\treturn (void *)0;\n}\n'
	} > "$c"
	grep -q '^ \* param-count: 2$' "$c" || { echo "no kmalloc example in $1"; return 1; }
	gen "$c.err" -o "$hdr" "$c" || { cat "$c.err"; return 1; }
	[ -s "$c.err" ] && { cat "$c.err"; return 1; }
	grep -q '\.ext\.max = (s64)(KMALLOC_MAX_SIZE)' "$hdr" ||
		{ echo "KMALLOC_MAX_SIZE is not left to the compiler"; return 1; }
	grep -A3 '\.name = "flags"' "$hdr" | grep -q 'Allocation flags (GFP_\*)' ||
		{ echo "flags lacks its @flags: description"; return 1; }
	compare_model "$c" "$hdr" "$OUT/t/article.cmp.log" ||
		{ cat "$OUT/t/article.cmp.log"; return 1; }
	# the same range upside down: only the compiler can tell
	sed 's/range: 0, KMALLOC_MAX_SIZE/range: KMALLOC_MAX_SIZE, 0/' "$c" > "${c%.c}-swapped.c"
	gen "$c.err2" -o "${hdr%.apispec.h}-swapped.apispec.h" "${c%.c}-swapped.c" ||
		{ cat "$c.err2"; return 1; }
	if compare_model "${c%.c}-swapped.c" "${hdr%.apispec.h}-swapped.apispec.h" \
		"$OUT/t/article.swapped.log"; then
		echo "a range from KMALLOC_MAX_SIZE down to 0 built"
		return 1
	fi
	grep -q 'range: min KMALLOC_MAX_SIZE is greater than max 0' "$OUT/t/article.swapped.log" ||
		{ cat "$OUT/t/article.swapped.log"; return 1; }
}
log=$OUT/t/article.log
if [ -z "$SEEDS" ] || [ ! -f "$SEEDS/000-article.md" ]; then
	ktap_skip "seed article: the kmalloc example builds as written" \
		"seeds not available (../shared absent)"
elif article_test "$SEEDS/000-article.md" > "$log" 2>&1; then
	CMP_DEFS=()
	ktap_pass "seed article: the kmalloc example builds as written"
else
	CMP_DEFS=()
	ktap_fail "seed article: the kmalloc example builds as written" "$(cat "$log")"
fi

# --- corpora ---
# check_expect FILE KIND STDERR: every "/* expect: LINE: KIND: TEXT */" of
# FILE has a "FILE:LINE: KIND: ...TEXT..." line, and there are no others.
check_expect() {
	local file=$1 kind=$2 err=$3 log=$4 ok=0 want got line text

	want=$(grep -c "^/\* expect: [0-9]*: $kind: " "$file")
	got=$(grep -c "^$file:[0-9]*: $kind: " "$err")
	if [ "$want" = 0 ]; then
		echo "no '/* expect: LINE: $kind: TEXT */' line" >> "$log"
		return 1
	fi
	if [ "$want" != "$got" ]; then
		echo "expected $want ${kind}s, got $got" >> "$log"
		ok=1
	fi
	while IFS= read -r line; do
		text=${line#* $kind: }
		text=${text% \*/}
		line=${line#/\* expect: }
		line=${line%%:*}
		if ! grep "^$file:$line: $kind: " "$err" | grep -qF -- "$text"; then
			echo "missing: $file:$line: $kind: ...$text..." >> "$log"
			ok=1
		fi
	done < <(grep "^/\* expect: [0-9]*: $kind: " "$file")
	[ $ok = 0 ] || cat "$err" >> "$log"
	return $ok
}

mkdir -p "$OUT/t/bad" "$OUT/t/warn"
nbad=0
for src in bad/*.c; do
	name=$(basename "$src" .c)
	nbad=$((nbad + 1))
	log=$OUT/t/bad/$name.log
	hdr=$OUT/t/bad/$name.apispec.h
	: > "$log"
	echo "/* stale */" > "$hdr"	# a failed run must remove it
	gen "$OUT/t/bad/$name.err" -o "$hdr" "$src"
	rc=$?
	ok=1
	if [ $rc != 1 ]; then
		echo "exit status $rc, expected 1" >> "$log"
		ok=0
	fi
	if [ -e "$hdr" ]; then
		echo "$hdr left behind" >> "$log"
		ok=0
	fi
	check_expect "$src" error "$OUT/t/bad/$name.err" "$log" || ok=0
	if [ $ok = 1 ]; then
		ktap_pass "bad/$name"
	else
		ktap_fail "bad/$name" "$(cat "$log")"
	fi
done
if [ $nbad -ge 50 ]; then
	ktap_pass "bad/: at least 50 malformed inputs ($nbad)"
else
	echo "only $nbad" > "$OUT/t/nbad.log"
	ktap_fail "bad/: at least 50 malformed inputs" "$(cat "$OUT/t/nbad.log")"
fi

for src in warn/*.c; do
	name=$(basename "$src" .c)
	log=$OUT/t/warn/$name.log
	hdr=$OUT/t/warn/$name.apispec.h
	: > "$log"
	rm -f "$hdr"
	ok=1
	gen "$OUT/t/warn/$name.err" -o "$hdr" "$src"
	rc=$?
	if [ $rc != 0 ] || [ ! -s "$hdr" ]; then
		echo "exit status $rc or no header without -Werror" >> "$log"
		ok=0
	fi
	if grep -q ': error:' "$OUT/t/warn/$name.err"; then
		echo "errors where only warnings were expected" >> "$log"
		ok=0
	fi
	check_expect "$src" warning "$OUT/t/warn/$name.err" "$log" || ok=0
	gen "$OUT/t/warn/$name.werr" -Werror -o "$hdr" "$src"
	rc=$?
	if [ $rc != 1 ] || [ -e "$hdr" ]; then
		echo "-Werror: exit status $rc, header left: $([ -e "$hdr" ] && echo yes)" >> "$log"
		ok=0
	fi
	if [ $ok = 1 ]; then
		ktap_pass "warn/$name (and -Werror fails)"
	else
		ktap_fail "warn/$name (and -Werror fails)" "$(cat "$log")"
	fi
done

# --- command line ---
mkdir -p "$OUT/t/cli"
log=$OUT/t/cli/check.log
rm -f "$OUT/t/cli/x.apispec.h"
if gen "$log" --check -o "$OUT/t/cli/x.apispec.h" fixtures/rt-syscall.c &&
   [ ! -e "$OUT/t/cli/x.apispec.h" ]; then
	ktap_pass "cli: --check reports only, writes nothing"
else
	ktap_fail "cli: --check reports only, writes nothing" "$(cat "$log")"
fi

log=$OUT/t/cli/default.log
cp fixtures/rt-function.c "$OUT/t/cli/fn.c"
rm -f "$OUT/t/cli/fn.apispec.h"
if gen "$log" "$OUT/t/cli/fn.c" && [ -s "$OUT/t/cli/fn.apispec.h" ] &&
   grep -q "^DEFINE_KAPI_SPEC(kapi_fixture_copy)" "$OUT/t/cli/fn.apispec.h"; then
	ktap_pass "cli: without -o the header goes next to the source"
else
	ktap_fail "cli: without -o the header goes next to the source" "$(cat "$log")"
fi

log=$OUT/t/cli/determ.log
gen "$log" -o "$OUT/t/cli/a.h" fixtures/rt-syscall.c
gen "$log" -o "$OUT/t/cli/b.h" fixtures/rt-syscall.c
if cmp "$OUT/t/cli/a.h" "$OUT/t/cli/b.h" >> "$log" 2>&1; then
	ktap_pass "cli: output is deterministic"
else
	ktap_fail "cli: output is deterministic" "$(cat "$log")"
fi

log=$OUT/t/cli/missing.log
echo stale > "$OUT/t/cli/m.h"
gen "$log" -o "$OUT/t/cli/m.h" "$OUT/t/cli/does-not-exist.c"
rc=$?
if [ $rc = 1 ] && [ ! -e "$OUT/t/cli/m.h" ] &&
   grep -q "does-not-exist.c:0: error: cannot open" "$log"; then
	ktap_pass "cli: unreadable source is an error, stale header removed"
else
	ktap_fail "cli: unreadable source is an error, stale header removed" "$(cat "$log")"
fi

log=$OUT/t/cli/usage.log
ok=1
for args in "" "-x a.c" "a.c b.c" "-o"; do
	# shellcheck disable=SC2086
	gen "$OUT/t/cli/usage.err" $args
	rc=$?
	cat "$OUT/t/cli/usage.err" >> "$log"
	if [ $rc != 1 ] || ! grep -q '^usage: kapi-gen' "$OUT/t/cli/usage.err"; then
		echo "'kapi-gen $args': status $rc" >> "$log"
		ok=0
	fi
done
if [ $ok = 1 ]; then
	ktap_pass "cli: usage errors print usage and exit 1"
else
	ktap_fail "cli: usage errors print usage and exit 1" "$(cat "$log")"
fi

log=$OUT/t/cli/nospec.log
printf '/**\n * helper - not a spec\n * @a: b\n */\nint helper(int a);\n' > "$OUT/t/cli/nospec.c"
cat > "$OUT/t/cli/nospec.check.c" <<'EOF'
#include "kapi_shim.h"
#include GEN_HEADER
#include "check.h"
int main(void)
{
	CHECK_EQ(count_specs(), 0);
	return check_fails;
}
EOF
if gen "$log" -o "$OUT/t/cli/nospec.apispec.h" "$OUT/t/cli/nospec.c" &&
   compile_check "$OUT/t/cli/nospec" "$OUT/t/cli/nospec.apispec.h" \
	"$OUT/t/cli/nospec.check.c" "$log" && "$OUT/t/cli/nospec" >> "$log" 2>&1; then
	ktap_pass "cli: a file without specs still gets a header that compiles"
else
	ktap_fail "cli: a file without specs still gets a header that compiles" "$(cat "$log")"
fi

log=$OUT/t/cli/notspecs.log
cp "$HERE/fixtures/not-specs.c" "$OUT/t/cli/notspecs.c"
sed 's/nospec/notspecs/' "$OUT/t/cli/nospec.check.c" > "$OUT/t/cli/notspecs.check.c"
if gen "$log" -o "$OUT/t/cli/notspecs.apispec.h" "$OUT/t/cli/notspecs.c" &&
   ! grep -q . "$log" &&
   compile_check "$OUT/t/cli/notspecs" "$OUT/t/cli/notspecs.apispec.h" \
	"$OUT/t/cli/notspecs.check.c" "$log" && "$OUT/t/cli/notspecs" >> "$log" 2>&1; then
	ktap_pass "cli: kernel-doc of types and prose that starts like a key are no specs"
else
	ktap_fail "cli: kernel-doc of types and prose that starts like a key are no specs" "$(cat "$log")"
fi

# --- errnos are the target architecture's (kapi-gen --arch) ---
mkdir -p "$OUT/t/arch"
log=$OUT/t/arch/build.log
if "$CC" "${CFLAGS[@]}" -I"$KAPI" -idirafter "$INC" "$HERE/errno_header.c" \
	"${LIB_OBJ[@]}" -o "$OUT/t/arch/errno_header" > "$log" 2>&1; then
	for a in generic alpha mips parisc powerpc sparc; do
		"$OUT/t/arch/errno_header" "$a" > "$OUT/t/arch/$a.h" 2>> "$log" || break
	done
fi

# each numbering against the kernel tree's own headers, name by name
tree=${KAPI_SOURCE_TREE:-${KAPI_CACHE:-$HOME/.cache/kapi}/linux}
errno_tree_check() {
	local a inc names v t
	for a in generic alpha mips parisc powerpc sparc; do
		inc=$tree/arch/$a/include/uapi
		if [ "$a" = generic ]; then
			inc=$OUT/t/arch/generic-inc
			mkdir -p "$inc/asm"
			echo '#include <asm-generic/errno.h>' > "$inc/asm/errno.h"
		fi
		# every name of the headers and of the table
		names=$( (sed -n 's/^#define[ \t]\{1,\}\(E[A-Z0-9_]*\)[ \t].*/\1/p' \
			"$tree"/include/uapi/asm-generic/errno*.h \
			"$tree/include/linux/errno.h" "$inc/asm/errno.h"
			sed -n 's/^#define \(E[A-Z0-9_]*\) .*/\1/p' "$OUT/t/arch/$a.h") |
			sort -u)
		{
			echo '#include <linux/errno.h>'
			for v in $names; do echo "kapi_$v $v"; done
		} > "$OUT/t/arch/$a-tree.c"
		"$CC" -E -P -nostdinc -I"$inc" -I"$tree/include" -I"$tree/include/uapi" \
			"$OUT/t/arch/$a-tree.c" > "$OUT/t/arch/$a.i" || return 1
		# a name the architecture lacks stays a name
		sed -n 's/^kapi_//p' "$OUT/t/arch/$a.i" |
			grep -v '^\(E[A-Z0-9_]*\) \1$' | sort > "$OUT/t/arch/$a.tree"
		sed -n 's/^#define \(E[A-Z0-9_]*\) \([0-9]*\)$/\1 \2/p' "$OUT/t/arch/$a.h" |
			sort > "$OUT/t/arch/$a.table"
		[ "$(wc -l < "$OUT/t/arch/$a.tree")" -ge 150 ] ||
			{ echo "$a: only $(wc -l < "$OUT/t/arch/$a.tree") errnos in the tree"; return 1; }
		t=$(diff "$OUT/t/arch/$a.tree" "$OUT/t/arch/$a.table") ||
			{ echo "$a: < the tree's headers, > scripts/kapi/kapi_symbols.c"; echo "$t"; return 1; }
	done
}
if [ ! -f "$tree/include/uapi/asm-generic/errno.h" ]; then
	ktap_skip "errnos: the table is each architecture's <asm/errno.h>" \
		"no kernel tree in $tree"
elif t=$(errno_tree_check 2>&1); then
	ktap_pass "errnos: the table is each architecture's <asm/errno.h>"
else
	ktap_fail "errnos: the table is each architecture's <asm/errno.h>" "$t" "$(cat "$log")"
fi

# the generated header holds the target's numbers, and the target's
# compiler holds them to its own: a header made for one architecture
# does not compile for another
printf '#include "kapi_shim.h"\n#include ERRNOS\n#include GEN_HEADER\n' \
	> "$OUT/t/arch/tu.c"
arch_compiles() {
	"$CC" "${CFLAGS[@]}" -fsyntax-only -I"$OUT/t/arch" -I"$HERE/fixtures" \
		"${SHIM[@]}" -DERRNOS="\"$2.h\"" -DGEN_HEADER="\"$1.apispec.h\"" \
		"$OUT/t/arch/tu.c" >> "$log" 2>&1
}
log=$OUT/t/arch/gen.log
why=()
for a in generic parisc mips x86; do
	args=(--arch "$a")
	[ "$a" = generic ] && args=()
	gen "$log" "${args[@]}" -o "$OUT/t/arch/$a.apispec.h" fixtures/rt-syscall.c ||
		why+=("kapi-gen ${args[*]} failed")
done
grep -q '^KAPI_BUILD_ASSERT(EADDRINUSE == 98,' "$OUT/t/arch/generic.apispec.h" ||
	why+=("no EADDRINUSE == 98 without --arch")
grep -q '^KAPI_BUILD_ASSERT(EADDRINUSE == 226,' "$OUT/t/arch/parisc.apispec.h" ||
	why+=("no EADDRINUSE == 226 for parisc")
grep -q 'EOWNERDEAD (254) is past KAPI_ERRNO_MAP_BITS' "$OUT/t/arch/parisc.apispec.h" ||
	why+=("parisc's EOWNERDEAD (254) is not left out of errno_map")
grep -q 'KAPI_ERRNO_BIT(2, EOWNERDEAD)' "$OUT/t/arch/generic.apispec.h" ||
	why+=("asm-generic's EOWNERDEAD (130) is not in errno_map")
grep -q '^KAPI_BUILD_ASSERT(EDEADLOCK == 56,' "$OUT/t/arch/mips.apispec.h" ||
	why+=("no EDEADLOCK == 56 for mips")
cmp -s "$OUT/t/arch/generic.apispec.h" "$OUT/t/arch/x86.apispec.h" ||
	why+=("--arch x86 is not asm-generic")
for a in generic parisc mips; do
	arch_compiles "$a" "$a" ||
		why+=("the $a header does not compile with $a errnos")
done
arch_compiles generic parisc && why+=("the asm-generic header compiles with parisc errnos")
arch_compiles parisc generic && why+=("the parisc header compiles with asm-generic errnos")
grep -q 'EADDRINUSE is not 98 as scripts/kapi/kapi_symbols.c says for generic errnos (kapi-gen --arch)' \
	"$log" || why+=("no message naming the numbering and --arch")
gen "$OUT/t/arch/bad.err" --arch vax -o "$OUT/t/arch/vax.h" fixtures/rt-syscall.c
rc=$?
if [ $rc != 1 ] || [ -e "$OUT/t/arch/vax.h" ] ||
   ! grep -q "unknown architecture 'vax'" "$OUT/t/arch/bad.err"; then
	why+=("--arch vax: status $rc" "$(cat "$OUT/t/arch/bad.err")")
fi
if [ ${#why[@]} -eq 0 ]; then
	ktap_pass "errnos: --arch numbers them as the target, whose compiler agrees"
else
	ktap_fail "errnos: --arch numbers them as the target, whose compiler agrees" \
		"${why[@]}" "$(tail -n 20 "$log")"
fi

# --- constants and system call numbers are the target's (x86-64, arm64) ---
mkdir -p "$OUT/t/tables"
log=$OUT/t/tables/build.log
tables_ok=0
if "$CC" "${CFLAGS[@]}" -I"$KAPI" -idirafter "$INC" "$HERE/arch_tables.c" \
	"${LIB_OBJ[@]}" -o "$OUT/t/tables/arch_tables" > "$log" 2>&1 &&
   "$OUT/t/tables/arch_tables" x86 > "$OUT/t/tables/x86.tab" 2>> "$log" &&
   "$OUT/t/tables/arch_tables" arm64 > "$OUT/t/tables/arm64.tab" 2>> "$log"; then
	tables_ok=1
fi
CROSS=${CROSS_CC:-aarch64-linux-gnu-gcc}
command -v "$CROSS" > /dev/null 2>&1 || CROSS=

# "name nr" of table @1 (x86, arm64), sorted
table_nrs() {
	sed -n 's/^nr //p' "$OUT/t/tables/$1.tab" | sort
}

# what the tree builds <asm/unistd_64.h> from: its table, the ABIs the
# architecture asks for (scripts/Makefile.asm-headers, Makefile.syscalls)
tree_nrs() {
	awk -v abis="$2" 'BEGIN { n = split(abis, a, ","); for (i = 1; i <= n; i++) want[a[i]] = 1 }
		$1 ~ /^[0-9]+$/ && ($2 in want) { print $3, $1 }' "$1" | sort
}
syscall_tree_check() {
	local abis t

	t=$(diff <(tree_nrs "$tree/arch/x86/entry/syscalls/syscall_64.tbl" common,64) \
		<(table_nrs x86)) ||
		{ echo "x86-64: < syscall_64.tbl, > scripts/kapi/kapi_symbols.c"; echo "$t"; return 1; }
	abis=$(sed -n 's/^syscall_abis_64 *+= *//p' "$tree/arch/arm64/kernel/Makefile.syscalls" |
		tr ' ' ',')
	[ -n "$abis" ] || { echo "no syscall_abis_64 in arm64's Makefile.syscalls"; return 1; }
	t=$(diff <(tree_nrs "$tree/arch/arm64/tools/syscall_64.tbl" "common,64,$abis") \
		<(table_nrs arm64)) ||
		{ echo "arm64 ($abis): < syscall_64.tbl, > scripts/kapi/kapi_symbols.c"; echo "$t"; return 1; }
	[ "$(table_nrs arm64 | wc -l)" -ge 300 ] || { echo "arm64: too few"; return 1; }
}

# __NR_* of a <asm/unistd.h> as "name nr": the names from -dM, their
# values from expanding them (asm-generic's are __NR3264_* aliases)
unistd_nrs() {
	local cc=$1 names

	shift
	names=$(echo '#include <asm/unistd.h>' | "$cc" -E -dM "$@" - |
		sed -n 's/^#define __NR_\([a-z0-9_]*\) .*/\1/p' |
		grep -v '^syscalls$\|^arch_specific_syscall$' | sort -u) ||
		return 1
	{
		echo '#include <asm/unistd.h>'
		for v in $names; do echo "kapi_nr $v __NR_$v"; done
	} | "$cc" -E -P "$@" - | sed -n 's/^kapi_nr \([a-z0-9_]*\) (*\([0-9]*\))*$/\1 \2/p' | sort
}

# arm64 before 6.11 had asm-generic's list, with what its <asm/unistd.h>
# asked for; the numbers did not change when it moved to syscall.tbl
syscall_generic_check() {
	local t inc=$OUT/t/tables/generic-unistd

	mkdir -p "$inc/asm"
	printf '%s\n' '#define __ARCH_WANT_RENAMEAT' '#define __ARCH_WANT_NEW_STAT' \
		'#define __ARCH_WANT_SET_GET_RLIMIT' '#define __ARCH_WANT_MEMFD_SECRET' \
		'#include <asm-generic/unistd.h>' > "$inc/asm/unistd.h"
	echo '#include <asm-generic/bitsperlong.h>' > "$inc/asm/bitsperlong.h"
	t=$(diff <(unistd_nrs "$CC" -nostdinc -D__BITS_PER_LONG=64 -I"$inc" -I"$tree/include/uapi") \
		<(table_nrs arm64)) ||
		{ echo "arm64: < asm-generic/unistd.h, > scripts/kapi/kapi_symbols.c"; echo "$t"; return 1; }
}

# the cross compiler's headers may be older: what they have must match
syscall_cross_check() {
	local name nr mine n=0
	local -A ours

	unistd_nrs "$CROSS" > "$OUT/t/tables/cross.nrs" || return 1
	grep -q '^openat 56$' "$OUT/t/tables/cross.nrs" ||
		{ echo "no openat in $CROSS's <asm/unistd.h>"; return 1; }
	grep -q '^open ' "$OUT/t/tables/cross.nrs" && { echo "$CROSS has an open"; return 1; }
	# arm64's numbers by name, read once rather than once a syscall; a
	# name listed twice keeps both numbers, one a line, and so differs
	while read -r name nr; do
		[ -z "$name" ] || ours[$name]=${ours[$name]:+${ours[$name]}$'\n'}$nr
	done < <(table_nrs arm64)
	while read -r name nr; do
		mine=
		[ -z "$name" ] || mine=${ours[$name]:-}
		if [ "$mine" != "$nr" ]; then
			echo "__NR_$name: $CROSS says $nr, scripts/kapi/kapi_symbols.c '${mine}'"
			return 1
		fi
		n=$((n + 1))
	done < "$OUT/t/tables/cross.nrs"
	[ $n -ge 280 ] || { echo "only $n syscalls in $CROSS's headers"; return 1; }
}

# The uapi constants of a table as the architecture's compiler reads the
# tree's headers (unsanitized: headers_install would strip these guards);
# the kernel-internal ones (limits, PAGE_SIZE) are the build asserts' job.
const_tree_check() {
	local arch=$1 cc=$2 d=$OUT/t/tables/$1-uapi n

	mkdir -p "$d/fb/asm" "$d/fb/linux"
	for h in "$tree"/include/uapi/asm-generic/*.h; do
		echo "#include <asm-generic/${h##*/}>" > "$d/fb/asm/${h##*/}"
	done
	: > "$d/fb/linux/compiler_types.h"
	{
		printf '#include <linux/%s.h>\n' fcntl stat fs openat2 close_range limits
		sed -n 's/^const \([A-Za-z0-9_]*\) .*/kapi_v "\1" \1/p' "$OUT/t/tables/$arch.tab"
	} > "$d/names.c"
	"$cc" -E -P -nostdinc -D__EXPORTED_HEADERS__ -I"$tree/arch/$arch/include/uapi" \
		-I"$tree/include/uapi" -I"$d/fb" "$d/names.c" > "$d/names.i" || return 1
	# a name the headers lack stays a name
	{
		echo '#include <stdio.h>'
		echo 'int main(void) {'
		grep '^kapi_v "' "$d/names.i" | grep -v '^kapi_v "\([A-Za-z0-9_]*\)" \1$' |
			sed 's/^kapi_v \("[A-Za-z0-9_]*"\) \(.*\)$/printf("%s %llu\\n", \1, (unsigned long long)(\2));/'
		echo 'return 0; }'
	} > "$d/eval.c"
	"$CC" -w -o "$d/eval" "$d/eval.c" && "$d/eval" | sort > "$d/tree" || return 1
	n=$(wc -l < "$d/tree")
	[ "$n" -ge 90 ] || { echo "$arch: only $n constants in the headers"; return 1; }
	sed -n 's/^const //p' "$OUT/t/tables/$arch.tab" | sort | join - "$d/tree" |
		awk '$2 != $3 { print; bad = 1 } END { exit bad }' ||
		{ echo "$arch: name, scripts/kapi/kapi_symbols.c, the headers"; return 1; }
}

# table_case NAME NEEDS CHECK...: one result for CHECK; a skip when what
# NEEDS names ("tree", "cross" or both) is missing
table_case() {
	local t=$1 needs=$2 r
	shift 2
	if [[ $needs = *cross* ]] && [ -z "$CROSS" ]; then
		ktap_skip "$t" "no aarch64-linux-gnu-gcc (make check installs it; or set CROSS_CC)"
	elif [[ $needs = *tree* ]] && [ ! -f "$tree/include/uapi/asm-generic/unistd.h" ]; then
		ktap_skip "$t" "no kernel tree in $tree"
	elif [ $tables_ok = 0 ]; then
		ktap_fail "$t" "$(cat "$log")"
	elif r=$("$@" 2>&1); then
		ktap_pass "$t"
	else
		ktap_fail "$t" "$r"
	fi
}

table_case "syscalls: x86-64's and arm64's tables are the tree's syscall_64.tbl" tree \
	syscall_tree_check
table_case "syscalls: arm64's table is asm-generic/unistd.h as arm64 used it" tree \
	syscall_generic_check
table_case "constants: x86-64's table is the tree's uapi headers" tree \
	const_tree_check x86 "$CC"
table_case "syscalls: arm64's table agrees with the cross compiler's <asm/unistd.h>" cross \
	syscall_cross_check
table_case "constants: arm64's table is the tree's uapi headers, read by the cross compiler" \
	"tree cross" const_tree_check arm64 "$CROSS"

# kapi-gen --arch arm64 checks arm64's values where arm64 compiles, and
# nothing changes for x86; an architecture without tables says so
log=$OUT/t/tables/gen.log
: > "$log"
why=()
d=$OUT/t/tables
for a in x86 arm64 mips; do
	gen "$log" --arch "$a" -o "$d/$a.apispec.h" fixtures/rt-syscall.c ||
		why+=("kapi-gen --arch $a failed")
done
gen "$log" -o "$d/default.apispec.h" fixtures/rt-syscall.c
cmp -s "$d/default.apispec.h" "$d/x86.apispec.h" || why+=("--arch x86 is not the default")
grep -qx '#if defined(__x86_64__) && !defined(__ILP32__)' "$d/x86.apispec.h" ||
	why+=("the x86 checks are not under the x86-64 guard")
grep -qx '#if defined(__aarch64__)' "$d/arm64.apispec.h" ||
	why+=("the arm64 checks are not under #if defined(__aarch64__)")
grep -q '__x86_64__' "$d/arm64.apispec.h" && why+=("x86-64 in the arm64 header")
grep -q '^KAPI_BUILD_ASSERT(__NR_openat == 56,' "$d/arm64.apispec.h" ||
	why+=("no __NR_openat == 56 for arm64")
grep -q '^KAPI_BUILD_ASSERT((u64)(O_ACCMODE | O_CREAT | O_EXCL | O_LARGEFILE | O_TMPFILE) == 0x4240c3ULL,' \
	"$d/arm64.apispec.h" || why+=("openat's valid-mask is not arm64's O_LARGEFILE and O_TMPFILE")
grep -B1 '^KAPI_BUILD_ASSERT((u64)(MAX_RW_COUNT)' "$d/arm64.apispec.h" |
	grep -qx '#if defined(CONFIG_PAGE_SIZE_4KB)' ||
	why+=("arm64's MAX_RW_COUNT is checked whatever its page size")
[ "$(grep -c 'has no constants or system call numbers' "$d/mips.apispec.h")" = 1 ] ||
	why+=("the mips header does not say once that there are no tables")
grep -q '^#if defined(__\|^KAPI_BUILD_ASSERT(__NR_\|^KAPI_BUILD_ASSERT((u64)(O_' "$d/mips.apispec.h" &&
	why+=("the mips header checks constants or system call numbers")
grep -q '^KAPI_BUILD_ASSERT(EDEADLOCK == 56,' "$d/mips.apispec.h" ||
	why+=("the mips header does not check its errnos")
grep -q 'has no constants' "$d/arm64.apispec.h" "$d/x86.apispec.h" &&
	why+=("a header with tables says it has none")
# the host's compiler skips arm64's checks; the target's makes them
printf '#include "kapi_shim.h"\n#include GEN_HEADER\n' > "$d/tu.c"
tables_compile() {
	"$1" "${CFLAGS[@]}" -fsyntax-only -I"$d" -I"$HERE/fixtures" "${SHIM[@]}" \
		-DGEN_HEADER="\"$2\"" "${@:3}" "$d/tu.c" >> "$log" 2>&1
}
tables_compile "$CC" arm64.apispec.h || why+=("the arm64 header does not compile on the host")
if [ -n "$CROSS" ]; then
	CFLAGS_SAVED=("${CFLAGS[@]}")
	CFLAGS=(-std=gnu11 -Wall -Wextra -Werror)
	tables_compile "$CROSS" arm64.apispec.h -DCONFIG_PAGE_SIZE_4KB ||
		why+=("the arm64 header does not compile for arm64 (4K pages)")
	tables_compile "$CROSS" arm64.apispec.h || why+=("the arm64 header does not compile for arm64")
	# x86-64's values under arm64's guard: arm64's compiler refuses them
	sed 's/^#if defined(__x86_64__) && !defined(__ILP32__)$/#if defined(__aarch64__)/' \
		"$d/x86.apispec.h" > "$d/x86-as-arm64.apispec.h"
	tables_compile "$CROSS" x86-as-arm64.apispec.h &&
		why+=("x86-64's values pass arm64's compiler")
	grep -q 'kapi: fixtures/rt-syscall.c:[0-9]*: __NR_openat is not 257 as scripts/kapi/kapi_symbols.c says' \
		"$log" || why+=("no message for x86-64's __NR_openat on arm64")
	CFLAGS=("${CFLAGS_SAVED[@]}")
fi
if [ ${#why[@]} -eq 0 ]; then
	ktap_pass "kapi-gen --arch arm64: arm64's values under __aarch64__, x86's header unchanged, mips says it has no tables"
else
	ktap_fail "kapi-gen --arch arm64: arm64's values under __aarch64__, x86's header unchanged, mips says it has no tables" \
		"${why[@]}" "$(tail -n 20 "$log")"
fi

log=$OUT/t/cli/tmp.log
find "$OUT/t" -name '*.tmp*' > "$log"
if [ ! -s "$log" ]; then
	ktap_pass "cli: no temporary files left behind"
else
	ktap_fail "cli: no temporary files left behind" "$(cat "$log")"
fi

# --- sanitizers over everything above ---
ktap_sanitizer_result 51
ktap_finish
