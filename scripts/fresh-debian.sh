#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# The README's promise, checked as a new user would meet it: a minimal
# Debian 12 (debootstrap --variant=minbase, plus git, make and gcc) gets a
# fresh clone of this checkout's HEAD and runs `make test` in a chroot,
# with an empty kapi cache, so every package a test needs has to come from
# scripts/deps.sh.  Not part of `make test`.  Root only.
#
# The base system is built once into $KAPI_CACHE/fresh-debian/base; each
# run starts from a copy of it, so packages installed by an earlier run
# cannot hide a missing dependency.  Expect about 15 minutes on 2 cores
# (apt, extracting the tree, a kernel build with an empty ccache, tests).
#
# Usage: scripts/fresh-debian.sh [--keep | --prepare]
#   --keep     leave the run's root file system in place for inspection
#   --prepare  only build the base system (no kernel build, no tests)
set -euo pipefail
. "$(dirname "$0")/lib.sh"

keep=
prepare=
case ${1:-} in
--keep) keep=1 ;;
--prepare) prepare=1 ;;
'') ;;
*) echo "usage: $0 [--keep | --prepare]" >&2; exit 2 ;;
esac
[ "$(id -u)" -eq 0 ] || kapi_die "fresh-debian.sh needs root (debootstrap, chroot, mounts)"

mirror=${KAPI_DEBIAN_MIRROR:-http://deb.debian.org/debian}
top=$KAPI_CACHE/fresh-debian
base=$top/base
root=$top/run
log=$top/make-test.log

if [ ! -f "$base/.kapi-complete" ]; then
	command -v debootstrap > /dev/null || {
		kapi_step "installing debootstrap"
		DEBIAN_FRONTEND=noninteractive apt-get install -y -qq debootstrap > /dev/null
	}
	kapi_step "debootstrap bookworm (minbase) into $base"
	rm -rf "$base"
	mkdir -p "$top"
	debootstrap --variant=minbase bookworm "$base" "$mirror" > "$top/debootstrap.log" 2>&1 ||
		kapi_die "debootstrap failed; see $top/debootstrap.log"
	# linux-source-6.12 comes from bookworm-security.
	cat > "$base/etc/apt/sources.list" <<-EOF
	deb $mirror bookworm main
	deb $mirror bookworm-updates main
	deb ${mirror%/debian}/debian-security bookworm-security main
	EOF
	cp /etc/resolv.conf "$base/etc/resolv.conf"
	chroot "$base" /bin/sh -c 'apt-get update -qq &&
		DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends \
			git make gcc libc6-dev ca-certificates' >> "$top/debootstrap.log" 2>&1 ||
		kapi_die "installing git, make and gcc failed; see $top/debootstrap.log"
	touch "$base/.kapi-complete"
fi
[ -z "$prepare" ] || exit 0

mounts=()
cleanup() {
	local i
	for ((i = ${#mounts[@]} - 1; i >= 0; i--)); do
		umount -l "${mounts[$i]}" 2> /dev/null || true
	done
	[ -n "$keep" ] || rm -rf "$root"
}
trap cleanup EXIT

kapi_step "copying the base system"
rm -rf "$root"
cp -a "$base" "$root"
cp /etc/resolv.conf "$root/etc/resolv.conf"
for m in proc sys dev dev/pts; do
	mkdir -p "$root/$m"
	case $m in
	proc) mount -t proc proc "$root/proc" ;;
	sys) mount -t sysfs sysfs "$root/sys" ;;
	*) mount --bind "/$m" "$root/$m" ;;
	esac
	mounts+=("$root/$m")
done

kapi_step "cloning $(git -C "$KAPI_TOP" rev-parse --short HEAD) into the chroot"
git clone -q "$KAPI_TOP" "$root/root/kapi"
[ -z "$(git -C "$KAPI_TOP" status --porcelain --untracked-files=no)" ] ||
	echo "note: uncommitted changes in $KAPI_TOP are not part of this run" >&2

kapi_step "make test in the chroot (log: $log)"
start=$(date +%s)
set +e
chroot "$root" /usr/bin/env -i HOME=/root TERM=dumb LANG=C.UTF-8 \
	PATH=/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin \
	/bin/bash -c 'cd /root/kapi && make test' > "$log" 2>&1
rc=$?
set -e
secs=$(($(date +%s) - start))

sed -n '/^skip reasons:/,$p' "$log"
echo "fresh Debian 12: make test exit $rc after ${secs} s; log $log"
[ -n "$keep" ] && echo "root file system kept in $root"
tail -n 1 "$log"
exit $rc
