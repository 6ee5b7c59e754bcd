#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# boot.sh [-t SECONDS] [-a "EXTRA QEMU ARGS"] IMAGE INITRAMFS LOG [CMDLINE...]
#
# Boot IMAGE (an x86 bzImage on a q35 machine, or an arm64 Image on a virt
# machine) under QEMU (TCG) with a serial console copied to LOG. Fails, showing
# the last 50 console lines, if the guest hangs past the timeout, panics,
# QEMU dies, or /init never reaches power-off.
set -euo pipefail
. "$(dirname "$0")/lib.sh"

limit=${KAPI_BOOT_TIMEOUT:-600}
extra=
while getopts t:a: opt; do
	case $opt in
	t) limit=$OPTARG ;;
	a) extra=$OPTARG ;;
	*) kapi_die "usage: boot.sh [-t SECONDS] [-a QEMUARGS] IMAGE INITRAMFS LOG [CMDLINE...]" ;;
	esac
done
shift $((OPTIND - 1))
[ $# -ge 3 ] || kapi_die "usage: boot.sh [-t SECONDS] [-a QEMUARGS] IMAGE INITRAMFS LOG [CMDLINE...]"
kernel=$1 initrd=$2 log=$3
shift 3
[ -f "$kernel" ] || kapi_die "no kernel image $kernel"
[ -f "$initrd" ] || kapi_die "no initramfs $initrd"
mkdir -p "$(dirname "$log")"

fail() {
	echo "error: $*" >&2
	echo "---- last 50 console lines ($log) ----" >&2
	tail -n 50 "$log" >&2
	echo "----" >&2
	exit 1
}

# One host thread runs every vCPU unless KAPI_TCG_THREAD=multi. Under QEMU
# 7.2's multi-threaded TCG a static key flipped while another vCPU runs the
# patched code ends in "Oops: int3" within seconds, with or without kapi
# (the kernel's own timer key does it too: make boot-robustness -k); in
# single-threaded TCG it never did (README, make boot-robustness).
tcg=${KAPI_TCG_THREAD:-single}
# An arm64 Image has "ARM\x64" at byte 56 (Documentation/arch/arm64/booting.rst).
if [ "$(od -An -c -j56 -N4 "$kernel" | tr -d ' ')" = ARMd ]; then
	machine=(qemu-system-aarch64 -machine virt -cpu cortex-a57)
	console=ttyAMA0
else
	machine=(qemu-system-x86_64 -machine q35 -cpu max)
	console=ttyS0
fi
kapi_step "booting $(basename "$kernel") under QEMU/TCG ($tcg-threaded) (timeout ${limit}s, log $log)"
start=$(date +%s)
set +e
# shellcheck disable=SC2086
timeout --kill-after=10 "$limit" "${machine[@]}" -accel tcg,thread="$tcg" \
	-smp "${KAPI_SMP:-2}" -m 512M -nographic -no-reboot -monitor none \
	-serial stdio -kernel "$kernel" -initrd "$initrd" $extra \
	-append "console=$console panic=-1 oops=panic $*" < /dev/null > "$log" 2>&1
rc=$?
set -e
kapi_step "guest ran $(( $(date +%s) - start )) s"

[ "$rc" -eq 124 ] && fail "the guest hung: no power-off within ${limit}s"
[ "$rc" -eq 137 ] && fail "QEMU was killed (SIGKILL) mid-run"
[ "$rc" -ne 0 ] && fail "QEMU exited with status $rc (killed or crashed mid-run)"
grep -q 'Kernel panic' "$log" && fail "the kernel panicked"
grep -q '^kapi-init: done, powering off' "$log" ||
	fail "the guest stopped before /init finished (no power-off line)"
exit 0
