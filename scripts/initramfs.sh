#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# initramfs.sh [-a ARCH] OUTPUT [PAYLOAD]
#
# Pack static busybox (ARCH's, x86 by default), our /init and jobs, and PAYLOAD into a gzip'd newc
# cpio. PAYLOAD is copied to /kapi: its tests/ are run in name order by the
# "test" job (then ksft/, kselftest's install, through its own runner with
# kapi_ksft=1 on the kernel command line), its run.d/ by the "run" job.
set -euo pipefail
. "$(dirname "$0")/lib.sh"

arch=x86
while getopts a: opt; do
	case $opt in
	a) arch=$OPTARG ;;
	*) kapi_die "usage: initramfs.sh [-a ARCH] OUTPUT [PAYLOAD]" ;;
	esac
done
shift $((OPTIND - 1))
out=${1:?usage: initramfs.sh [-a ARCH] OUTPUT [PAYLOAD]}
tests=${2:-}
busybox=$(kapi_busybox "$arch")
[ -x "$busybox" ] || kapi_die "no busybox for $arch guests at $busybox (run scripts/deps.sh check)"
case $(LC_ALL=C readelf -lW "$busybox" 2>&1 || true) in
*INTERP*) kapi_die "$busybox is not static (install busybox-static)" ;;
esac

root=$(mktemp -d)
# mktemp makes it 0700; as the guest's / it must let everyone search it.
chmod 755 "$root"
trap 'rm -rf "$root"' EXIT
mkdir -p "$root"/{bin,sbin,usr/bin,usr/sbin,proc,sys,dev,tmp,etc,kapi/jobs,kapi/tests,kapi/run.d}
cp "$busybox" "$root/bin/busybox"
# The applet names from the host's busybox: Debian builds every
# architecture's from one configuration, and a foreign one cannot run here.
for a in $(/bin/busybox --list-full); do
	[ -e "$root/$a" ] || ln -s /bin/busybox "$root/$a"
done
rm "$root/usr/bin/timeout"
install -m 755 "$KAPI_TOP/scripts/initramfs/timeout" "$root/usr/bin/timeout"
cp "$KAPI_TOP/scripts/initramfs/init" "$root/init"
cp "$KAPI_TOP/scripts/initramfs/jobs/"* "$root/kapi/jobs/"
if [ -n "$tests" ] && [ -d "$tests" ]; then
	cp -a "$tests/." "$root/kapi/"
fi

mkdir -p "$(dirname "$out")"
(cd "$root" && find . -print0 | LC_ALL=C sort -z |
	cpio --null -o -H newc --owner=0:0 --quiet) | gzip -n -9 > "$out.tmp"
mv "$out.tmp" "$out"
