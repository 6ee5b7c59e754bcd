#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# kconfig-pairs.sh [-t 1|2] [-n]
#
# Kconfig combinations of the kapi options in the test kernel's
# configuration, chosen by scripts/pairwise from config/kconfig-pairs: with
# -t 1 (make test) every value of every kapi option is built at least
# once, with -t 2 (make check's kconfig-pairs job) every pair of values of
# two options. The test kernel, built warning-free just before, is the
# seed: what it holds
# is covered already, so its values are not built again. Each combination
# is printed (-n: only printed), then built, vmlinux and modules, in a
# build directory of its own that starts as a copy of the test kernel's:
# Kbuild then recompiles what its recorded dependencies say reads the
# options the combination changes (kernel/api, the files with specs and
# module loading: about 45 of 1220 objects, since no header that most
# files include names a kapi option) and links. That is what a full build
# of the combination compiles differently, and the objects it keeps are
# what the full build would compile, warning-free already; so it catches
# what a full build catches: compile
# errors and warnings under those values, and at link time a symbol used
# under one option and defined under another. One KTAP result per
# combination: ok when it builds without a warning or an error. A
# combination whose inputs (the test kernel's configuration, the overlay,
# the patches, these functions) are those of its last clean build is not
# built again (KAPI_CHECK_KERNELS=force builds it), and after a change only
# what the change touches is recompiled in each directory.
#
# Not varied here: DEBUG_FS, MODULES and KUNIT (on in the test kernel).
# make check's kconfig jobs build every combination without them on
# tinyconfig (scripts/check-kernels.sh).
set -uo pipefail
. "$(dirname "$0")/lib.sh"
. "$KAPI_TOP/tests/lib/ktap.sh"

t=1 list=
while getopts t:n opt; do
	case $opt in
	t) t=$OPTARG ;;
	n) list=1 ;;
	*) kapi_die "usage: kconfig-pairs.sh [-t 1|2] [-n]" ;;
	esac
done
pairwise=$KAPI_OUT/host/pairwise
test=$KAPI_CACHE/build-test
base=$test/.config
desc=$KAPI_TOP/config/kconfig-pairs
logdir=$KAPI_OUT/kconfig-pairs

[ -x "$pairwise" ] || kapi_die "no $pairwise (make host-tools)"
[ -f "$base" ] || kapi_die "no $base: build the test kernel first"

# the test kernel's values of the factors, as a seed line
seed=seed
for f in $(awk '$1 == "factor" { print $2 }' "$desc"); do
	v=$(sed -nE "s/^CONFIG_$f=(.*)$/\1/p; s/^# CONFIG_$f is not set$/n/p" "$base")
	seed+=" $f=${v:--}"
done
mapfile -t combos < <(cat "$desc" - <<< "$seed" | "$pairwise" -t "$t") ||
	kapi_die "pairwise failed on $desc"
if [ -n "$list" ]; then
	printf '%s\n' "${combos[@]}"
	exit 0
fi
mkdir -p "$logdir"

# build_combo BUILDDIR LOG OPTION=VALUE...: the test kernel's configuration
# with the options set ("-": left to Kconfig, the option does not exist),
# built cleanly in BUILDDIR, a copy of the test kernel's to begin with
build_combo() {
	local bdir=$1 log=$2 o frag=$1.fragment seedcfg
	shift 2
	seedcfg=$(sha1sum < "$base")
	if [ "$(cat "$bdir/.kapi-seed" 2> /dev/null)" != "$seedcfg" ]; then
		rm -rf "$bdir"
		cp -a "$test" "$bdir" || return 1
		rm -f "$bdir"/boot-*
		echo "$seedcfg" > "$bdir/.kapi-seed"
	fi
	for o in "$@"; do
		case ${o#*=} in
		-) ;;
		n) echo "# CONFIG_${o%%=*} is not set" ;;
		*) echo "CONFIG_$o" ;;
		esac
	done > "$frag"
	cp "$base" "$bdir/.config"
	KAPI_BASECONFIG=olddefconfig kapi_configure "$bdir" "$log" "$frag" || return 1
	kapi_kmake "$bdir" -j"$KAPI_JOBS" KAPI_GEN_FLAGS=-Werror vmlinux modules >> "$log" 2>&1 ||
		{ grep -E 'error|Error' "$log" | head -5; return 1; }
	! grep -E '(warning|error):' "$log"
}

inputs=$(kapi_kernel_inputs "$base" -- build_combo kapi_configure kapi_kmake \
	kapi_cross kapi_arch_of)

# What keeps a combination cheap, held: in the test kernel, only kapi's own
# objects may depend on a kapi option (fixdep records the options a file
# or any header it includes names): kernel/api, lib/kapi, the generator, the files
# with specs (an apispec- line of their Makefile), module loading and the
# linker scripts. A header most files include that named one would make a
# combination recompile most of the kernel again.
reach() {
	local f o mk bad=()
	while read -r f; do
		o=${f%.cmd}
		o=${o%/*}/${o##*/.}
		mk=$KAPI_SRC/${o%/*}/Makefile
		case $o in
		kernel/api/*|lib/kapi/*|scripts/kapi/*|kernel/module/main.o|*/vmlinux.lds) continue ;;
		esac
		grep -qsE "^apispec-.*[[:space:]]${o##*/}([[:space:]]|\$)" "$mk" ||
			bad+=("$o")
	done < <(cd "$test" && grep -rlE --include='*.cmd' 'include/config/KAPI_' . |
		 sed 's|^\./||' | LC_ALL=C sort)
	[ ${#bad[@]} -eq 0 ] && return 0
	echo "${#bad[@]} other object(s) depend on a kapi option: ${bad[*]}"
	return 1
}
ktap_check "kconfig: only kapi's own objects depend on the kapi options" reach

kapi_step "kconfig: ${#combos[@]} combination(s) with the test kernel cover every" \
	"$([ "$t" = 1 ] && echo value || echo pair of values) of the kapi options"
i=0
for c in "${combos[@]}"; do
	i=$((i + 1))
	# shellcheck disable=SC2086
	set -- $c
	id=$(echo "$c" | sha1sum | cut -c1-12)
	bdir=$KAPI_CACHE/build-kc-$id
	ktap_diag "combination $i: $c (build-kc-$id)"
	kapi_step "kconfig combination $i of ${#combos[@]}: $c"
	if [ "${KAPI_CHECK_KERNELS:-}" != force ] &&
	   [ "$(cat "$bdir.passed" 2> /dev/null)" = "$inputs" ]; then
		ktap_pass "kconfig $c (inputs unchanged since it last built cleanly)"
		continue
	fi
	rm -f "$bdir.passed"
	start=$(date +%s)
	if why=$(build_combo "$bdir" "$logdir/$id.log" "$@" 2>&1); then
		echo "$inputs" > "$bdir.passed"
		ktap_pass "kconfig $c ($(($(date +%s) - start)) s)"
	else
		ktap_fail "kconfig $c" "$why"
	fi
done
ktap_finish
