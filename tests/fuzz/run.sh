#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# run.sh OUTDIR SECONDS - build the kapi parser fuzz target (libFuzzer +
# ASan + UBSan) and run it for SECONDS on one core, seeded with the
# generator tests' good fixtures, warnings and malformed corpus. Prints the
# number of executions; exits non-zero on a crash (the input is kept in
# OUTDIR/crashes/). OUTDIR/corpus is kept, so runs add up.
#
# The parser compares nearly every byte with a constant, so libFuzzer's
# comparison tracing halves the speed for little gain; the dictionary
# (kapi.dict) supplies the tokens instead. FUZZ_TRACE_CMP=1 puts it back,
# FUZZ_MAX_LEN changes the input size limit (2048: a whole spec comment).
set -u

OUT=${1:?usage: run.sh OUTDIR SECONDS}
SECS=${2:?usage: run.sh OUTDIR SECONDS}
mkdir -p "$OUT" || exit 1
OUT=$(cd "$OUT" && pwd)
HERE=$(cd "$(dirname "$0")" && pwd)
ROOT=$(cd "$HERE/../.." && pwd)
KAPI=$ROOT/linux/scripts/kapi
CLANG=${CLANG:-$(command -v clang-14 || command -v clang)}

if [ -z "$CLANG" ]; then
	echo "run.sh: clang not found" >&2
	exit 1
fi

"$CLANG" -std=gnu11 -g -O1 -fno-omit-frame-pointer \
	-fsanitize=fuzzer,address,undefined -fno-sanitize-recover=undefined \
	$([ "${FUZZ_TRACE_CMP:-0}" = 1 ] || echo -fno-sanitize-coverage=trace-cmp) \
	-I"$KAPI" -idirafter "$ROOT/linux/include" "$HERE/fuzz_parse.c" \
	$(ls "$KAPI"/kapi_gen*.c | grep -v _main) \
	$(sed -n '/^kapi-gen-objs/,/^$/p' "$KAPI/Makefile" |
	  grep -o 'kapi_[a-z_]*\.o' | grep -v '^kapi_gen' |
	  sed "s|^|$KAPI/|; s|\.o\$|.c|") \
	-o "$OUT/fuzz_parse" || exit 1

# seeds: read-only input directory; the fuzzer grows its own corpus
mkdir -p "$OUT/seeds" "$OUT/corpus" "$OUT/crashes"
cp "$ROOT"/tests/generator/fixtures/rt-*.c "$ROOT"/tests/generator/bad/*.c \
	"$ROOT"/tests/generator/warn/*.c "$OUT/seeds/"
for s in "$ROOT"/../shared/seeds/00[4569]-*.patch; do
	[ -f "$s" ] && "$ROOT"/tests/generator/extract_seed.sh "$s" \
		> "$OUT/seeds/seed-$(basename "$s" .patch).c"
done

"$OUT/fuzz_parse" -max_len="${FUZZ_MAX_LEN:-2048}" -max_total_time="$SECS" -timeout=10 \
	-rss_limit_mb=1024 -dict="$HERE/kapi.dict" -print_final_stats=1 \
	-artifact_prefix="$OUT/crashes/" "$OUT/corpus" "$OUT/seeds" \
	> "$OUT/fuzz.log" 2>&1
rc=$?

execs=$(sed -n 's/^stat::number_of_executed_units: *//p' "$OUT/fuzz.log" | tail -1)
echo "executions: ${execs:-0}"
echo "corpus: $(ls "$OUT/corpus" | wc -l) inputs"
if [ $rc != 0 ] || [ -n "$(ls "$OUT/crashes")" ]; then
	echo "crashes:"
	ls "$OUT/crashes"
	grep -m1 -A20 'ERROR:\|runtime error' "$OUT/fuzz.log"
	exit 1
fi
echo "crashes: 0"
