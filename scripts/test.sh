#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# Everything `make test` runs: the test kernel built with kapi and KUnit
# (warnings fail it) and booted under QEMU running every suite, selftest,
# conformance test and the probe; W=1 and sparse on our kernel files; the
# Kconfig combinations that build every value of every kapi option; the
# host test suites. Each step leaves KTAP under out/test/; one summary reads
# them all and prints "N passed, N failed, N skipped" as the last line.
#
# The guest runs on one host core (single-threaded TCG), so the steps that
# do not need its log run beside it, at most $KAPI_JOBS things at a time;
# the host suites that read its log (errnos, debugfs) run after it.
set -uo pipefail
. "$(dirname "$0")/lib.sh"
. "$KAPI_TOP/tests/lib/ktap.sh"

res=$KAPI_OUT/test
host=$KAPI_OUT/host
rm -rf "$res"
mkdir -p "$res" "$host"
begin=$SECONDS

"$KAPI_TOP/scripts/deps.sh" || kapi_die "installing dependencies failed"
make -s -C "$KAPI_TOP" host-tools || kapi_die "building host tools failed"

# The harness steps are test results too, so a kernel that does not build
# or boot shows up in the summary's counts, not only in the exit status.
# A boot whose kernel, guest programs and command line are those of its
# last passing boot is not run again: its console log is that boot's.
# Otherwise the boot starts in the background; boot_finish records it.
expect=()
while read -r s; do
	expect+=(--expect "$s")
done < <(kapi_expected_suites x86)
build=$KAPI_CACHE/build-test
guest_log=$res/guest.console.log
boot_pid='' boot_key=''
step() {
	local name=$1 t0=$SECONDS
	shift
	if [ "$name" = "boot and power off" ]; then
		boot_key=$(kapi_boot_key "$build" "$host/payload" "$*")
		if kapi_boot_reuse "$build" test "$boot_key" "$guest_log"; then
			ktap_pass "harness: $name (kernel and guest programs unchanged since it last passed)"
			return 0
		fi
		boot_start=$SECONDS
		{ "$@"; echo $? > "$res/boot.rc"; } > "$res/boot.out" 2>&1 &
		boot_pid=$!
		return 0
	fi
	if "$@"; then
		ktap_pass "harness: $name ($((SECONDS - t0)) s)"
		return 0
	fi
	ktap_fail "harness: $name"
	return 1
}
boot_finish() {
	[ -n "$boot_pid" ] || return 0
	wait "$boot_pid"
	boot_pid=''
	cat "$res/boot.out" >&2
	if [ "$(cat "$res/boot.rc" 2> /dev/null)" = 0 ]; then
		ktap_pass "harness: boot and power off ($((SECONDS - boot_start)) s)"
		"$host/ktap-summary" "${expect[@]}" "$guest_log" > /dev/null &&
			kapi_boot_passed "$build" test "$boot_key" "$guest_log"
	else
		ktap_fail "harness: boot and power off" "$(tail -n 20 "$res/boot.out")"
	fi
}
kapi_boot_sequence -w -s step test "$host/payload" "$host/initramfs-test.cpio.gz" \
	"$guest_log" kapi_job=test
kernel=$(kapi_image_of "$build")

# lane NAME OUTPUT CMD...: CMD > OUTPUT in the background once fewer than
# $KAPI_JOBS things run (the guest counts as one); its cost is printed when
# it ends. OUTPUT -: CMD writes where it wants. The lanes are the
# parallelism: CMD itself runs with KAPI_JOBS=1, so that it does not take
# the core the guest runs on.
lane() {
	local name=$1 out=$2
	shift 2
	while [ "$(jobs -rp | wc -l)" -ge "$KAPI_JOBS" ]; do
		wait -n
	done
	{
		local t0=$SECONDS
		if [ "$out" = - ]; then
			KAPI_JOBS=1 "$@"
		else
			KAPI_JOBS=1 "$@" > "$out" 2> "${out%.ktap}.err"
		fi
		kapi_step "$name ($((SECONDS - t0)) s)"
	} &
}

# The compiles beside the guest, one after the other (two kernel builds at
# once would only fight over the core the guest leaves): W=1 and sparse on
# our files, then the Kconfig combinations that, with the test kernel,
# build every value of every kapi option (scripts/kconfig-pairs.sh prints
# which; make check builds every pair of values).
kernel_builds() {
	local t0=$SECONDS
	"$KAPI_TOP/scripts/w1-check.sh" > "$res/w1.ktap" 2> "$res/w1.err"
	kapi_step "W=1 and sparse on our kernel files ($((SECONDS - t0)) s)"
	"$KAPI_TOP/scripts/kconfig-pairs.sh" -t 1 > "$res/kconfig.ktap"
}

# what the guest left for errnos and debugfs: its log and its debugfs copy
# (once: a suite may be reading the copy already)
guest_seen=
guest_outputs() {
	[ -z "$guest_seen" ] && [ -f "$guest_log" ] || return 0
	guest_seen=1
	export KAPI_GUEST_LOG=$guest_log
	kapi_debugfs_snapshot "$guest_log" "$host/debugfs-snapshot" &&
		export KAPI_DEBUGFS_SNAPSHOT=$host/debugfs-snapshot
}

if [ -f "$kernel" ] && [ -f "$build/vmlinux" ]; then
	lane "kernel builds beside the guest" - kernel_builds
	export KAPI_VMLINUX=$build/vmlinux
fi
# Host suites, the slowest first; errnos and debugfs compare the vmlinux
# just built with what the guest saw, so while the guest runs they wait
# for it.
suites=()
for t in generator tool series "$KAPI_TOP"/tests/*/run.sh; do
	t=${t%/run.sh}
	t=${t##*/}
	case " ${suites[*]} " in *" $t "*) continue ;; esac
	[ "$t" = fuzz ] || suites+=("$t")	# make fuzz runs it, bounded
done
after=()
for suite in "${suites[@]}"; do
	if [ -n "$boot_pid" ] && { [ "$suite" = errnos ] || [ "$suite" = debugfs ]; }; then
		after+=("$suite")
		continue
	fi
	case $suite in errnos|debugfs) guest_outputs ;; esac
	lane "host tests: $suite" "$res/host-$suite.ktap" "$KAPI_TOP/tests/$suite/run.sh" "$host"
done
boot_finish
ktap_print > "$res/harness.ktap"
for suite in "${after[@]}"; do
	guest_outputs
	lane "host tests: $suite" "$res/host-$suite.ktap" "$KAPI_TOP/tests/$suite/run.sh" "$host"
done
wait
kapi_step "make test: $((SECONDS - begin)) s"

logs=("$res"/*.ktap)
for l in "$res"/*.console.log; do
	[ -f "$l" ] && logs+=("$l")
done
exec "$host/ktap-summary" "${expect[@]}" "${logs[@]}"
