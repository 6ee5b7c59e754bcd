#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
# Install what kapi needs from Debian 12. Fast when everything is present.
set -euo pipefail
. "$(dirname "$0")/lib.sh"

pkgs=(
	linux-source-6.12 qemu-system-x86 busybox-static
	build-essential gcc-12-multilib flex bison bc libelf-dev libssl-dev cpio ccache
	git patch rsync xz-utils kmod libjansson-dev libxml2-dev jq
	clang libclang-rt-14-dev lld llvm
	python3-jsonschema python3-docutils groff-base libxml2-utils sparse manpages-dev
)

missing=()
for p in "${pkgs[@]}"; do
	if ! dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q 'ok installed'; then
		missing+=("$p")
	fi
done

if [ ${#missing[@]} -eq 0 ]; then
	exit 0
fi

kapi_step "installing ${missing[*]}"
export DEBIAN_FRONTEND=noninteractive
kapi_sudo apt-get update -qq
kapi_sudo apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
