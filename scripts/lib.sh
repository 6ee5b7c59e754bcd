# SPDX-License-Identifier: GPL-2.0
# Shared settings for the kapi harness scripts; sourced, never run.

KAPI_TOP=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
KAPI_CACHE=${KAPI_CACHE:-$HOME/.cache/kapi}
KAPI_OUT=${KAPI_OUT:-$KAPI_TOP/out}
KAPI_TARBALL=${KAPI_TARBALL:-/usr/src/linux-source-6.12.tar.xz}

# The prepared tree has no .git of its own: the pristine history lives
# beside it, so the kernel's setlocalversion never sees a dirty repo and
# the version string does not change when our overlay does.
KAPI_SRC=$KAPI_CACHE/linux
KAPI_GIT=$KAPI_CACHE/pristine.git
KAPI_BUILD=${KAPI_BUILD:-$KAPI_CACHE/build}
KAPI_JOBS=${KAPI_JOBS:-$(nproc)}

export CCACHE_DIR=${CCACHE_DIR:-$KAPI_CACHE/ccache}
export CCACHE_DEPEND=1
export CCACHE_BASEDIR=$KAPI_CACHE
# A fixed build identity keeps init/version.o, and so vmlinux, unchanged
# when nothing else changed.
export KBUILD_BUILD_TIMESTAMP='Thu Jan  1 00:00:00 UTC 2026'
export KBUILD_BUILD_USER=kapi
export KBUILD_BUILD_HOST=kapi
export KBUILD_BUILD_VERSION=1

kapi_step() { printf '==> %s\n' "$*" >&2; }
kapi_die() { printf 'error: %s\n' "$*" >&2; exit 1; }

kapi_pgit() { git -C "$KAPI_SRC" --git-dir="$KAPI_GIT" --work-tree="$KAPI_SRC" "$@"; }

kapi_sudo() {
	if [ "$(id -u)" -eq 0 ]; then
		"$@"
	else
		sudo "$@"
	fi
}
