#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# make stress (not part of make test): a KASAN + lockdep kernel runs the
# kselftests and then STRESS_SECONDS (default 120) of concurrent specified
# and unspecified syscalls while the check mode flips and stats are read,
# and STRESS_SECONDS / 2 of loading and unloading a module with specs
# while its debugfs files are opened. Any splat, crash, hang or
# inconsistent counter fails it.
set -euo pipefail
. "$(dirname "$0")/../scripts/lib.sh"

out=$KAPI_OUT/stress
mkdir -p "$out"
"$KAPI_TOP/scripts/deps.sh"
make -s -C "$KAPI_TOP" host-tools
"$KAPI_TOP/scripts/tree.sh"
"$KAPI_TOP/scripts/build.sh" -n stress base kunit kapi kapitest debug kasan
payload=$out/payload
"$KAPI_TOP/scripts/guest-payload.sh" "$payload" "$KAPI_CACHE/build-stress"
mkdir -p "$payload/stress"
gcc -static -O2 -Wall -Wextra -Werror -o "$payload/stress/kapi_stress" \
	"$KAPI_TOP/stress/kapi_stress.c"
printf '#!/bin/sh\nexec /kapi/stress/kapi_stress %s\n' \
	"${STRESS_SECONDS:-120}" > "$payload/tests/zz-kapi_stress.sh"
chmod +x "$payload/tests/zz-kapi_stress.sh"
# A module with specs loaded and unloaded while its debugfs files are opened.
printf '#!/bin/sh\nexec /kapi/tests/kapi-module_unload %s\n' \
	$(( ${STRESS_SECONDS:-120} / 2 )) > "$payload/tests/zz-kapi_module_unload.sh"
chmod +x "$payload/tests/zz-kapi_module_unload.sh"
"$KAPI_TOP/scripts/initramfs.sh" "$out/initramfs.cpio.gz" "$payload"
start=$(date +%s)
KAPI_BOOT_TIMEOUT=$(( ${STRESS_SECONDS:-120} * 10 + 900 )) \
	"$KAPI_TOP/scripts/boot.sh" "$KAPI_CACHE/build-stress/arch/x86/boot/bzImage" \
	"$out/initramfs.cpio.gz" "$out/guest.console.log" kapi_job=test
echo "stress run: $(( $(date +%s) - start )) s of guest time"
"$KAPI_OUT/host/ktap-summary" --expect zz-kapi_stress.sh \
	--expect zz-kapi_module_unload.sh "$out/guest.console.log"
