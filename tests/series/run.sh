#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# run.sh OUTDIR - the upstream series' quality gates, as KTAP.
#
# Writes the series (scripts/series.sh) into OUTDIR/series and checks it
# (scripts/series-check.sh): git am onto pristine gives the tested tree,
# checkpatch --strict on each patch, kernel-doc -Wall on each C file, all
# against series/*.allow. Skips when the pristine tree or the prepared
# tree is missing (run scripts/tree.sh). About a minute on 2 idle cores.
set -u
here=$(cd "$(dirname "$0")" && pwd)
. "$here/../../scripts/lib.sh"
out=${1:?usage: run.sh OUTDIR}
mkdir -p "$out"

if [ ! -d "$KAPI_GIT" ] || [ ! -f "$KAPI_SRC/scripts/checkpatch.pl" ]; then
	echo "KTAP version 1"
	echo "1..0 # SKIP no pristine tree or prepared tree in $KAPI_CACHE (run scripts/tree.sh)"
	exit 0
fi
if ! "$KAPI_TOP/scripts/series.sh" -o "$out/series" > "$out/series.log" 2>&1; then
	echo "KTAP version 1"
	echo "1..1"
	sed 's/^/# /' "$out/series.log"
	echo "not ok 1 series: scripts/series.sh writes the series"
	exit 1
fi
exec "$KAPI_TOP/scripts/series-check.sh" "$out/series"
