#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# The main job behind `make run`: prepare the tree, build the kernel with
# kapi, boot it under QEMU and show what it reports.
set -euo pipefail
. "$(dirname "$0")/lib.sh"

host=$KAPI_OUT/host
log=$KAPI_OUT/run/guest.console.log
mkdir -p "$host" "$(dirname "$log")"

"$KAPI_TOP/scripts/deps.sh"
make -s -C "$KAPI_TOP" host-tools
kapi_boot_sequence test "$host/payload" "$host/initramfs-test.cpio.gz" "$log" \
	kapi_job=run

echo
echo "---- what the guest reported (full log: $log) ----"
sed -n 's/\r$//; s/^kapi-run: //p' "$log"
echo
echo "---- tools/kapi on the built vmlinux ----"
echo "\$ kapi --vmlinux vmlinux list"
"$host/kapi" --vmlinux "$KAPI_CACHE/build-test/vmlinux" list
echo "\$ kapi --vmlinux vmlinux show read --format json -p"
"$host/kapi" --vmlinux "$KAPI_CACHE/build-test/vmlinux" show read --format json -p
echo "\$ kapi --vmlinux vmlinux show read_mem    # numbered behaviours"
"$host/kapi" --vmlinux "$KAPI_CACHE/build-test/vmlinux" show read_mem
echo "\$ kapi trace spec read_mem drivers/char/mem.c drivers/char/mem_kunit_test.c"
"$host/kapi" trace spec read_mem "$KAPI_SRC/drivers/char/mem.c" \
	"$KAPI_SRC/drivers/char/mem_kunit_test.c" || true
echo
echo "---- KUnit, as printed by the booted kernel ----"
"$host/ktap-summary" "$log" | tail -n 1
