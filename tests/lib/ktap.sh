# SPDX-License-Identifier: GPL-2.0
# shellcheck shell=bash
#
# KTAP for the host test suites (tests/*/run.sh) and the harness scripts
# that report results (scripts/test.sh, series-check.sh, w1-check.sh);
# sourced, never run. Works under set -u and set -e.
#
# Results are collected and printed by ktap_finish, once their number is
# known:
#
#   ktap_pass NAME [TEXT...]     "ok N NAME", TEXT's lines as diagnostics
#   ktap_fail NAME [TEXT...]     "not ok N NAME", TEXT's lines before it
#   ktap_skip NAME REASON        "ok N NAME # SKIP REASON"
#   ktap_result NAME [WHY...]    pass when every WHY is empty, else fail
#                                with them as diagnostics
#   ktap_check NAME CMD...       pass when CMD (run in a subshell) succeeds,
#                                else fail with its output
#   ktap_diag [TEXT...]          TEXT's lines (stdin without TEXT) as "# "
#                                lines at this point
#   ktap_print                   the document: header, plan, results,
#                                totals; returns 1 when anything failed
#   ktap_finish                  ktap_print, then exit with its status
#   ktap_skip_all REASON         a document without tests ("1..0 # SKIP"),
#                                exit 0
#
# A diagnostic that already starts with "# " keeps one. KTAP_DIAG_LINES
# (0: no limit, the default) caps the lines of one ktap_diag/pass/fail.
#
# Sanitizers (programs built with -fsanitize=address,undefined):
#
#   ktap_sanitizer_check FILE WHAT   0 when FILE, the stderr of one run,
#                                    holds no ASan/LSan/UBSan report; else
#                                    1, and the report goes, headed
#                                    "== WHAT", to $KTAP_SANLOG if set
#   ktap_sanitizer_result MIN        one result over every run checked:
#                                    no report, and at least MIN runs

KTAP_DIAG_LINES=${KTAP_DIAG_LINES:-0}
ktap_n=0
ktap_failed=0
ktap_skipped=0
ktap_lines=()
ktap_sanitizer_runs=0
ktap_sanitizer_reports=0
ktap_sanitizer_re='ERROR: (AddressSanitizer|LeakSanitizer)|runtime error:'

ktap_diag() {
	local l i=0 more=0

	while IFS= read -r l; do
		if [ "$KTAP_DIAG_LINES" -gt 0 ] && [ "$i" -ge "$KTAP_DIAG_LINES" ]; then
			more=$((more + 1))
			continue
		fi
		i=$((i + 1))
		l=${l#\# }
		ktap_lines+=("# $l")
	done < <(if [ $# -eq 0 ]; then
			cat
		 else
			for l in "$@"; do
				[ -z "$l" ] || printf '%s\n' "$l"
			done
		 fi)
	[ "$more" -eq 0 ] || ktap_lines+=("# ($more more lines)")
	return 0
}

ktap_pass() {
	[ $# -lt 2 ] || ktap_diag "${@:2}"
	ktap_n=$((ktap_n + 1))
	ktap_lines+=("ok $ktap_n $1")
}

ktap_fail() {
	[ $# -lt 2 ] || ktap_diag "${@:2}"
	ktap_n=$((ktap_n + 1))
	ktap_lines+=("not ok $ktap_n $1")
	ktap_failed=$((ktap_failed + 1))
}

ktap_skip() {
	ktap_n=$((ktap_n + 1))
	ktap_lines+=("ok $ktap_n $1 # SKIP $2")
	ktap_skipped=$((ktap_skipped + 1))
}

ktap_result() {
	local ktap_name=$1 ktap_why

	shift
	ktap_why=$(printf '%s' "$@")
	if [ -z "$ktap_why" ]; then
		ktap_pass "$ktap_name"
	else
		ktap_fail "$ktap_name" "$@"
	fi
}

ktap_check() {
	local ktap_name=$1 ktap_out

	shift
	if ktap_out=$("$@" 2>&1); then
		ktap_pass "$ktap_name"
	else
		ktap_fail "$ktap_name" "$ktap_out"
	fi
}

ktap_print() {
	echo "KTAP version 1"
	echo "1..$ktap_n"
	[ ${#ktap_lines[@]} -eq 0 ] || printf '%s\n' "${ktap_lines[@]}"
	echo "# Totals: pass:$((ktap_n - ktap_failed - ktap_skipped)) fail:$ktap_failed skip:$ktap_skipped total:$ktap_n"
	[ "$ktap_failed" -eq 0 ]
}

ktap_finish() {
	ktap_print
	exit
}

ktap_skip_all() {
	echo "KTAP version 1"
	echo "1..0 # SKIP $1"
	exit 0
}

ktap_sanitizer_check() {
	ktap_sanitizer_runs=$((ktap_sanitizer_runs + 1))
	grep -qE "$ktap_sanitizer_re" "$1" || return 0
	ktap_sanitizer_reports=$((ktap_sanitizer_reports + 1))
	if [ -n "${KTAP_SANLOG:-}" ]; then
		echo "== $2" >> "$KTAP_SANLOG"
		grep -E -A5 "$ktap_sanitizer_re" "$1" >> "$KTAP_SANLOG"
	fi
	return 1
}

ktap_sanitizer_result() {
	if [ "$ktap_sanitizer_reports" -eq 0 ] &&
	   [ "$ktap_sanitizer_runs" -ge "$1" ]; then
		ktap_pass "sanitizers: no ASan/UBSan/LSan report in $ktap_sanitizer_runs runs"
	else
		ktap_fail "sanitizers: no ASan/UBSan/LSan report" \
			"$ktap_sanitizer_reports reports in $ktap_sanitizer_runs runs" \
			"$(cat "${KTAP_SANLOG:-/dev/null}")"
	fi
}
