#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# The README's promise, checked as a new user would meet it: a minimal
# Debian 12 (debootstrap --variant=minbase, plus git, make, gcc and sudo)
# gets a fresh clone of this checkout's HEAD in a chroot, where a user with
# sudo runs `make run` and then root runs `make test`, each with an empty
# kapi cache (no ~/.cache at all), so every package has to come from
# scripts/deps.sh (through sudo: the user goes first) and every folder
# from the scripts.  Not part of `make test`.  Root only.
#
# The base system is built once into $KAPI_CACHE/fresh-debian/base; each
# run starts from a copy of it, so packages installed by an earlier run
# cannot hide a missing dependency.  Expect about half an hour on 2 cores
# (apt, then two cold runs: each extracts the tree and builds a kernel
# with an empty ccache).
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

if [ ! -f "$base/.kapi-complete-2" ]; then
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
			git make gcc libc6-dev ca-certificates sudo &&
		useradd -m -s /bin/bash kapi &&
		echo "kapi ALL=(ALL) NOPASSWD: ALL" > /etc/sudoers.d/kapi' \
		>> "$top/debootstrap.log" 2>&1 ||
		kapi_die "installing git, make, gcc and sudo failed; see $top/debootstrap.log"
	touch "$base/.kapi-complete-2"
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
git clone -q "$KAPI_TOP" "$root/home/kapi/kapi"
chroot "$root" chown -R kapi:kapi /home/kapi/kapi
git clone -q "$KAPI_TOP" "$root/root/kapi"
[ -z "$(git -C "$KAPI_TOP" status --porcelain --untracked-files=no)" ] ||
	echo "note: uncommitted changes in $KAPI_TOP are not part of this run" >&2

# in_chroot USER HOME COMMAND LOG: COMMAND in the clone of USER, timed;
# prints its exit status and seconds
in_chroot() {
	local start rc
	kapi_step "$1: $3 in the chroot (log: $4)"
	start=$(date +%s)
	chroot --userspec="$1:$1" "$root" /usr/bin/env -i HOME="$2" USER="$1" TERM=dumb \
		LANG=C.UTF-8 PATH=/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin \
		/bin/bash -c "cd $2/kapi && $3" > "$4" 2>&1
	rc=$?
	echo "$rc $(($(date +%s) - start))"
}

set +e
read -r run_rc run_secs < <(in_chroot kapi /home/kapi "make run" "$top/make-run.log")
read -r test_rc test_secs < <(in_chroot root /root "make test" "$log")
set -e

sed -n '/^skip reasons:/,$p' "$log"
echo "fresh Debian 12, user kapi with sudo: make run exit $run_rc after ${run_secs} s;" \
	"log $top/make-run.log"
echo "fresh Debian 12, root: make test exit $test_rc after ${test_secs} s; log $log"
[ -n "$keep" ] && echo "root file system kept in $root"
tail -n 1 "$log"
[ "$run_rc" -eq 0 ] && [ "$test_rc" -eq 0 ]
