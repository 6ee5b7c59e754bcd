#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# guest-payload.sh DIR BUILD
#
# Build the programs the guest runs into DIR: the kselftests we ship for
# the test job (tests/, and ksft/ for kselftest's own runner) and run.d/
# for the demo, against the UAPI headers of BUILD, the guest kernel's
# build directory, for its architecture. The modules BUILD built go to
# modules/ (the guest's /kapi/modules).
set -euo pipefail
. "$(dirname "$0")/lib.sh"

dir=${1:?usage: guest-payload.sh DIR BUILD}
build=${2:?usage: guest-payload.sh DIR BUILD}
arch=$(kapi_arch_of "$build")
cc=$(kapi_cross "$arch")gcc
rm -rf "$dir"
mkdir -p "$dir/tests" "$dir/run.d"
if [ -s "$build/modules.order" ]; then
	mkdir -p "$dir/modules"
	sed 's/\.o$/.ko/' "$build/modules.order" | while read -r m; do
		cp "$build/$m" "$dir/modules/" || kapi_die "module $m was not built"
	done
fi
cp -a "$KAPI_TOP/scripts/initramfs/run.d/." "$dir/run.d/" 2>/dev/null || true

# Each kselftest collection we ship under linux/tools/testing/selftests/,
# built static by its own Makefile outside the tree and installed as
# kselftest installs it (ksft/: run_kselftest.sh, its runner, the list);
# tests/ holds the same programs for the test job's runner, named
# COLLECTION-TEST, with kselftest/ktap_helpers.sh where the shell tests
# look for it.
sel=$KAPI_SRC/tools/testing/selftests
targets=$(cd "$KAPI_TOP/linux/tools/testing/selftests" && ls -d -- */ | tr -d / | tr '\n' ' ')
# With O= kselftest takes the UAPI headers from O/usr/include: the guest
# kernel's own, which also serve -m32 (Debian's 64-bit asm/ headers do not).
ksft_log=$dir/ksft-build.log
kapi_kmake "$build" -s headers > "$ksft_log" 2>&1 ||
	kapi_die "make headers in $build failed; see $ksft_log"
# The selftests' and the guest tool's objects stay in BUILD between runs,
# so make rebuilds only what changed; they go when the UAPI headers they
# were compiled against change, which the selftests' Makefiles do not
# track, and when the checkout moves: their dependency files name the
# sources by absolute path, and another checkout's are not ours.
hdrs=$( (echo "$KAPI_TOP"
	 cd "$build/usr/include" && find . -type f -print0 | LC_ALL=C sort -z |
	 xargs -0 sha1sum) | sha1sum)
if [ "$(cat "$build/kselftest.headers" 2> /dev/null)" != "$hdrs" ]; then
	rm -rf "$build/kselftest" "$build/kapi-guest"
	echo "$hdrs" > "$build/kselftest.headers"
fi
make -C "$sel" O="$build" ARCH="$arch" CC="$cc -static -Werror" TARGETS="$targets" \
	INSTALL_PATH="$dir/ksft" install >> "$ksft_log" 2>&1 ||
	kapi_die "make -C tools/testing/selftests TARGETS=\"$targets\" install failed; see $ksft_log"
rm -f "$ksft_log"
install -D -m 644 "$dir/ksft/kselftest/ktap_helpers.sh" "$dir/kselftest/ktap_helpers.sh"
while IFS=: read -r coll test; do
	cp "$dir/ksft/$coll/$test" "$dir/tests/$coll-$test"
done < "$dir/ksft/kselftest-list.txt"

# tools/kapi for the guest (kapi probe), static like the selftests
mkdir -p "$dir/bin"
make -s -C "$KAPI_TOP/linux/tools/kapi" OUTPUT="$build/kapi-guest/" CC="$cc" \
	EXTRA_LDFLAGS=-static EXTRA_LDLIBS=-lz > "$dir/kapi-build.log" 2>&1 ||
	kapi_die "building a static tools/kapi for the guest failed; see $dir/kapi-build.log"
cp "$build/kapi-guest/kapi" "$dir/bin/kapi"
rm -f "$dir/kapi-build.log"
