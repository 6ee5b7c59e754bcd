#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# boot-robustness.sh [-n BOOTS] [-s MB] [-t single|multi] [-k timer|kapi]
#                     [-c "KERNEL ARGS"]
#
# Boot x86_64_defconfig with what distributions add (config/distro.config)
# BOOTS times (default 50) with kapi (its run-time checks in warn mode)
# and BOOTS times built the same without kapi, each with an initramfs that
# carries MB (default 64) of incompressible data, and print how many boots
# of each kernel oopsed, panicked or hung, with the first report line of
# each. Figures, not a test: the output is a table, and the exit status is
# non-zero only when the kapi kernel failed more boots than the other.
# -t picks QEMU's TCG threading (boot.sh's default: single). With -k,
# each boot runs the keyflip job instead of nothing: it flips a static key
# (the kernel's timer_migration one, or kapi's check mode) 20000 times
# under load, to tell a kapi fault from one in live patching under TCG.
# -c adds words to every boot's kernel command line (kunit.enable=0 boots
# without the KUnit suites, whose mode switches patch code on SMP).
# Console logs of failed boots: out/boot-robustness/.
set -euo pipefail
. "$(dirname "$0")/lib.sh"

boots=50 mb=64 job=none extra=
while getopts n:s:t:k:c: opt; do
	case $opt in
	n) boots=$OPTARG ;;
	s) mb=$OPTARG ;;
	t) export KAPI_TCG_THREAD=$OPTARG ;;
	k) job="keyflip keyflip=$OPTARG" ;;
	c) extra=$OPTARG ;;
	*) kapi_die "usage: boot-robustness.sh [-n BOOTS] [-s MB] [-t single|multi] [-k timer|kapi] [-c ARGS]" ;;
	esac
done
out=$KAPI_OUT/boot-robustness
mkdir -p "$out"

"$KAPI_TOP/scripts/tree.sh"
# The kapi kernel is check-kernels' defconfig build (same name, same
# fragments, so either reuses the other's); the twin leaves kapi out.
"$KAPI_TOP/scripts/build.sh" -n defconfig -b x86_64_defconfig -w \
	base x86 distro kunit kapi kapitest
# kapi's key is not in the other kernel: -k kapi boots only the first
[ "$job" = "keyflip keyflip=kapi" ] ||
	"$KAPI_TOP/scripts/build.sh" -n defconfig-nokapi -b x86_64_defconfig -w \
		base x86 distro kunit

# busybox and /init only (no job runs: kapi_job=none; the KUnit suites
# built in run at boot, and kapi's switch the check mode), then the padding
# as a second cpio member, as a distribution's initramfs has firmware and
# modules after the early part.
"$KAPI_TOP/scripts/initramfs.sh" "$out/base.cpio.gz"
pad=$(mktemp -d)
trap 'rm -rf "$pad"' EXIT
mkdir -p "$pad/root/pad"
head -c "${mb}M" /dev/urandom > "$pad/root/pad/data"
(cd "$pad/root" && find . | cpio -o -H newc --owner=0:0 --quiet) | gzip -1 > "$pad/pad.cpio.gz"
cat "$out/base.cpio.gz" "$pad/pad.cpio.gz" > "$out/initramfs.cpio.gz"
rm -rf "$pad"
size=$(( $(stat -c %s "$out/initramfs.cpio.gz") / 1048576 ))

# boot_many NAME: BOOTS boots; prints "NAME failed seconds" and one
# "  boot N: line" per failure
boot_many() {
	local name=$1 i failed=0 start log why
	start=$(date +%s)
	for i in $(seq 1 "$boots"); do
		log=$out/$name-$i.console.log
		# $job unquoted: the job's name and its own parameters are
		# separate words of the kernel command line
		# shellcheck disable=SC2086
		if "$KAPI_TOP/scripts/boot.sh" -t 300 \
			"$(kapi_image_of "$KAPI_CACHE/build-$name")" \
			"$out/initramfs.cpio.gz" "$log" kapi_job=$job $extra \
			> /dev/null 2>&1 &&
		   { [ "$job" = none ] || grep -aq '^keyflip: .* flipped' "$log"; }; then
			rm -f "$log"
			continue
		fi
		failed=$((failed + 1))
		why=$(grep -a -m1 -E 'Oops|BUG:|Kernel panic|WARNING:|^keyflip:' "$log" |
		      tr -d '\r' || true)
		echo "  $name boot $i: ${why:-hung or stopped without a report}" >&2
	done
	echo "$name $failed $(( $(date +%s) - start ))"
}

kapi_step "$boots boots of each kernel, initramfs $size MB, job $job, TCG ${KAPI_TCG_THREAD:-single}-threaded${extra:+, kernel args: $extra}"
read -r _ fail_kapi s_kapi < <(boot_many defconfig)
printf '%-22s %6s %7s %10s\n' kernel boots failed s/boot
printf '%-22s %6d %7d %10d\n' "defconfig with kapi" "$boots" "$fail_kapi" $((s_kapi / boots))
[ "$job" = "keyflip keyflip=kapi" ] && exit 0
read -r _ fail_none s_none < <(boot_many defconfig-nokapi)
printf '%-22s %6d %7d %10d\n' "defconfig without" "$boots" "$fail_none" $((s_none / boots))
[ "$fail_kapi" -le "$fail_none" ]
