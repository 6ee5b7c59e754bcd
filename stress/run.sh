#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# make stress (not part of make test): a KASAN + lockdep kernel runs the
# kselftests and then STRESS_SECONDS (default 120) of concurrent specified
# and unspecified syscalls while the check mode flips and stats are read,
# and STRESS_SECONDS / 2 each of loading and unloading a module with
# specs (kapi_test_module, then the loop driver, whose ioctls other
# processes issue meanwhile) while its debugfs files are opened. Any
# splat, crash, hang or inconsistent counter fails it.
set -euo pipefail
. "$(dirname "$0")/../scripts/lib.sh"

out=$KAPI_OUT/stress
mkdir -p "$out"
"$KAPI_TOP/scripts/deps.sh"
make -s -C "$KAPI_TOP" host-tools
# the stress program, run last by the guest's test job
stress_payload() {
	mkdir -p "$1/stress" &&
	gcc -static -O2 -Wall -Wextra -Werror -o "$1/stress/kapi_stress" \
		"$KAPI_TOP/stress/kapi_stress.c" &&
	printf '#!/bin/sh\nexec /kapi/stress/kapi_stress %s\n' \
		"${STRESS_SECONDS:-120}" > "$1/tests/zz-kapi_stress.sh" &&
	chmod +x "$1/tests/zz-kapi_stress.sh" &&
	# a module with specs loaded and unloaded while its debugfs files
	# are opened
	printf '#!/bin/sh\nexec /kapi/tests/kapi-module_unload %s\n' \
		$(( ${STRESS_SECONDS:-120} / 2 )) > "$1/tests/zz-kapi_module_unload.sh" &&
	chmod +x "$1/tests/zz-kapi_module_unload.sh" &&
	# and the loop driver, its ioctls issued meanwhile
	printf '#!/bin/sh\nexec /kapi/tests/kapi-module_unload_loop.sh %s\n' \
		$(( ${STRESS_SECONDS:-120} / 2 )) > "$1/tests/zz-kapi_module_unload_loop.sh" &&
	chmod +x "$1/tests/zz-kapi_module_unload_loop.sh"
}
kapi_boot_sequence -f +kasan -x stress_payload \
	-t $(( ${STRESS_SECONDS:-120} * 12 + 900 )) stress "$out/payload" \
	"$out/initramfs.cpio.gz" "$out/guest.console.log" kapi_job=test
"$KAPI_OUT/host/ktap-summary" --expect zz-kapi_stress.sh \
	--expect zz-kapi_module_unload.sh --expect zz-kapi_module_unload_loop.sh \
	"$out/guest.console.log"
