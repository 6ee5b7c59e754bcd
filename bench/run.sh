#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# make bench: figures, not tests. Measures, then prints one table:
#  - structural bytes per spec (data model; host ABI = kernel ABI on x86-64)
#  - memory: `size vmlinux` with kapi minus without, per spec, and the
#    .kapi_specs section per spec
#  - build time from scratch with and without kapi (bench/build-time.sh)
#  - syscall cost in guest instructions (QEMU -icount: 1 ns == 1
#    instruction) with the checks compiled out and, in one boot, built in
#    with mode off and warn, and likewise the cost of one checked kernel
#    function (kernel_read, timed in the kernel by a KUnit suite).
# The table also goes to out/bench/results.md and into README.md between
# the bench-results markers. BENCH_SKIP_BUILD_TIME=1 reuses the previous
# build-time run (the two cold builds take ~8 minutes).
set -euo pipefail
. "$(dirname "$0")/../scripts/lib.sh"

out=$KAPI_OUT/bench
mkdir -p "$out"
"$KAPI_TOP/scripts/deps.sh"
make -s -C "$KAPI_TOP" host-tools

gcc -std=gnu11 -O2 -Wall -Wextra -Werror -o "$out/spec-size" \
	"$KAPI_TOP/bench/spec-size.c"
"$out/spec-size" > "$out/spec-size.txt" || true

if [ "${BENCH_SKIP_BUILD_TIME:-0}" != 1 ] || [ ! -s "$out/build-time" ]; then
	kapi_step "two cold kernel builds without ccache (build time, memory)"
	"$KAPI_TOP/bench/build-time.sh" "$out"
fi

kapi_step "kernels for the syscall-cost benchmark"
bench_payload() {
	mkdir -p "$1/bench" &&
	gcc -static -O2 -Wall -Wextra -Werror -o "$1/bench/syscall-cost" \
		"$KAPI_TOP/bench/syscall-cost.c"
}
icount="-icount shift=0,align=off,sleep=off"
# KUnit runs only kapi_function_cost, which times a checked kernel function
# (kernel_read) in each mode and prints its own "kapi-bench: function" lines.
for k in "nochecks:base x86 kunit kapi kapitest nochecks" "bench:base x86 kunit kapi kapitest"; do
	KAPI_SMP=1 kapi_boot_sequence -f "${k#*:}" -x bench_payload -a "$icount" \
		"${k%%:*}" "$out/payload" "$out/initramfs.cpio.gz" \
		"$out/${k%%:*}.console.log" kapi_job=bench \
		kunit.filter_glob=kapi_function_cost
done
cat "$out"/nochecks.console.log "$out"/bench.console.log |
	sed -n 's/\r$//; s/^\(\[[^]]*\] *\)\{0,1\}kapi-bench: //p' > "$out/figures"

# Memory: whole-image difference (code of the framework and checks, specs,
# strings) and the spec structures alone, both per spec in the image.
vm_nospec=$KAPI_CACHE/build-time-nospec/vmlinux
vm_spec=$KAPI_CACHE/build-time-spec/vmlinux
size_of() { size "$1" | awk 'NR == 2 { print $4 }'; }
nspecs=$("$KAPI_OUT/host/kapi" --vmlinux "$vm_spec" list | grep -c .)
section=$(objdump -h "$vm_spec" | awk '$2 == ".kapi_specs" { print $3 }')
section=$((16#${section:-0}))
{
	echo "size-nospec $(size_of "$vm_nospec")"
	echo "size-spec $(size_of "$vm_spec")"
	echo "nspecs $nspecs"
	echo "section $section"
} > "$out/memory"

# The errno analysis kapi-gen runs for the files with syscall specs: the
# best of 5 runs with --tree against the parse alone, and the candidates,
# listed and explained errnos of the syscall specs (kapi errnos).
gen=$KAPI_CACHE/build-test/scripts/kapi/kapi-gen
[ -x "$gen" ] || "$KAPI_TOP/scripts/build.sh" > /dev/null
mapfile -t spec_files < <(kapi_syscall_spec_files)
best_ms() {
	local best=0 i t
	for i in 1 2 3 4 5; do
		t=$(date +%s%N)
		(cd "$KAPI_SRC" && for f in "${spec_files[@]}"; do
			"$@" "$f" || exit 1; done) > /dev/null 2>&1
		t=$(( ($(date +%s%N) - t) / 1000000 ))
		[ "$best" != 0 ] && [ "$best" -le "$t" ] || best=$t
	done
	echo "$best"
}
{
	echo "with $(best_ms "$gen" --check --tree .)"
	echo "without $(best_ms "$gen" --check)"
	mapfile -t spec_names < <(for f in "${spec_files[@]}"; do
		"$KAPI_OUT/host/kapi" --source "$KAPI_SRC/$f" list |
			awk '$2 == "syscall" { print $1 }'
	done)
	echo "nsys ${#spec_names[@]}"
	echo "files $(IFS=,; echo "${spec_files[*]}")"
	"$KAPI_OUT/host/kapi" errnos tree "$KAPI_SRC" "${spec_names[@]}" 2> /dev/null |
		awk '/candidates;/ { gsub(/[();]/, ""); c += $1; l += $3; k += $5; e += $7 }
		     END { print "counts", c, l, k, e }'
} > "$out/errnos"

awk -v ss="$out/spec-size.txt" -v mem="$out/memory" -v bt="$out/build-time" \
    -v er="$out/errnos" -v jobs="$KAPI_JOBS" '
	BEGIN {
		while ((getline l < ss) > 0)
			if (l ~ /^spec with 3 params/) { split(l, w, ": "); split(w[2], v, " "); structural = v[1] }
		while ((getline l < mem) > 0) { split(l, w, " "); m[w[1]] = w[2] }
		while ((getline l < bt) > 0) { split(l, w, " "); t[w[1]] = w[2] }
		while ((getline l < er) > 0) { split(l, w, " "); e[w[1]] = w[2]; if (w[1] == "counts") { ec = w[2]; el = w[3]; ek = w[4]; ex = w[5] } }
	}
	$1 == "function" { fn[$2] = $4; next }
	{ read[$1] = $3; getppid[$1] = $5; fcntl[$1] = $7; ioctl[$1] = $9 }
	END {
		n = m["nspecs"]
		printf "| figure | value | goal |\n|---|---|---|\n"
		printf "| structural bytes, spec with 3 params + 15 errors | %d B | <= 1024 B |\n", structural
		printf "| vmlinux growth with kapi (`size`, text+data+bss) | %d B for %d specs | |\n", m["size-spec"] - m["size-nospec"], n
		printf "| all-in memory per spec (growth / specs) | %.0f B | <= 8192 B |\n", (m["size-spec"] - m["size-nospec"]) / n
		printf "| .kapi_specs section per spec | %.0f B | |\n", m["section"] / n
		printf "| build from scratch, no ccache, -j%s, kapi=n / =y | %.1f s / %.1f s (%+.1f%%) | |\n", jobs, t["nospec"], t["spec"], 100 * (t["spec"] - t["nospec"]) / t["nospec"]
		printf "| errno analysis of %s (kapi-gen --tree, best of 5) | %d ms (parse alone %d ms); %.2f%% of the kapi build'"'"'s wall time | <= 3%% |\n", e["files"], e["with"], e["without"], 100 * (e["with"] - e["without"]) / 1000 / t["spec"]
		printf "| errnos of the %d syscall specs: candidates / listed (core) / explained | %d / %d (%d) / %d | |\n", e["nsys"], ec, el, ek, ex
		base_r = read["compiled-out"]; base_g = getppid["compiled-out"]
		base_f = fcntl["compiled-out"]; base_i = ioctl["compiled-out"]
		k = split("compiled-out mode-off mode-warn", order, " ")
		for (i = 1; i <= k; i++) {
			o = order[i]
			if (!(o in read))
				continue
			printf "| read(/dev/zero, 1), checks %s | %.1f instructions (%+.1f, %+.1f%%) | %s |\n", o, read[o], read[o] - base_r, 100 * (read[o] - base_r) / base_r, o == "mode-warn" ? "<= +5%" : o == "mode-off" ? "<= +1" : "baseline"
			printf "| getppid(), checks %s | %.1f instructions (%+.1f) | %s |\n", o, getppid[o], getppid[o] - base_g, o == "compiled-out" ? "baseline" : "<= +2"
			printf "| fcntl(/dev/zero, F_GETFL), checks %s | %.1f instructions (%+.1f, %+.1f%%) | %s |\n", o, fcntl[o], fcntl[o] - base_f, 100 * (fcntl[o] - base_f) / base_f, o == "mode-warn" ? "<= +5%" : o == "mode-off" ? "<= +1" : "baseline"
			printf "| ioctl(pipe, FIONREAD), checks %s | %.1f instructions (%+.1f, %+.1f%%) | %s |\n", o, ioctl[o], ioctl[o] - base_i, 100 * (ioctl[o] - base_i) / base_i, o == "mode-warn" ? "<= +5%" : o == "mode-off" ? "<= +1" : "baseline"
		}
		base_k = fn["compiled-out"]
		for (i = 1; i <= k; i++) {
			o = order[i]
			if (!(o in fn))
				continue
			printf "| kernel_read() of 1 byte in the kernel (checked function), checks %s | %.1f instructions (%+.1f, %+.1f%%) | %s |\n", o, fn[o], fn[o] - base_k, 100 * (fn[o] - base_k) / base_k, o == "mode-warn" ? "<= +10%" : o == "mode-off" ? "<= +1" : "baseline"
		}
	}' "$out/figures" > "$out/results.md"

"$KAPI_TOP/scripts/readme-results.sh" "$out/results.md"
cat "$out/results.md"
