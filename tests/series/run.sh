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
. "$here/../lib/ktap.sh"
out=${1:?usage: run.sh OUTDIR}
mkdir -p "$out"

[ -d "$KAPI_GIT" ] && [ -f "$KAPI_SRC/scripts/checkpatch.pl" ] ||
	ktap_skip_all "no pristine tree or prepared tree in $KAPI_CACHE (run scripts/tree.sh)"
if ! "$KAPI_TOP/scripts/series.sh" -o "$out/series" > "$out/series.log" 2>&1; then
	ktap_fail "series: scripts/series.sh writes the series" "$(cat "$out/series.log")"
	ktap_finish
fi
exec "$KAPI_TOP/scripts/series-check.sh" "$out/series"
