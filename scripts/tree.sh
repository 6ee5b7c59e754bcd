#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# Prepare the kernel tree in $KAPI_CACHE/linux: extract the Debian source
# once (kept pristine as a git commit in $KAPI_CACHE/pristine.git), then
# lay linux/ over it and apply patches/series in order.
#
# The result is computed in a scratch directory first and copied into the
# tree only where a file's content differs, so an unchanged overlay leaves
# every mtime alone and the next build has nothing to do. A patch that does
# not apply stops everything before the tree is touched.
set -euo pipefail
. "$(dirname "$0")/lib.sh"

manifest=$KAPI_CACHE/overlay.files

extract_pristine() {
	[ -f "$KAPI_CACHE/.pristine-ok" ] && return 0
	[ -r "$KAPI_TARBALL" ] || kapi_die "$KAPI_TARBALL missing (run scripts/deps.sh)"
	mkdir -p "$KAPI_CACHE"
	rm -rf "$KAPI_SRC" "$KAPI_GIT" "$manifest"
	kapi_step "extracting $(basename "$KAPI_TARBALL") into $KAPI_SRC (~15 s)"
	mkdir -p "$KAPI_SRC.tmp"
	tar -xJf "$KAPI_TARBALL" -C "$KAPI_SRC.tmp" --strip-components=1
	mv "$KAPI_SRC.tmp" "$KAPI_SRC"
	kapi_step "recording the pristine tree (~1 min)"
	git init -q --bare "$KAPI_GIT"
	git --git-dir="$KAPI_GIT" config core.compression 1
	git --git-dir="$KAPI_GIT" config gc.auto 0
	git --git-dir="$KAPI_GIT" config core.bare false
	kapi_pgit add -A -f .
	kapi_pgit -c user.name=kapi -c user.email=kapi@localhost \
		commit -q -m "Linux $(make -s -C "$KAPI_SRC" kernelversion) (Debian linux-source-6.12)"
	kapi_pgit tag pristine
	touch "$KAPI_CACHE/.pristine-ok"
}

# Build the full set of files we own (overlay + every file a patch touches)
# in $stage, starting from pristine content.
stage_tree() {
	local stage=$1 p f

	(cd "$KAPI_TOP/linux" && find . -type f ! -name '*~' -printf '%P\n') \
		> "$stage.files"
	if [ -f "$KAPI_TOP/patches/series" ]; then
		while read -r p; do
			case $p in ''|'#'*) continue ;; esac
			[ -f "$KAPI_TOP/patches/$p" ] ||
				kapi_die "patches/series names $p, which does not exist"
			sed -nE 's#^(\+\+\+|---) [ab]/([^\t]*).*#\2#p' \
				"$KAPI_TOP/patches/$p"
		done < "$KAPI_TOP/patches/series" >> "$stage.files"
	fi
	sort -u -o "$stage.files" "$stage.files"

	while read -r f; do
		if kapi_pgit cat-file -e "pristine:$f" 2>/dev/null; then
			mkdir -p "$stage/$(dirname "$f")"
			kapi_pgit show "pristine:$f" > "$stage/$f"
			# Keep the execute bit (scripts/kernel-doc runs in W=1).
			case $(kapi_pgit ls-tree pristine -- "$f") in
			100755*) chmod +x "$stage/$f" ;;
			esac
		fi
	done < "$stage.files"
	cp -a "$KAPI_TOP/linux/." "$stage/"

	[ -f "$KAPI_TOP/patches/series" ] || return 0
	while read -r p; do
		case $p in ''|'#'*) continue ;; esac
		if ! patch -p1 -s -N -f -d "$stage" --no-backup-if-mismatch \
			-r - < "$KAPI_TOP/patches/$p" > "$stage.patchlog" 2>&1; then
			echo "error: patches/$p does not apply:" >&2
			sed 's/^/  /' "$stage.patchlog" >&2
			echo "  (the kernel tree was not modified)" >&2
			return 1
		fi
	done < "$KAPI_TOP/patches/series"
}

sync_tree() {
	local stage=$1 f changed=0

	while read -r f; do
		[ -f "$stage/$f" ] || continue
		if ! cmp -s "$stage/$f" "$KAPI_SRC/$f"; then
			mkdir -p "$KAPI_SRC/$(dirname "$f")"
			cp "$stage/$f" "$KAPI_SRC/$f.kapi-new"
			chmod --reference="$stage/$f" "$KAPI_SRC/$f.kapi-new"
			mv "$KAPI_SRC/$f.kapi-new" "$KAPI_SRC/$f"
			changed=$((changed + 1))
		elif [ "$(stat -c %a "$stage/$f")" != "$(stat -c %a "$KAPI_SRC/$f")" ]; then
			chmod --reference="$stage/$f" "$KAPI_SRC/$f"
		fi
	done < "$stage.files"

	# Files we owned last time but no longer do go back to pristine.
	if [ -f "$manifest" ]; then
		comm -23 "$manifest" "$stage.files" | while read -r f; do
			if kapi_pgit cat-file -e "pristine:$f" 2>/dev/null; then
				kapi_pgit checkout -q pristine -- "$f"
			else
				rm -f "$KAPI_SRC/$f"
			fi
			echo "  restored $f"
		done
	fi
	cp "$stage.files" "$manifest.tmp"
	mv "$manifest.tmp" "$manifest"
	[ "$changed" -eq 0 ] || kapi_step "tree: $changed file(s) updated"
}

extract_pristine
stage=$(mktemp -d "$KAPI_CACHE/stage.XXXXXX")
trap 'rm -rf "$stage" "$stage.files" "$stage.patchlog"' EXIT
stage_tree "$stage"
sync_tree "$stage"
