#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# initramfs.sh OUTPUT [PAYLOAD]
#
# Pack static busybox, our /init and jobs, and PAYLOAD into a gzip'd newc
# cpio. PAYLOAD is copied to /kapi: its tests/ are run in name order by the
# "test" job (then ksft/, kselftest's install, through its own runner with
# kapi_ksft=1 on the kernel command line), its run.d/ by the "run" job.
set -euo pipefail
. "$(dirname "$0")/lib.sh"

out=${1:?usage: initramfs.sh OUTPUT [PAYLOAD]}
tests=${2:-}
busybox=/bin/busybox
case $(ldd "$busybox" 2>&1 || true) in
*'not a dynamic'*) ;;
*) kapi_die "$busybox is not static (install busybox-static)" ;;
esac

root=$(mktemp -d)
# mktemp makes it 0700; as the guest's / it must let everyone search it.
chmod 755 "$root"
trap 'rm -rf "$root"' EXIT
mkdir -p "$root"/{bin,sbin,usr/bin,usr/sbin,proc,sys,dev,tmp,etc,kapi/jobs,kapi/tests,kapi/run.d}
cp "$busybox" "$root/bin/busybox"
for a in $("$busybox" --list-full); do
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
