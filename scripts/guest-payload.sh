#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# guest-payload.sh DIR
#
# Build the programs the guest runs into DIR (tests/ for the test job,
# run.d/ for the demo): every kselftest directory we ship under
# linux/tools/testing/selftests/, compiled static against the prepared tree.
set -euo pipefail
. "$(dirname "$0")/lib.sh"

dir=${1:?usage: guest-payload.sh DIR}
rm -rf "$dir"
mkdir -p "$dir/tests" "$dir/run.d"
cp -a "$KAPI_TOP/scripts/initramfs/run.d/." "$dir/run.d/" 2>/dev/null || true

for st in "$KAPI_TOP"/linux/tools/testing/selftests/*/; do
	[ -d "$st" ] || continue
	name=$(basename "$st")
	make -s -C "$KAPI_SRC/tools/testing/selftests/$name" \
		OUTPUT="$dir/build-$name" CC=gcc CFLAGS="-O2 -static -Wall" >&2 ||
		kapi_die "building selftest $name failed"
	for prog in "$dir/build-$name"/*; do
		[ -x "$prog" ] && [ -f "$prog" ] && cp "$prog" "$dir/tests/$name-$(basename "$prog")"
	done
	rm -rf "$dir/build-$name"
done
