#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# printf-style calls in our kernel code put constant text in the format,
# not through a "%s" (const-args.awk): every C file and header the overlay
# adds, and every C file our patches edit (in the prepared tree, when there
# is one). Prints KTAP. Usage: run.sh OUTDIR
set -u
here=$(cd "$(dirname "$0")" && pwd)
. "$here/../../scripts/lib.sh"
. "$here/../lib/ktap.sh"

out=${1:?usage: run.sh OUTDIR}/format
mkdir -p "$out"

files=()
while read -r f; do
	files+=("$KAPI_TOP/linux/$f")
done < <(cd "$KAPI_TOP/linux" &&
	find kernel drivers fs mm lib include -name '*.[ch]' 2>/dev/null | sort)
while read -r f; do
	[ -f "$KAPI_SRC/$f" ] && files+=("$KAPI_SRC/$f")
done < <(sed -nE 's|^\+\+\+ b/(.*\.c)$|\1|p' "$KAPI_TOP"/patches/*.patch | sort -u)

# The check must be able to fail.
cat > "$out/sample.c" <<'SAMPLE'
static void sample(struct seq_file *m, int indent, bool on)
{
	seq_printf(m, "%*s%s\n", indent, "", on ? "on" : "off");
	pr_warn("%s: only %s context\n",
		m->name, "sleepable");
}
SAMPLE
got=$(awk -f "$here/const-args.awk" "$out/sample.c")
if [ "$got" = "$out/sample.c:4: pr_warn passes the constant \"sleepable\" through a %s" ]; then
	ktap_pass "format: the check finds a constant through %s, and only it"
else
	ktap_fail "format: the check finds a constant through %s, and only it" "$got"
fi

for f in "${files[@]}"; do
	name=${f#"$KAPI_TOP/linux/"}
	name=${name#"$KAPI_SRC/"}
	got=$(awk -f "$here/const-args.awk" "$f")
	if [ -z "$got" ]; then
		ktap_pass "format: $name: no constant through %s"
	else
		ktap_fail "format: $name: no constant through %s" \
			"$(printf '%s\n' "$got" | sed "s|^$f|$name|")"
	fi
done
ktap_finish
