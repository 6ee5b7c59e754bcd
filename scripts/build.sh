#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# build.sh [-n NAME] [FRAGMENT...]
#
# Configure (tinyconfig + config/FRAGMENT.config, in order) and build the
# prepared tree out of tree in $KAPI_CACHE/build-NAME with ccache.
# Defaults: NAME=test, fragments "base kunit kapi kapitest debug".
set -euo pipefail
. "$(dirname "$0")/lib.sh"

name=test
while getopts n: opt; do
	case $opt in
	n) name=$OPTARG ;;
	*) kapi_die "usage: build.sh [-n NAME] [FRAGMENT...]" ;;
	esac
done
shift $((OPTIND - 1))
[ $# -gt 0 ] || set -- base kunit kapi kapitest debug

frags=()
for f in "$@"; do
	[ -f "$KAPI_TOP/config/$f.config" ] || kapi_die "no fragment config/$f.config"
	frags+=("$KAPI_TOP/config/$f.config")
done

bdir=$KAPI_CACHE/build-$name
log=$KAPI_OUT/build-$name.log
mkdir -p "$bdir" "$KAPI_OUT"
kmake() { make -C "$KAPI_SRC" O="$bdir" CC="ccache gcc" HOSTCC="ccache gcc" "$@"; }

# Every option a fragment sets must survive olddefconfig: a dependency we
# forgot would otherwise silently drop a whole feature.
check_config() {
	local want lost=0 sym val got
	want=$(cat "${frags[@]}" |
		sed -nE 's/^(CONFIG_[A-Za-z0-9_]+)=(.*)$/\1 \2/p;
			 s/^# (CONFIG_[A-Za-z0-9_]+) is not set$/\1 n/p' |
		awk '{ v[$1] = $2 } END { for (s in v) print s, v[s] }' | sort)
	while read -r sym val; do
		got=$(sed -nE "s/^$sym=(.*)$/\1/p" "$bdir/.config")
		[ -n "$got" ] || got=n
		if [ "$got" != "$val" ]; then
			echo "error: $sym=$val (from config/) became $sym=$got after olddefconfig;" \
			     "check its dependencies in Kconfig" >&2
			lost=1
		fi
	done <<< "$want"
	return $lost
}

configure() {
	local stamp
	stamp=$(cat "${frags[@]}" "$KAPI_CACHE/overlay.files" 2>/dev/null | sha1sum)
	stamp="$stamp $(find "$KAPI_SRC" -name 'Kconfig*' -newer "$bdir/.config" \
		2>/dev/null | head -1 || true)"
	if [ -f "$bdir/.config" ] && [ "$(cat "$bdir/.kapi-config-stamp" 2>/dev/null)" = "$stamp" ]; then
		return 0
	fi
	kapi_step "configuring $name: tinyconfig + $*"
	kmake -s tinyconfig > "$log" 2>&1
	(cd "$bdir" && "$KAPI_SRC/scripts/kconfig/merge_config.sh" -m -O "$bdir" \
		"$bdir/.config" "${frags[@]}") >> "$log" 2>&1
	kmake -s olddefconfig >> "$log" 2>&1
	check_config || exit 1
	echo "$stamp" > "$bdir/.kapi-config-stamp"
}

configure "$@"
# Modules too when the configuration has any (the kapitest fragment's).
targets=(bzImage)
grep -q '=m$' "$bdir/.config" && targets+=(modules)
kapi_step "building $name kernel in $bdir (cold ~4 min, warm ~30 s)"
start=$(date +%s)
set +e
# a spec whose errors disagree with the code fails the build
kmake -j"$KAPI_JOBS" KAPI_GEN_FLAGS="${KAPI_GEN_FLAGS--Werror}" "${targets[@]}" 2>&1 | tee -a "$log" | awk '
	/^  [A-Z]+ / { n++; if (n % 200 == 0) { printf "==> build: %d steps\n", n > "/dev/stderr" } }
	/warning:|error:/ { print > "/dev/stderr" }'
rc=${PIPESTATUS[0]}
set -e
if [ "$rc" -ne 0 ]; then
	echo "error: kernel build failed; last lines of $log:" >&2
	tail -n 40 "$log" >&2
	exit 1
fi
kapi_step "built $bdir/arch/x86/boot/bzImage in $(( $(date +%s) - start )) s"
