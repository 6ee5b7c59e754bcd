#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# Tests of the harness, printing KTAP: scripts/boot.sh's verdicts with a
# fake QEMU, make check's shards, and the pairwise generator that chooses
# make test's Kconfig combinations.
# Usage: run.sh OUTDIR (where make host-tools put its programs)
set -u
here=$(cd "$(dirname "$0")" && pwd)
top=$(cd "$here/../.." && pwd)
. "$here/../lib/ktap.sh"
host=${1:?usage: run.sh OUTDIR}
out=$host/harness-tests
rm -rf "$out"
mkdir -p "$out/bin"
ln -s "$here/fake-qemu" "$out/bin/qemu-system-x86_64"
touch "$out/bzImage" "$out/initrd"

# mode, expected exit status, expected message on stderr
cases=(
	"ok|0|"
	"panic|1|the kernel panicked"
	"hang|1|the guest hung"
	"killed|1|QEMU was killed"
	"crash|1|QEMU exited with status 1"
	"early|1|no power-off line"
)

for c in "${cases[@]}"; do
	IFS='|' read -r mode want_rc want_msg <<< "$c"
	FAKE_QEMU_MODE=$mode PATH="$out/bin:$PATH" \
		"$top/scripts/boot.sh" -t 3 "$out/bzImage" "$out/initrd" \
		"$out/$mode.log" > "$out/$mode.out" 2> "$out/$mode.err"
	rc=$?
	why=()
	[ "$rc" = "$want_rc" ] || why+=("exit status $rc, want $want_rc")
	if [ -n "$want_msg" ] && ! grep -q "$want_msg" "$out/$mode.err"; then
		why+=("no '$want_msg' in stderr")
	fi
	if [ "$rc" -ne 0 ] && ! grep -q -- '---- last 50 console lines' "$out/$mode.err"; then
		why+=("console tail not shown")
	fi
	[ ${#why[@]} -eq 0 ] || why+=("$(cat "$out/$mode.err")")
	ktap_result "boot.sh:$mode" "${why[@]}"
done

# --- make check's shards partition its job list, for N = 1..8 ---
all=$("$top/scripts/check.sh" --list)
for n in 1 2 3 4 5 6 7 8; do
	why=()
	union=$(for i in $(seq "$n"); do "$top/scripts/check.sh" --list "$i/$n"; done)
	[ "$(sort <<< "$union")" = "$(sort <<< "$all")" ] ||
		why+=("the $n shards' jobs are not the list's" "$union")
	[ -z "$(sort <<< "$union" | uniq -d)" ] ||
		why+=("a job in two shards: $(sort <<< "$union" | uniq -d)")
	[ "$(wc -l <<< "$all")" -ge 8 ] || why+=("fewer than 8 jobs: $all")
	ktap_result "check.sh: the $n shard(s) of make check partition its jobs" "${why[@]}"
done
for bad in 0/2 3/2 2/0 x/2 1/; do
	if "$top/scripts/check.sh" --list "$bad" > /dev/null 2>&1; then
		ktap_fail "check.sh: SHARD=$bad is refused"
	else
		ktap_pass "check.sh: SHARD=$bad is refused"
	fi
done

# --- pairwise: what it prints covers every feasible tuple ---
pw=$host/pairwise
# covers T DESC: every value pair (T = 2) or value (T = 1) that a row valid
# under DESC's rules can hold is in a row pairwise printed, and every
# printed row is valid; checked by enumeration in awk, apart from the C
covers() {
	local t=$1 desc=$2 rows
	rows=$("$pw" -t "$t" < "$desc") || { echo "pairwise failed"; return 1; }
	awk -v t="$t" -v rows="$rows" '
	$1 == "factor" { nf++; name[nf] = $2; nv[nf] = NF - 2
			 for (i = 3; i <= NF; i++) val[nf, i - 2] = $i }
	$1 == "when" { nr++; split($2, a, "="); split($4, b, "=")
		       neg[nr] = sub(/!$/, "", b[1])
		       ia[nr] = a[1]; va[nr] = a[2]; ib[nr] = b[1]; vb[nr] = b[2] }
	$1 == "seed" { ns++; seed[ns] = substr($0, 6) }
	function ok(r,   k) {
		for (k = 1; k <= nr; k++)
			if (r[ia[k]] == va[k] && (r[ib[k]] == vb[k]) == neg[k]) return 0
		return 1
	}
	END {
		for (f = 1; f <= nf; f++) idx[f] = 1
		for (;;) {
			for (f = 1; f <= nf; f++) row[name[f]] = val[f, idx[f]]
			if (ok(row))
				for (f = 1; f <= nf; f++) {
					if (t == 1) need[name[f] "=" row[name[f]]] = 1
					else for (g = f + 1; g <= nf; g++)
						need[name[f] "=" row[name[f]] " " name[g] "=" row[name[g]]] = 1
				}
			for (f = nf; f >= 1; f--) { if (++idx[f] <= nv[f]) break; idx[f] = 1 }
			if (f < 1) break
		}
		n = split(rows, line, "\n")
		for (l = 1; l <= ns; l++) line[n + l] = seed[l]
		for (l = 1; l <= n + ns; l++) {
			m = split(line[l], kv, " ")
			if (m == 0) continue
			if (m != nf) { print "row with " m " of " nf " factors: " line[l]; bad = 1 }
			delete r
			for (k = 1; k <= m; k++) { split(kv[k], p, "="); r[p[1]] = p[2] }
			if (!ok(r)) { print "row breaks a rule: " line[l]; bad = 1 }
			for (k = 1; k <= m; k++) {
				if (t == 1) have[kv[k]] = 1
				else for (j = k + 1; j <= m; j++) have[kv[k] " " kv[j]] = 1
			}
		}
		for (x in need) if (!(x in have)) { print "not covered: " x; bad = 1 }
		exit bad
	}' "$desc"
}
printf '%s\n' '# factors of different sizes, one rule' 'factor A 1 2 3' 'factor B x y' \
	'factor C p q r s' 'factor D on off' 'when A=3 then D=off' > "$out/pw-mixed.txt"
for d in "$top/config/kconfig-pairs" "$out/pw-mixed.txt"; do
	for t in 1 2; do
		ktap_check "pairwise -t $t covers every feasible tuple of $(basename "$d")" \
			covers "$t" "$d"
	done
done
ktap_check "pairwise: the same input gives the same rows" \
	cmp <("$pw" < "$top/config/kconfig-pairs") <("$pw" < "$top/config/kconfig-pairs")
{ cat "$out/pw-mixed.txt"; echo "seed A=1 B=x C=p D=on"; echo "seed A=3 B=y C=s D=off"; } \
	> "$out/pw-seeded.txt"
ktap_check "pairwise -t 2 with seeds covers every feasible pair (seeds count)" \
	covers 2 "$out/pw-seeded.txt"
ktap_result "pairwise: what the seeds cover needs no row" \
	"$(printf 'factor A y n\nseed A=y\nseed A=n\n' | "$pw" -t 1)"
ktap_result "pairwise: a seed is not printed" \
	"$(printf 'factor A y n\nseed A=y\n' | "$pw" -t 1 | grep -v '^A=n$')"
# pw_bad INPUT MESSAGE: refused with exit status 1 and MESSAGE, no rows
pw_bad() {
	local err
	err=$(printf '%b' "$1" | "$pw" 2>&1 > "$out/pw-bad.out")
	[ $? -eq 1 ] || { echo "exit status not 1: $err"; return 1; }
	[ ! -s "$out/pw-bad.out" ] || { echo "printed rows"; return 1; }
	grep -qF -- "$2" <<< "$err" || { echo "want '$2', got '$err'"; return 1; }
}
while IFS='|' read -r input want; do
	ktap_check "pairwise: refuses '$input' ($want)" pw_bad "$input" "$want"
done <<'EOF'
factor A y n\nwhen A=y then B=n|<stdin>:2: unknown factor 'B'
factor A y n\nwhen A=m then A=n|<stdin>:2: factor A has no value 'm'
factor A y n\nfactor A y|<stdin>:2: factor A declared twice
factor A y y|<stdin>:1: factor A lists value y twice
factor A y n\nwhen A=y A=n|<stdin>:2: expected 'then'
factor A y n\nwhen A=y then A=n\nwhen A=n then A=y|the rules leave no valid row
factor A y n\nwhen A=y then A!=y\nwhen A=n then A!=n|the rules leave no valid row
factor A y n\nfactor B y n\nseed A=y|<stdin>:3: a seed names 1 of the 2 factors
factor A y n\nseed A=y A=n|<stdin>:2: seed names A twice
factor A y n\nseed A=y\nfactor B y|<stdin>:3: factor after a seed
factor A y n\nwhen A=y then A=n\nseed A=y|seed 1 breaks a rule
frobnicate|<stdin>:1: unknown directive 'frobnicate'
# nothing|no factors
EOF
ktap_check "pairwise: refuses a space too large to enumerate" pw_bad \
	"$(for i in $(seq 30); do printf 'factor F%d a b c d e f g h\\n' "$i"; done)" \
	"rows to enumerate"
ktap_finish
