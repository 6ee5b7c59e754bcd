#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# check-kernels.sh
#
# Build the prepared tree in every combination of the kapi Kconfig options
# on tinyconfig, as the kernel test robot would, and print one KTAP result
# per combination: ok when the build succeeds without a warning or error.
#
# The options: KAPI_SPEC; with it KAPI_SPEC_DEBUGFS (needs DEBUG_FS), the
# run-time checks (none, syscalls, syscalls and functions) and
# KAPI_KUNIT_TEST (with KUNIT); each with and without DEBUG_FS and
# MODULES (with MODULES, KAPI_TEST_MODULE=m too). That is 40 kernels.
#
# Each combination has a build directory of its own, so a change rebuilds
# only what it touches. A combination whose inputs (its configuration, the
# overlay, the patches, the generator) are those of its last passing build
# is not built again: its result is that build's. KAPI_CHECK_KERNELS=force
# rebuilds them all. Cold (ccache empty) this is about 40 tinyconfig builds.
set -uo pipefail
. "$(dirname "$0")/lib.sh"
. "$KAPI_TOP/tests/lib/ktap.sh"

mkdir -p "$KAPI_OUT/check-kernels"

# What every combination is built from, as one hash: the overlay less its
# documentation and user-space tools, the patches and this script.
inputs=$( (cd "$KAPI_TOP" && find linux patches -type f \
	   -not -path 'linux/Documentation/*' -not -path 'linux/tools/*' -print0 |
	   sort -z | xargs -0 sha1sum; cat "$0") | sha1sum | cut -d' ' -f1)

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
		for sdfs in n y; do
			[ $sdfs = y ] && [ $dfs = n ] && continue
			for rt in n y fn; do
			for kt in n y; do
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

# build_one NAME OPTIONS...: 0 when the combination builds cleanly
build_one() {
	local name=$1 bdir=$KAPI_CACHE/build-kc-$1 log=$KAPI_OUT/check-kernels/$1.log
	local frag=$bdir.config want sym val got targets=(vmlinux)
	shift
	mkdir -p "$bdir"
	{
		echo "CONFIG_64BIT=y"
		for o in "$@"; do
			sym=${o%%=*}
			val=${o#*=}
			if [ "$val" = n ]; then
				echo "# CONFIG_$sym is not set"
			else
				echo "CONFIG_$sym=$val"
			fi
		done
	} > "$frag"
	kmake() { make -C "$KAPI_SRC" O="$bdir" CC="ccache gcc" HOSTCC="ccache gcc" "$@"; }
	{
		kmake -s tinyconfig &&
		(cd "$bdir" && "$KAPI_SRC/scripts/kconfig/merge_config.sh" -m \
			-O "$bdir" "$bdir/.config" "$frag") &&
		kmake -s olddefconfig
	} > "$log" 2>&1 || { echo "configuration failed, see $log"; return 1; }
	# every option asked for must be what the configuration has
	for o in CONFIG_64BIT=y "${@/#/CONFIG_}"; do
		want=${o#*=}
		got=$(sed -nE "s/^${o%%=*}=(.*)$/\1/p" "$bdir/.config")
		[ "${got:-n}" = "$want" ] ||
			{ echo "${o%%=*}=$want became ${got:-n} in $bdir/.config"; return 1; }
	done
	grep -q '^CONFIG_MODULES=y' "$bdir/.config" && targets+=(modules)
	kmake -j"$KAPI_JOBS" KAPI_GEN_FLAGS=-Werror "${targets[@]}" >> "$log" 2>&1 ||
		{ grep -E 'error|Error' "$log" | head -5; return 1; }
	if grep -E '(warning|error):' "$log"; then
		return 1
	fi
	return 0
}

n=$(combos | wc -l)
kapi_step "building $n kapi Kconfig combinations on tinyconfig"
while read -r name opts; do
	stamp=$KAPI_CACHE/build-kc-$name.passed
	# shellcheck disable=SC2086
	if [ "${KAPI_CHECK_KERNELS:-}" != force ] && [ -f "$stamp" ] &&
	   [ "$(cat "$stamp")" = "$inputs $opts" ]; then
		ktap_pass "kconfig: $opts (inputs unchanged since it last built cleanly)"
		continue
	fi
	rm -f "$stamp"
	# shellcheck disable=SC2086
	if why=$(build_one "$name" $opts 2>&1); then
		echo "$inputs $opts" > "$stamp"
		ktap_pass "kconfig: $opts"
	else
		ktap_fail "kconfig: $opts" "$why"
	fi
done < <(combos)
ktap_finish
