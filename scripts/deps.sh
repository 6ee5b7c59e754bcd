#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# deps.sh [test | check]
#
# Install what a tier needs from Debian 12 and create the cache folder.
# Fast when everything is present. `test` (the default) is what `make run`
# and `make test` use; `check` adds what only `make check` uses: clang and
# the LLVM tools, the arm64 cross toolchain and its libraries, QEMU for
# arm64, the arm64 busybox, redis-server for the remote ccache job.
set -euo pipefail
. "$(dirname "$0")/lib.sh"

tier=${1:-test}
pkgs=(
	linux-source-6.12 qemu-system-x86 busybox-static
	build-essential gcc-12-multilib flex bison bc libelf-dev libssl-dev cpio ccache
	git patch rsync xz-utils kmod libjansson-dev libxml2-dev jq
	python3-jsonschema python3-docutils groff-base libxml2-utils sparse manpages-dev
)
case $tier in
test) ;;
check)
	pkgs+=(
		clang libclang-rt-14-dev lld llvm redis-server
		# the arm64 kernel and its guest programs (tools/kapi static
		# for arm64)
		gcc-aarch64-linux-gnu libc6-dev-arm64-cross qemu-system-arm
		libelf-dev:arm64 libjansson-dev:arm64 zlib1g-dev:arm64
	)
	;;
*) kapi_die "usage: deps.sh [test | check]" ;;
esac

# Everything below unpacks or builds into the cache; a fresh machine has
# none.
mkdir -p "$KAPI_CACHE" || kapi_die "cannot create the cache folder $KAPI_CACHE"

missing=()
for p in "${pkgs[@]}"; do
	if ! dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q 'ok installed'; then
		missing+=("$p")
	fi
done

if [ ${#missing[@]} -gt 0 ]; then
	kapi_step "installing ${missing[*]}"
	export DEBIAN_FRONTEND=noninteractive
	if [ "$tier" = check ]; then
		dpkg --print-foreign-architectures | grep -qx arm64 ||
			kapi_sudo dpkg --add-architecture arm64
	fi
	kapi_sudo apt-get update -qq
	kapi_sudo apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
fi

[ "$tier" = check ] || exit 0

# arm64 guests' busybox, unpacked into the cache: installing
# busybox-static:arm64 would replace the host's.
bb=$(kapi_busybox arm64)
if [ ! -x "$bb" ]; then
	kapi_step "fetching busybox-static:arm64 into $(dirname "$(dirname "$bb")")"
	tmp=$(mktemp -d)
	chmod 755 "$tmp"	# apt's download user writes into it
	(cd "$tmp" && apt-get download -qq busybox-static:arm64) ||
		kapi_die "apt-get download busybox-static:arm64 failed"
	rm -rf "$KAPI_CACHE/busybox-arm64" "$KAPI_CACHE/busybox-arm64.tmp"
	dpkg-deb -x "$tmp"/busybox-static_*_arm64.deb "$KAPI_CACHE/busybox-arm64.tmp"
	mv "$KAPI_CACHE/busybox-arm64.tmp" "$KAPI_CACHE/busybox-arm64"
	rm -rf "$tmp"
	[ -x "$bb" ] || kapi_die "busybox-static:arm64 has no $bb"
fi
