#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# series-bisect.sh [SERIESDIR] - build every commit of the series.
#
# For each commit of the series scripts/series.sh made (SERIESDIR-work,
# default $KAPI_OUT/series-work), in order: check it out into a scratch
# tree ($KAPI_CACHE/series-bisect/linux, with its git directory beside it
# so setlocalversion sees no repository, as for the prepared tree) and
# build it with the test configuration (config/{base,x86,kunit,kapi,kapitest,debug})
# by scripts/build.sh, into $KAPI_CACHE/series-bisect/build-bisect, with
# the shared ccache. Options a commit does not have yet (CONFIG_KAPI_*
# before the commit that adds them) are dropped from the fragments for
# that commit, and only for it. Stops at the first commit that does not
# build, naming it; logs are $KAPI_OUT/build-bisect-NN.log.
#
# Slow: one full build (~4 min on 2 cores, less with a warm ccache), then
# an incremental one per commit. `make series-bisect` runs it.
set -euo pipefail
. "$(dirname "$0")/lib.sh"

repo=${1:-$KAPI_OUT/series}-work/repo.git
[ -d "$repo" ] || kapi_die "no series repository $repo (run make series)"
scratch=$KAPI_CACHE/series-bisect
harness=$scratch/harness
mkdir -p "$scratch/linux" "$harness/scripts" "$harness/config"
# build.sh itself, run with a KAPI_CACHE whose linux/ is the scratch tree;
# ccache stays the shared one.
cp "$KAPI_TOP/scripts/build.sh" "$KAPI_TOP/scripts/lib.sh" "$harness/scripts/"
export KAPI_OUT	# CCACHE_DIR is already the shared one (lib.sh)
: > "$scratch/overlay.files"	# build.sh hashes it into its config stamp

sgit() { git --git-dir="$scratch/git" --work-tree="$scratch/linux" "$@"; }
if [ ! -d "$scratch/git" ]; then
	git clone -q --bare --shared "$repo" "$scratch/git"
else
	git --git-dir="$scratch/git" fetch -q "$repo" '+refs/heads/*:refs/heads/*'
fi
git --git-dir="$scratch/git" config core.bare false

mapfile -t commits < <(git --git-dir="$scratch/git" rev-list --reverse pristine..kapi)
[ ${#commits[@]} -gt 0 ] || kapi_die "the series has no commits"
i=0
for c in "${commits[@]}"; do
	i=$((i + 1))
	subject=$(git --git-dir="$scratch/git" log -1 --format=%s "$c")
	kapi_step "bisect $i/${#commits[@]}: $subject"
	# checkout rewrites only the files that change, so the build after
	# it is incremental.
	sgit checkout -q -f "$c"
	sgit clean -q -fdx
	known=$(find "$scratch/linux" -name 'Kconfig*' -print0 |
		xargs -0 sed -nE 's/^[[:space:]]*(menu)?config[[:space:]]+([A-Za-z0-9_]+).*/CONFIG_\2/p' |
		sort -u)
	for f in base x86 kunit kapi kapitest debug; do
		while IFS= read -r line; do
			sym=$(sed -nE 's/^(# )?(CONFIG_[A-Za-z0-9_]+)[= ].*/\2/p' <<< "$line")
			if [ -n "$sym" ] && ! grep -qxF "$sym" <<< "$known"; then
				echo "# $sym: not in this commit's Kconfig"
				continue
			fi
			printf '%s\n' "$line"
		done < "$KAPI_TOP/config/$f.config" > "$harness/config/$f.config"
	done
	if ! KAPI_CACHE=$scratch "$harness/scripts/build.sh" -n bisect base x86 kunit kapi kapitest debug; then
		cp "$KAPI_OUT/build-bisect.log" "$KAPI_OUT/build-bisect-$(printf %02d $i).log"
		kapi_die "commit $i of the series does not build: $subject" \
			"(log: $KAPI_OUT/build-bisect-$(printf %02d $i).log)"
	fi
	cp "$KAPI_OUT/build-bisect.log" "$KAPI_OUT/build-bisect-$(printf %02d $i).log"
done
kapi_step "bisect: all ${#commits[@]} commits of the series build"
