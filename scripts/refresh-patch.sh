#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# refresh-patch.sh NNNN-topic FILE...
#
# For developers: after editing FILEs (paths in the kernel tree) directly in
# $KAPI_CACHE/linux, write their difference from pristine 6.12 into
# patches/NNNN-topic.patch and make sure patches/series lists it. The
# patch's parts for other files stay as they are, so a file that two
# patches touch (fs/Makefile) need not be named.
set -euo pipefail
. "$(dirname "$0")/lib.sh"

name=${1:?usage: refresh-patch.sh NNNN-topic FILE...}
shift
[ $# -gt 0 ] || kapi_die "usage: refresh-patch.sh NNNN-topic FILE..."
patch=$KAPI_TOP/patches/$name.patch

kapi_pgit diff --no-color --no-ext-diff pristine -- "$@" > "$patch.new"
[ -s "$patch.new" ] || { rm -f "$patch.new"; kapi_die "no changes in $*"; }
# each named file's part replaces its old part in place; new ones go last
if [ -f "$patch" ]; then
	awk '
		FNR == 1 { file++ }
		/^diff --git / { cur = $3; if (file == 1) order[++n] = cur }
		file == 1 { part[cur] = part[cur] $0 "\n"; next }
		/^diff --git / { drop = (cur in part); if (drop && !(cur in done)) { printf "%s", part[cur]; done[cur] = 1 } }
		!drop
		END { for (i = 1; i <= n; i++) if (!(order[i] in done)) printf "%s", part[order[i]] }
	' "$patch.new" "$patch" > "$patch.tmp"
else
	cp "$patch.new" "$patch.tmp"
fi
rm -f "$patch.new"
mv "$patch.tmp" "$patch"
touch "$KAPI_TOP/patches/series"
grep -qxF "$name.patch" "$KAPI_TOP/patches/series" ||
	echo "$name.patch" >> "$KAPI_TOP/patches/series"
echo "wrote patches/$name.patch"
