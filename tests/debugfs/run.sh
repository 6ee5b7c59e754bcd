#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# The booted kernel's debugfs against the vmlinux it booted: every spec the
# guest showed under /sys/kernel/debug/kapi must read back, through
# tools/kapi, equal to the same spec read from the vmlinux's .kapi_specs
# section. Prints KTAP. Usage: run.sh OUTDIR (OUTDIR holds the tool, kapi,
# as make host-tools builds it).
#
# It is a suite of its own, apart from tests/tool, because it is the only
# part of the tool's tests that needs the guest's log: make test runs the
# rest beside the guest and this after it. It reads KAPI_VMLINUX and
# KAPI_DEBUGFS_SNAPSHOT (make test sets both) and skips without them.
set -u
here=$(cd "$(dirname "$0")" && pwd)
. "$here/../lib/ktap.sh"

out=${1:?usage: run.sh OUTDIR}
kapi=$out/kapi
vmlinux=${KAPI_VMLINUX:-}
snapshot=${KAPI_DEBUGFS_SNAPSHOT:-}
name="real vmlinux equals its debugfs snapshot"

same() {
	local rc

	"$kapi" diff "vmlinux:$vmlinux" "debugfs:$snapshot"
	rc=$?
	[ "$rc" = 0 ] || echo "kapi diff exited $rc (0: same, 1: they differ)"
	return "$rc"
}

if [ -z "$vmlinux" ] || [ ! -f "$vmlinux" ]; then
	ktap_skip "$name" "no vmlinux (KAPI_VMLINUX; make test sets it)"
elif [ -z "$snapshot" ] || [ ! -d "$snapshot" ]; then
	ktap_skip "$name" "no debugfs snapshot (KAPI_DEBUGFS_SNAPSHOT; make test sets it)"
elif [ ! -x "$kapi" ]; then
	ktap_fail "$name" "no tool at $kapi (make host-tools)"
else
	ktap_check "$name" same
fi
ktap_finish
