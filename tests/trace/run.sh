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

out=${1:?usage: run.sh OUTDIR}
specs=(read_mem write_mem memory_lseek open_port memory_open)
files=(drivers/char/mem.c drivers/char/mem_kunit_test.c)

echo "KTAP version 1"
if [ ! -f "$KAPI_SRC/${files[1]}" ]; then
	echo "1..0 # SKIP no prepared tree with ${files[1]} (run scripts/tree.sh)"
	exit 0
fi
tool=$out/kapi
if [ ! -x "$tool" ]; then
	tool=$out/trace-tool/kapi
	make -s -C "$KAPI_TOP/linux/tools/kapi" OUTPUT="$out/trace-tool/" \
		> "$out/trace-tool.log" 2>&1 || tool=
fi
echo "1..2"
if [ -z "$tool" ]; then
	echo "# building tools/kapi failed; see $out/trace-tool.log"
	echo "not ok 1 kapi trace: /dev/mem behaviours all have KUnit cases"
	echo "not ok 2 kapi trace: /dev/mem traceability matrix (JSON)"
	exit 1
fi

args=()
for s in "${specs[@]}"; do
	args+=(spec "$s")
done
failed=0
name="kapi trace: /dev/mem behaviours all have KUnit cases"
if (cd "$KAPI_SRC" && "$tool" trace "${args[@]}" "${files[@]}") \
	> "$out/trace-devmem.txt" 2> "$out/trace-devmem.err"; then
	echo "# $(tail -n 1 "$out/trace-devmem.txt")"
	echo "ok 1 $name"
else
	sed 's/^/# /' "$out/trace-devmem.err" | head -n 40
	echo "not ok 1 $name"
	failed=1
fi

name="kapi trace: /dev/mem traceability matrix (JSON)"
if (cd "$KAPI_SRC" && "$tool" --json trace "${args[@]}" "${files[@]}") \
	> "$out/trace-devmem.json" 2> /dev/null &&
   jq -re '.summary as $s
	| select($s.checked == $s.covered and (.problems | length) == 0)
	| "# \($s.ids) IDs, \($s.checked) behaviours checked, \($s.covered) covered by \($s.tests) cases"' \
	"$out/trace-devmem.json"; then
	echo "ok 2 $name"
else
	echo "not ok 2 $name"
	failed=1
fi
exit $failed
