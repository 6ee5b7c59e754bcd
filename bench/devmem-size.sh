#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# devmem-size.sh: with KUnit off, drivers/char/mem.o must be the same size
# with our /dev/mem changes (kernel-doc, mem.h, VISIBLE_IF_KUNIT,
# INLINE_VISIBLE_IF_KUNIT, EXPORT_SYMBOL_IF_KUNIT) as without them.
#
# Configures tinyconfig + config/base.config (CONFIG_KUNIT and
# CONFIG_KAPI_SPEC off) for the pristine tree and for the prepared tree
# ($KAPI_CACHE/linux, after scripts/tree.sh), builds only
# drivers/char/mem.o in each, prints `size` of both and exits non-zero
# when text, data or bss differ. Builds in $KAPI_CACHE/devmem-size/.
# With --kunit, also builds the prepared tree with CONFIG_KUNIT=y and the
# tests on, to show what the test build adds (informational).
set -euo pipefail
. "$(dirname "$0")/../scripts/lib.sh"

work=$KAPI_CACHE/devmem-size
frag=$KAPI_TOP/config/base.config
mkdir -p "$work"

# build_obj NAME SRC [EXTRA-FRAGMENT]: drivers/char/mem.o of SRC
build_obj() {
	local name=$1 src=$2 extra=${3:-} bdir=$work/build-$1
	local frags=("$frag")

	[ -n "$extra" ] && frags+=("$extra")
	mkdir -p "$bdir"
	make -s -C "$src" O="$bdir" tinyconfig > "$work/$name.log" 2>&1
	(cd "$bdir" && "$src/scripts/kconfig/merge_config.sh" -m -O "$bdir" \
		"$bdir/.config" "${frags[@]}") >> "$work/$name.log" 2>&1
	make -s -C "$src" O="$bdir" olddefconfig >> "$work/$name.log" 2>&1
	if [ -z "$extra" ] && grep -qE '^CONFIG_(KUNIT|KAPI_SPEC)=y' "$bdir/.config"; then
		kapi_die "$name: KUnit or kapi is on; the comparison needs both off"
	fi
	make -C "$src" O="$bdir" -j"$KAPI_JOBS" drivers/char/mem.o \
		>> "$work/$name.log" 2>&1 || kapi_die "$name: build failed, see $work/$name.log"
	echo "$bdir/drivers/char/mem.o"
}

[ -f "$KAPI_SRC/drivers/char/mem.h" ] ||
	kapi_die "no prepared tree with drivers/char/mem.h; run scripts/tree.sh"
rm -rf "$work/pristine"
mkdir -p "$work/pristine"
kapi_pgit archive pristine | tar -x -C "$work/pristine"

kapi_step "building drivers/char/mem.o, pristine and ours, KUnit off"
old=$(build_obj pristine "$work/pristine")
new=$(build_obj ours "$KAPI_SRC")
size "$old" "$new"
a=$(size "$old" | awk 'NR == 2 { print $1, $2, $3 }')
b=$(size "$new" | awk 'NR == 2 { print $1, $2, $3 }')

if [ "${1:-}" = --kunit ]; then
	printf 'CONFIG_KUNIT=y\nCONFIG_DEVMEM_KUNIT_TEST=y\n' > "$work/kunit.config"
	kapi_step "building ours with KUnit and the devmem tests (informational)"
	size "$(build_obj ours-kunit "$KAPI_SRC" "$work/kunit.config")"
fi

if [ "$a" = "$b" ]; then
	echo "drivers/char/mem.o: same text/data/bss with and without our changes ($a)"
else
	echo "drivers/char/mem.o: text/data/bss differ: pristine $a, ours $b" >&2
	exit 1
fi
