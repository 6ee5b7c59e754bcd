#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# make bench: figures, not tests. Prints
#  - structural bytes per spec (data model, host ABI = kernel ABI on x86-64)
#  - syscall cost in guest instructions (QEMU -icount: 1 ns == 1 instruction)
#    on a kernel with the checks compiled out and, in one boot, with the
#    checks built in and mode off / warn.
set -euo pipefail
. "$(dirname "$0")/../scripts/lib.sh"

out=$KAPI_OUT/bench
mkdir -p "$out"
"$KAPI_TOP/scripts/deps.sh"
make -s -C "$KAPI_TOP" host-tools

gcc -std=gnu11 -O2 -Wall -Wextra -Werror -o "$out/spec-size" \
	"$KAPI_TOP/bench/spec-size.c"
echo "== structural bytes per spec"
"$out/spec-size" || true

"$KAPI_TOP/scripts/tree.sh"
"$KAPI_TOP/scripts/build.sh" -n bench base kunit kapi
"$KAPI_TOP/scripts/build.sh" -n nochecks base kunit kapi nochecks

payload=$out/payload
"$KAPI_TOP/scripts/guest-payload.sh" "$payload"
mkdir -p "$payload/bench"
gcc -static -O2 -Wall -Wextra -Werror -o "$payload/bench/syscall-cost" \
	"$KAPI_TOP/bench/syscall-cost.c"
"$KAPI_TOP/scripts/initramfs.sh" "$out/initramfs.cpio.gz" "$payload"

icount="-icount shift=0,align=off,sleep=off"
for k in nochecks bench; do
	KAPI_SMP=1 "$KAPI_TOP/scripts/boot.sh" -a "$icount" \
		"$KAPI_CACHE/build-$k/arch/x86/boot/bzImage" \
		"$out/initramfs.cpio.gz" "$out/$k.console.log" kapi_job=bench
done

cat "$out"/nochecks.console.log "$out"/bench.console.log |
	sed -n 's/\r$//; s/^kapi-bench: //p' > "$out/figures"
awk -v specs="$(grep -c . "$out/figures")" '
	{ read[$1] = $3; getppid[$1] = $5 }
	END {
		base_r = read["compiled-out"]; base_g = getppid["compiled-out"]
		printf "== syscall cost in guest instructions per call (QEMU -icount)\n"
		printf "%-14s %10s %8s %10s %8s\n", "kernel/mode", "read", "delta", "getppid", "delta"
		n = split("compiled-out mode-off mode-warn", order, " ")
		for (i = 1; i <= n; i++) {
			k = order[i]
			if (!(k in read))
				continue
			printf "%-14s %10.1f %+7.1f%% %10.1f %+7.1f\n", k, read[k],
			       100 * (read[k] - base_r) / base_r, getppid[k],
			       getppid[k] - base_g
		}
		printf "goals: warn on read <= +5%%; getppid <= +2; mode off on read <= +1 instruction\n"
	}' "$out/figures"
