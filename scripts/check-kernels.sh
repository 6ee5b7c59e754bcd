#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# check-kernels.sh JOB
#
# The kernels of make check's matrix (scripts/check.sh lists its jobs),
# one job per call, printing KTAP:
#
# kconfig-dfsD-modM: every combination of the kapi Kconfig options on
# tinyconfig with DEBUG_FS=D and MODULES=M, as the kernel test robot would
# build them; ok when one builds without a warning or error. The options:
# KAPI_SPEC; with it KAPI_SPEC_DEBUGFS (needs DEBUG_FS), the run-time
# checks (none, syscalls, syscalls and functions) and KAPI_KUNIT_TEST (with
# KUNIT); with MODULES, KAPI_TEST_MODULE=m too. That is 40 kernels in four
# jobs. (make test builds a pairwise-covering set of them in the test
# kernel's configuration: scripts/kconfig-pairs.sh.)
#
# defconfig, clang, arm64: kernels built with warnings as errors and booted
# running the test job: x86_64_defconfig with what distributions add
# (config/distro.config) and kapi, its selftests run a second time through
# kselftest's runner; the test kernel built with clang, with a W=1 pass of
# our files under clang; the test kernel for arm64 (whose vmlinux
# tools/kapi reads here).
#
# The combinations of a kconfig job share a build directory and are built
# one after the other in it: the kapi options are read by few files, so
# each after the first costs a partial rebuild and a link. A combination
# whose inputs (its configuration, the overlay, the patches, the generator)
# are those of its last passing build is not built again: its result is
# that build's. KAPI_CHECK_KERNELS=force rebuilds them all.
set -uo pipefail
. "$(dirname "$0")/lib.sh"
. "$KAPI_TOP/tests/lib/ktap.sh"

job=${1:?usage: check-kernels.sh JOB (scripts/check.sh --list)}
mkdir -p "$KAPI_OUT/check-kernels"

# The combinations differ in include/generated/autoconf.h, which every file
# includes: ccache's depend mode (lib.sh) would miss on all of them, while
# its preprocessor mode finds the objects whose code the options leave alone.
unset CCACHE_DEPEND

# combos: lines of "NAME OPTION=VALUE..."
combos() {
	local dfs mods spec sdfs rt kt
	for dfs in n y; do
	for mods in n y; do
		echo "nospec-dfs$dfs-mod$mods DEBUG_FS=$dfs MODULES=$mods KAPI_SPEC=n"
		# KUNIT outermost: toggling it rebuilds the most
		for kt in n y; do
		for sdfs in n y; do
			[ $sdfs = y ] && [ $dfs = n ] && continue
			for rt in n y fn; do
				spec="KAPI_SPEC=y KAPI_SPEC_DEBUGFS=$sdfs"
				case $rt in
				n) spec+=" KAPI_RUNTIME_CHECKS=n KAPI_RUNTIME_FUNCTION_CHECKS=n" ;;
				y) spec+=" KAPI_RUNTIME_CHECKS=y KAPI_RUNTIME_FUNCTION_CHECKS=n" ;;
				fn) spec+=" KAPI_RUNTIME_CHECKS=y KAPI_RUNTIME_FUNCTION_CHECKS=y" ;;
				esac
				spec+=" KUNIT=$kt KAPI_KUNIT_TEST=$kt"
				if [ $mods = y ]; then
					spec+=" MODULE_UNLOAD=y KAPI_TEST_MODULE=m"
				fi
				echo "spec-dfs$dfs-mod$mods-sdfs$sdfs-rt$rt-kt$kt DEBUG_FS=$dfs MODULES=$mods $spec"
			done
			done
		done
	done
	done
}

# build_one GROUP NAME OPTIONS...: 0 when the combination builds cleanly
# in GROUP's build directory. Combinations of a group differ only in kapi
# options, so Kbuild rebuilds what reads them and links again.
build_one() {
	local bdir=$KAPI_CACHE/build-kc-$1 name=$2 log=$KAPI_OUT/check-kernels/$2.log
	local frag=$KAPI_CACHE/build-kc-$1.config targets=(vmlinux)
	shift 2
	mkdir -p "$bdir"
	{
		echo "CONFIG_64BIT=y"
		for o in "$@"; do
			if [ "${o#*=}" = n ]; then
				echo "# CONFIG_${o%%=*} is not set"
			else
				echo "CONFIG_$o"
			fi
		done
	} > "$frag"
	kapi_configure "$bdir" "$log" "$frag" || return 1
	grep -q '^CONFIG_MODULES=y' "$bdir/.config" && targets+=(modules)
	kapi_kmake "$bdir" -j"$KAPI_JOBS" KAPI_GEN_FLAGS=-Werror "${targets[@]}" >> "$log" 2>&1 ||
		{ grep -E 'error|Error' "$log" | head -5; return 1; }
	! grep -E '(warning|error):' "$log"
}

# boot_step DESCRIPTION CMD...: the steps of boot_job's boot sequence as
# results. A boot whose kernel, modules and guest programs are those of its
# last passing boot is not run again: its console log is that boot's.
boot_step() {
	local what=$1 build=$KAPI_CACHE/build-$bj seen sum s expect=()
	local payload=$KAPI_OUT/check-kernels/payload-$bj log=$KAPI_OUT/check-kernels/$bj.console.log
	shift
	if [ "$what" = "boot and power off" ]; then
		seen=$(kapi_boot_key "$build" "$payload" "$*")
		if kapi_boot_reuse "$build" test "$seen" "$log"; then
			ktap_pass "$bj: $what (kernel and guest programs unchanged since it last passed)"
			return 0
		fi
	fi
	if why=$("$@" 2>&1); then
		ktap_pass "$bj: $what"
	else
		ktap_fail "$bj: $what" "$(tail -n 20 <<< "$why")"
		return 1
	fi
	[ "$what" = "boot and power off" ] || return 0
	while read -r s; do
		expect+=(--expect "$s")
	done < <(kapi_expected_suites "$(kapi_arch_of "$build")")
	if sum=$("$KAPI_OUT/host/ktap-summary" "${expect[@]}" "$log"); then
		kapi_boot_passed "$build" test "$seen" "$log"
		ktap_pass "$bj: guest tests: ${sum##*$'\n'}"
	else
		ktap_fail "$bj: guest tests: ${sum##*$'\n'}" "$(grep -a '^ *not ok' "$log" | head -20)"
	fi
}

# boot_job NAME CMDLINE [kapi_boot_sequence OPTIONS...]: build and boot
# kernel NAME running the test job (KUnit suites, selftests, and
# conformance tests in warn mode, which fail on any checker report); its
# console log is $KAPI_OUT/check-kernels/NAME.console.log.
boot_job() {
	local cmdline=$2
	bj=$1
	shift 2
	kapi_step "$bj kernel with kapi: build and boot"
	# shellcheck disable=SC2086
	kapi_boot_sequence "$@" -s boot_step "$bj" "$KAPI_OUT/check-kernels/payload-$bj" \
		"$KAPI_OUT/check-kernels/initramfs-$bj.cpio.gz" \
		"$KAPI_OUT/check-kernels/$bj.console.log" $cmdline
}

# ksft_compare NAME: in kernel NAME's console log, every selftest has the
# same result (ok, skip, not ok) through kselftest's run_kselftest.sh
# (lines "kapi-ksft: ") as through the test job's own runner.
ksft_compare() {
	local log=$KAPI_OUT/check-kernels/$1.console.log test ours theirs n=0
	while read -r test ours theirs; do
		n=$((n + 1))
		if [ "$ours" = "$theirs" ]; then
			ktap_pass "$1: run_kselftest.sh: kapi:$test: $theirs, as in the test job"
		else
			ktap_fail "$1: run_kselftest.sh: kapi:$test: $theirs, the test job: $ours"
		fi
	done < <(tr -d '\r' < "$log" | awk '
		function status(line) {
			if (line ~ /^not ok/) return "fail"
			return line ~ /# SKIP/ ? "skip" : "ok"
		}
		/^kapi-ksft: (not )?ok [0-9]+ selftests: kapi: / {
			line = substr($0, 12); t = line
			sub(/.*selftests: kapi: /, "", t); sub(/ .*/, "", t)
			theirs[t] = status(line)
		}
		/^(not )?ok [0-9]+ kapi-/ {
			t = $0; sub(/^(not )?ok [0-9]+ kapi-/, "", t); sub(/ .*/, "", t)
			ours[t] = status($0)
		}
		END {
			for (t in ours) print t, ours[t], (t in theirs) ? theirs[t] : "missing"
			for (t in theirs) if (!(t in ours)) print t, "missing", theirs[t]
		}' | sort)
	[ "$n" -gt 0 ] || ktap_fail "$1: run_kselftest.sh: no selftest results in $log"
}

# What every combination is built from, with the functions that make and
# build the combinations.
inputs=$(kapi_kernel_inputs -- combos build_one kapi_configure kapi_kmake \
	kapi_cross kapi_arch_of)

# kconfig_job GROUP: the combinations of GROUP (dfsD-modM)
kconfig_job() {
	local name opts group stamp
	kapi_step "building the kapi Kconfig combinations of $1 on tinyconfig"
	while read -r name opts; do
		group=${name#*-}
		group=${group%%-sdfs*}
		[ "$group" = "$1" ] || continue
		stamp=$KAPI_CACHE/build-kc-$group/$name.passed
		if [ "${KAPI_CHECK_KERNELS:-}" != force ] && [ -f "$stamp" ] &&
		   [ "$(cat "$stamp")" = "$inputs $opts" ]; then
			ktap_pass "kconfig: $opts (inputs unchanged since it last built cleanly)"
			continue
		fi
		rm -f "$stamp"
		# shellcheck disable=SC2086
		if why=$(build_one "$group" "$name" $opts 2>&1); then
			echo "$inputs $opts" > "$stamp"
			ktap_pass "kconfig: $opts"
		else
			ktap_fail "kconfig: $opts" "$why"
		fi
	done < <(combos)
	[ "$ktap_n" -gt 0 ] || ktap_fail "kconfig: no combination in group $1"
}

# x86_64_defconfig as a distribution builds it, with kapi, warning-free.
# Its selftests run a second time through kselftest's own runner.
defconfig_job() {
	boot_job defconfig "kapi_job=test kapi_ksft=1" -b x86_64_defconfig -w \
		-f "base x86 distro kunit kapi kapitest" && ksft_compare defconfig
}

# The test kernel with clang and the LLVM tools, warning-free, and our
# files clean of W=1 warnings under clang too.
clang_job() {
	if boot_job clang kapi_job=test -l -w -f +clang; then
		"$KAPI_TOP/scripts/w1-check.sh" -l > "$KAPI_OUT/check-kernels/w1-clang.ktap" \
			2> "$KAPI_OUT/check-kernels/w1-clang.err"
		if sum=$("$KAPI_OUT/host/ktap-summary" "$KAPI_OUT/check-kernels/w1-clang.ktap"); then
			ktap_pass "clang: W=1 on our files: ${sum##*$'\n'}"
		else
			ktap_fail "clang: W=1 on our files: ${sum##*$'\n'}" \
				"$(grep -a '^ *not ok' "$KAPI_OUT/check-kernels/w1-clang.ktap")"
		fi
	fi
}

# arm64 with Debian's cross gcc on QEMU's virt machine: the test kernel's
# configuration less what is x86's, warning-free, running the test job;
# tools/kapi on this host reads the specs of its vmlinux as the guest's
# debugfs shows them.
arm64_job() {
	local snap vm
	if boot_job arm64 kapi_job=test -A arm64 -w; then
		snap=$KAPI_OUT/check-kernels/arm64-debugfs
		vm=$KAPI_CACHE/build-arm64/vmlinux
		if ! kapi_debugfs_snapshot "$KAPI_OUT/check-kernels/arm64.console.log" "$snap"; then
			ktap_fail "arm64: the test job printed no copy of the kapi debugfs"
		elif why=$("$KAPI_OUT/host/kapi" diff "vmlinux:$vm" "debugfs:$snap" 2>&1); then
			ktap_pass "arm64: kapi diff vmlinux:arm64 debugfs:arm64-guest is identical"
		else
			ktap_fail "arm64: kapi diff vmlinux:arm64 debugfs:arm64-guest is identical" "$why"
		fi
		if [ -d "$snap" ] &&
		   cmp -s <("$KAPI_OUT/host/kapi" --vmlinux "$vm" -j show) \
			  <("$KAPI_OUT/host/kapi" --debugfs "$snap" -j show); then
			ktap_pass "arm64: every spec's JSON the same from the vmlinux (read here) and the guest"
		else
			ktap_fail "arm64: every spec's JSON the same from the vmlinux (read here) and the guest"
		fi
	fi
}

case $job in
kconfig-dfs[ny]-mod[ny]) kconfig_job "${job#kconfig-}" ;;
defconfig|clang|arm64) rm -f "$KAPI_OUT/check-kernels/$job".*; "${job}_job" ;;
*) kapi_die "no job $job (scripts/check.sh --list)" ;;
esac
ktap_finish
