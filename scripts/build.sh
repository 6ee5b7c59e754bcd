#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# build.sh [-a ARCH] [-n NAME] [-b BASECONFIG] [-l] [-w] [FRAGMENT... | +FRAGMENT...]
#
# Configure (BASECONFIG + config/FRAGMENT.config, in order) and build the
# prepared tree out of tree in $KAPI_CACHE/build-NAME with ccache, for
# ARCH (x86 or arm64, with Debian's cross gcc), with clang and the LLVM
# tools (LLVM=1) with -l. With -w a warning fails the build. Defaults:
# ARCH=x86, NAME=test, BASECONFIG=tinyconfig, fragments "base x86 ia32
# kunit kapi kapitest debug" (x86) or "base arm64 kunit kapi kapitest
# debug" (arm64), the test kernel's; +FRAGMENT adds to those.
set -euo pipefail
. "$(dirname "$0")/lib.sh"

name='test'
werror=
export KAPI_BASECONFIG=tinyconfig KAPI_LLVM='' KAPI_ARCH=x86
while getopts a:n:b:lw opt; do
	case $opt in
	a) KAPI_ARCH=$OPTARG ;;
	n) name=$OPTARG ;;
	b) KAPI_BASECONFIG=$OPTARG ;;
	l) KAPI_LLVM=1 ;;
	w) werror=1 ;;
	*) kapi_die "usage: build.sh [-a ARCH] [-n NAME] [-b BASECONFIG] [-l] [-w] [FRAGMENT... | +FRAGMENT...]" ;;
	esac
done
shift $((OPTIND - 1))
kapi_cross "$KAPI_ARCH" > /dev/null
if [ $# -eq 0 ] || [ "${1#+}" != "$1" ]; then
	case $KAPI_ARCH in
	arm64) defaults=(base arm64 kunit kapi kapitest debug) ;;
	*) defaults=(base x86 ia32 kunit kapi kapitest debug) ;;
	esac
	set -- "${defaults[@]}" "${@#+}"
fi

frags=()
for f in "$@"; do
	[ -f "$KAPI_TOP/config/$f.config" ] || kapi_die "no fragment config/$f.config"
	frags+=("$KAPI_TOP/config/$f.config")
done

bdir=$KAPI_CACHE/build-$name
log=$KAPI_OUT/build-$name.log
mkdir -p "$bdir" "$KAPI_OUT"
kmake() { kapi_kmake "$bdir" "$@"; }

configure() {
	local stamp
	stamp=$(echo "$KAPI_BASECONFIG llvm=$KAPI_LLVM arch=$KAPI_ARCH" |
		cat - "${frags[@]}" "$KAPI_CACHE/overlay.files" 2>/dev/null | sha1sum)
	stamp="$stamp $(find "$KAPI_SRC" -name 'Kconfig*' -newer "$bdir/.config" \
		2>/dev/null | head -1 || true)"
	if [ -f "$bdir/.config" ] && [ "$(cat "$bdir/.kapi-config-stamp" 2>/dev/null)" = "$stamp" ]; then
		return 0
	fi
	kapi_step "configuring $name: $KAPI_BASECONFIG + $*"
	kapi_configure "$bdir" "$log" "${frags[@]}" || exit 1
	echo "$stamp" > "$bdir/.kapi-config-stamp"
}

configure "$@"
# Modules too when the configuration has any (the kapitest fragment's).
image=$(kapi_image_of "$bdir")
targets=("$(basename "$image")")
grep -q '=m$' "$bdir/.config" && targets+=(modules)
kapi_step "building $name kernel in $bdir (cold ~4 min, warm ~30 s)"
start=$(date +%s)
set +e
# a spec whose errors disagree with the code fails the build
kmake -j"$KAPI_JOBS" KAPI_GEN_FLAGS="${KAPI_GEN_FLAGS--Werror}" "${targets[@]}" 2>&1 | tee -a "$log" | awk '
	/^  [A-Z]+ / { n++; if (n % 200 == 0) { printf "==> build: %d steps\n", n > "/dev/stderr" } }
	/warning:|error:/ { print > "/dev/stderr"; w = 1 }
	END { exit w }'
st=("${PIPESTATUS[@]}")
set -e
if [ "${st[0]}" -ne 0 ]; then
	echo "error: kernel build failed; last lines of $log:" >&2
	tail -n 40 "$log" >&2
	exit 1
fi
if [ -n "$werror" ] && [ "${st[2]}" -ne 0 ]; then
	echo "error: the $name kernel built with warnings (above; -w)" >&2
	exit 1
fi
kapi_step "built $image in $(( $(date +%s) - start )) s"
