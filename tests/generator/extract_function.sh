#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# extract_function.sh FILE NAME... - print the kernel-doc comment of each
# NAME in FILE with its prototype (up to the opening brace) and an empty
# body, so single blocks of a seed can be tested on their own.
set -eu
file=$1
shift
for name in "$@"; do
	awk -v name="$name" '
	/^\/\*\*[ \t]*$/ { buf = $0 "\n"; incomment = 1; keep = 0; next }
	incomment {
		buf = buf $0 "\n"
		if ($0 ~ "^ \\* " name "(\\(\\))? - ")
			keep = 1
		if ($0 ~ /\*\//) {
			incomment = 0
			if (keep) { printf "%s", buf; inproto = 1 }
		}
		next
	}
	inproto {
		print
		if ($0 ~ /[{;]/) { if ($0 ~ /{/) print "}"; print ""; inproto = 0 }
	}
	' "$file"
done
