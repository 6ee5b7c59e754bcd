#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# Traceability of the /dev/mem behaviours: `kapi trace` over the prepared
# tree's drivers/char/mem.c and mem_kunit_test.c must find a KUnit case for
# every numbered behaviour of the functions below, and no citation that
# does not match the kernel-doc (wrong number, renumbered or changed text).
# Prints KTAP. Usage: run.sh OUTDIR (where `make host-tools` put kapi)
set -u
here=$(cd "$(dirname "$0")" && pwd)
. "$here/../../scripts/lib.sh"
. "$here/../lib/ktap.sh"

out=${1:?usage: run.sh OUTDIR}
specs=(read_mem write_mem memory_lseek open_port memory_open)
files=(drivers/char/mem.c drivers/char/mem_kunit_test.c)
covered="kapi trace: /dev/mem behaviours all have KUnit cases"
matrix="kapi trace: /dev/mem traceability matrix (JSON)"

[ -f "$KAPI_SRC/${files[1]}" ] ||
	ktap_skip_all "no prepared tree with ${files[1]} (run scripts/tree.sh)"
tool=$out/kapi
if [ ! -x "$tool" ]; then
	tool=$out/trace-tool/kapi
	if ! make -s -C "$KAPI_TOP/linux/tools/kapi" OUTPUT="$out/trace-tool/" \
		> "$out/trace-tool.log" 2>&1; then
		ktap_fail "$covered" "building tools/kapi failed; see $out/trace-tool.log"
		ktap_fail "$matrix"
		ktap_finish
	fi
fi

args=()
for s in "${specs[@]}"; do
	args+=(spec "$s")
done
if (cd "$KAPI_SRC" && "$tool" trace "${args[@]}" "${files[@]}") \
	> "$out/trace-devmem.txt" 2> "$out/trace-devmem.err"; then
	ktap_pass "$covered" "$(tail -n 1 "$out/trace-devmem.txt")"
else
	ktap_fail "$covered" "$(head -n 40 "$out/trace-devmem.err")"
fi

if (cd "$KAPI_SRC" && "$tool" --json trace "${args[@]}" "${files[@]}") \
	> "$out/trace-devmem.json" 2> /dev/null &&
   figures=$(jq -re '.summary as $s
	| select($s.checked == $s.covered and (.problems | length) == 0)
	| "\($s.ids) IDs, \($s.checked) behaviours checked, \($s.covered) covered by \($s.tests) cases"' \
	"$out/trace-devmem.json"); then
	ktap_pass "$matrix" "$figures"
else
	ktap_fail "$matrix"
fi
ktap_finish
