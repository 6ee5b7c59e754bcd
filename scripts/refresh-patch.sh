#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# refresh-patch.sh NNNN-topic FILE...
#
# For developers: after editing FILEs (paths in the kernel tree) directly in
# $KAPI_CACHE/linux, write their difference from pristine 6.12 to
# patches/NNNN-topic.patch and make sure patches/series lists it.
set -euo pipefail
. "$(dirname "$0")/lib.sh"

name=${1:?usage: refresh-patch.sh NNNN-topic FILE...}
shift
[ $# -gt 0 ] || kapi_die "usage: refresh-patch.sh NNNN-topic FILE..."
patch=$KAPI_TOP/patches/$name.patch

kapi_pgit diff --no-color --no-ext-diff pristine -- "$@" > "$patch.tmp"
[ -s "$patch.tmp" ] || { rm -f "$patch.tmp"; kapi_die "no changes in $*"; }
mv "$patch.tmp" "$patch"
touch "$KAPI_TOP/patches/series"
grep -qxF "$name.patch" "$KAPI_TOP/patches/series" ||
	echo "$name.patch" >> "$KAPI_TOP/patches/series"
echo "wrote patches/$name.patch"
