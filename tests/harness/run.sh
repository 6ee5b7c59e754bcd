#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# Tests of scripts/boot.sh's verdicts with a fake QEMU; prints KTAP.
# Usage: run.sh OUTDIR
set -u
here=$(cd "$(dirname "$0")" && pwd)
top=$(cd "$here/../.." && pwd)
. "$here/../lib/ktap.sh"
out=${1:?usage: run.sh OUTDIR}/harness-tests
rm -rf "$out"
mkdir -p "$out/bin"
ln -s "$here/fake-qemu" "$out/bin/qemu-system-x86_64"
touch "$out/bzImage" "$out/initrd"

# mode, expected exit status, expected message on stderr
cases=(
	"ok|0|"
	"panic|1|the kernel panicked"
	"hang|1|the guest hung"
	"killed|1|QEMU was killed"
	"crash|1|QEMU exited with status 1"
	"early|1|no power-off line"
)

for c in "${cases[@]}"; do
	IFS='|' read -r mode want_rc want_msg <<< "$c"
	FAKE_QEMU_MODE=$mode PATH="$out/bin:$PATH" \
		"$top/scripts/boot.sh" -t 3 "$out/bzImage" "$out/initrd" \
		"$out/$mode.log" > "$out/$mode.out" 2> "$out/$mode.err"
	rc=$?
	why=()
	[ "$rc" = "$want_rc" ] || why+=("exit status $rc, want $want_rc")
	if [ -n "$want_msg" ] && ! grep -q "$want_msg" "$out/$mode.err"; then
		why+=("no '$want_msg' in stderr")
	fi
	if [ "$rc" -ne 0 ] && ! grep -q -- '---- last 50 console lines' "$out/$mode.err"; then
		why+=("console tail not shown")
	fi
	[ ${#why[@]} -eq 0 ] || why+=("$(cat "$out/$mode.err")")
	ktap_result "boot.sh:$mode" "${why[@]}"
done
ktap_finish
