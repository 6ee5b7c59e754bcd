#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# readme-results.sh TABLE
#
# Put TABLE (written by `make bench`) into README.md between the lines
# "<!-- bench-results:begin -->" and "<!-- bench-results:end -->", so
# that the figures there are always ones a benchmark printed.
set -euo pipefail
. "$(dirname "$0")/lib.sh"

table=${1:?usage: readme-results.sh TABLE}
readme=$KAPI_TOP/README.md
grep -q '^<!-- bench-results:begin -->$' "$readme" ||
	kapi_die "README.md has no bench-results markers"
awk -v table="$table" -v when="$(date -u +%Y-%m-%d)" '
	/^<!-- bench-results:end -->$/ { skip = 0 }
	!skip { print }
	/^<!-- bench-results:begin -->$/ {
		skip = 1
		print ""
		print "Measured by `make bench` on " when " (QEMU/TCG guest; instruction"
		print "counts with `-icount`, exact between runs):"
		print ""
		while ((getline l < table) > 0)
			print l
		print ""
	}' "$readme" > "$readme.tmp"
mv "$readme.tmp" "$readme"
