#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
#
# module_unload with the loop driver: loop.ko loaded and unloaded for
# SECONDS (default 3) while other processes read its specs' debugfs files
# and issue its ioctls (make stress runs it longer). A skip where loop is
# built in or not built.
#
# usage: module_unload_loop.sh [SECONDS]

DIR=$(dirname "$(readlink -f "$0")")
prog=$DIR/module_unload
[ -x "$prog" ] || prog=$DIR/kapi-module_unload
for ko in /kapi/modules/loop.ko \
	  "/lib/modules/$(uname -r)/kernel/drivers/block/loop.ko"; do
	[ -r "$ko" ] && exec "$prog" "${1:-3}" "$ko"
done
echo "TAP version 13"
echo "1..0 # SKIP no loop.ko (CONFIG_BLK_DEV_LOOP=m)"
exit 4
