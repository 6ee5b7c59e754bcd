#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# Everything `make test` runs: host tests, then the kernel built with kapi
# and KUnit, booted under QEMU running every suite and selftest. Each step
# leaves KTAP under out/test/; one summary reads them all and prints
# "N passed, N failed, N skipped" as the last line.
set -uo pipefail
. "$(dirname "$0")/lib.sh"
. "$KAPI_TOP/tests/lib/ktap.sh"

res=$KAPI_OUT/test
host=$KAPI_OUT/host
rm -rf "$res"
mkdir -p "$res" "$host"

"$KAPI_TOP/scripts/deps.sh" || kapi_die "installing dependencies failed"
make -s -C "$KAPI_TOP" host-tools || kapi_die "building host tools failed"

# The harness steps are test results too, so a kernel that does not build
# or boot shows up in the summary's counts, not only in the exit status.
step() {
	local name=$1
	shift
	if "$@"; then
		ktap_pass "harness: $name"
		return 0
	fi
	ktap_fail "harness: $name"
	return 1
}
kapi_boot_sequence -s step test "$host/payload" "$host/initramfs-test.cpio.gz" \
	"$res/guest.console.log" kapi_job=test
ktap_print > "$res/harness.ktap"
kernel=$(kapi_image_of "$KAPI_CACHE/build-test")

# New code is expected to be clean of W=1 warnings.
if [ -f "$kernel" ]; then
	kapi_step "W=1 compile of our kernel files"
	"$KAPI_TOP/scripts/w1-check.sh" > "$res/w1.ktap" 2> "$res/w1.err"
fi

# Host tests run after the kernel, so tools/kapi's tests can compare the
# vmlinux just built with its sources and with the guest's debugfs.
if [ -f "$res/guest.console.log" ] &&
   kapi_debugfs_snapshot "$res/guest.console.log" "$host/debugfs-snapshot"; then
	export KAPI_DEBUGFS_SNAPSHOT=$host/debugfs-snapshot
fi
[ -f "$kernel" ] && export KAPI_VMLINUX=$KAPI_CACHE/build-test/vmlinux
[ -f "$res/guest.console.log" ] && export KAPI_GUEST_LOG=$res/guest.console.log
for t in "$KAPI_TOP"/tests/*/run.sh; do
	case $t in */fuzz/*) continue ;; esac  # make fuzz runs it, bounded
	suite=$(basename "$(dirname "$t")")
	kapi_step "host tests: $suite"
	"$t" "$host" > "$res/host-$suite.ktap" 2> "$res/host-$suite.err"
done

# Every kapi Kconfig combination, defconfig and clang kernels booted; slow when
# cold (see README). KAPI_CHECK_KERNELS=skip leaves it out, as a skip.
if [ "${KAPI_CHECK_KERNELS:-}" = skip ]; then
	printf 'KTAP version 1\n1..1\nok 1 check-kernels # SKIP KAPI_CHECK_KERNELS=skip\n' \
		> "$res/check-kernels.ktap"
else
	kapi_step "check-kernels: kapi Kconfig combinations, defconfig and clang kernels"
	"$KAPI_TOP/scripts/check-kernels.sh" > "$res/check-kernels.ktap" 2> "$res/check-kernels.err"
	# the defconfig and clang kernels' guest runs, clang's W=1 results
	cp "$KAPI_OUT"/check-kernels/*.console.log "$KAPI_OUT"/check-kernels/*.ktap \
		"$res/" 2> /dev/null
fi

# every suite of the x86 test kernel; the arm64 kernel's log (check-kernels)
# has its own names checked there
expect=()
while read -r s; do
	expect+=(--expect "$s")
done < <(kapi_expected_suites x86)

logs=("$res"/*.ktap)
for l in "$res"/*.console.log; do
	[ -f "$l" ] && logs+=("$l")
done
exec "$host/ktap-summary" "${expect[@]}" "${logs[@]}"
