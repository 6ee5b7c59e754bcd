#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# extract_seed.sh PATCH - print the post-patch text of every hunk of PATCH
# (its '+' and context lines), i.e. the annotated comments with the code
# around them, as a C fragment the generator can read.
set -eu
awk '
/^diff --git / { in_hunk = 0; next }
/^-- $/        { in_hunk = 0; next }
/^@@ /         { in_hunk = 1; next }
in_hunk && /^\+/ { print substr($0, 2); next }
in_hunk && /^ /  { print substr($0, 2); next }
in_hunk && /^$/  { print ""; next }
' "$1"
