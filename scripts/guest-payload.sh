#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# guest-payload.sh DIR [BUILD]
#
# Build the programs the guest runs into DIR: tests/ for the test job (each
# kselftest we ship under linux/tools/testing/selftests/: its C programs
# compiled static against the prepared tree, its shell scripts as they
# are, with kselftest/ktap_helpers.sh where they look for it), ksft/ (the
# kapi selftests installed by kselftest's Makefile) and run.d/ for the
# demo. With BUILD, a kernel build directory, the modules it built
# go to modules/ (the guest's /kapi/modules).
set -euo pipefail
. "$(dirname "$0")/lib.sh"

dir=${1:?usage: guest-payload.sh DIR [BUILD]}
build=${2:-}
rm -rf "$dir"
mkdir -p "$dir/tests" "$dir/run.d"
if [ -n "$build" ] && [ -s "$build/modules.order" ]; then
	mkdir -p "$dir/modules"
	sed 's/\.o$/.ko/' "$build/modules.order" | while read -r m; do
		cp "$build/$m" "$dir/modules/" || kapi_die "module $m was not built"
	done
fi
cp -a "$KAPI_TOP/scripts/initramfs/run.d/." "$dir/run.d/" 2>/dev/null || true

sel=$KAPI_SRC/tools/testing/selftests
for st in "$KAPI_TOP"/linux/tools/testing/selftests/*/; do
	[ -d "$st" ] || continue
	name=$(basename "$st")
	for src in "$sel/$name"/*.c; do
		[ -f "$src" ] || continue
		gcc -static -O2 -Wall -Wextra -Werror -I"$sel" \
			-o "$dir/tests/$name-$(basename "$src" .c)" "$src" ||
			kapi_die "building selftest $name/$(basename "$src") failed"
	done
	for sh in "$sel/$name"/*.sh; do
		[ -f "$sh" ] || continue
		install -D -m 644 "$sel/kselftest/ktap_helpers.sh" \
			"$dir/kselftest/ktap_helpers.sh"
		install -m 755 "$sh" "$dir/tests/$name-$(basename "$sh")"
	done
done

# The same selftests as kselftest installs them (run_kselftest.sh and its
# runner), built static by their own Makefile outside the tree.
ksft_log=$dir/ksft-build.log
make -C "$sel" O="$dir/ksft-build" CC="gcc -static" TARGETS=kapi \
	INSTALL_PATH="$dir/ksft" install > "$ksft_log" 2>&1 ||
	kapi_die "make -C tools/testing/selftests TARGETS=kapi install failed; see $ksft_log"
rm -rf "$dir/ksft-build" "$ksft_log"

# tools/kapi for the guest (kapi probe), static like the selftests
mkdir -p "$dir/bin"
make -s -C "$KAPI_TOP/linux/tools/kapi" OUTPUT="$dir/kapi-build/" \
	EXTRA_LDFLAGS=-static EXTRA_LDLIBS=-lz > "$dir/kapi-build.log" 2>&1 ||
	kapi_die "building a static tools/kapi for the guest failed; see $dir/kapi-build.log"
mv "$dir/kapi-build/kapi" "$dir/bin/kapi"
rm -rf "$dir/kapi-build" "$dir/kapi-build.log"
