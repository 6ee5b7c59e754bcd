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
# Machines that share compiled objects (README): ccache's remote storage,
# redis://HOST[:PORT] or http://HOST/PATH.
[ -z "${KAPI_CCACHE_REMOTE:-}" ] || export CCACHE_REMOTE_STORAGE=$KAPI_CCACHE_REMOTE
# A fixed build identity keeps init/version.o, and so vmlinux, unchanged
# when nothing else changed.
export KBUILD_BUILD_TIMESTAMP='Thu Jan  1 00:00:00 UTC 2026'
export KBUILD_BUILD_USER=kapi
export KBUILD_BUILD_HOST=kapi
export KBUILD_BUILD_VERSION=1

kapi_step() { printf '==> %s\n' "$*" >&2; }
kapi_die() { printf 'error: %s\n' "$*" >&2; exit 1; }

# kapi_arch_of BUILDDIR: the architecture (SRCARCH) of the kernel
# configured in BUILDDIR: arm64, or x86 (also when it has no .config yet).
kapi_arch_of() {
	if grep -qs '^CONFIG_ARM64=y' "$1/.config"; then
		echo arm64
	else
		echo x86
	fi
}

# kapi_image_of BUILDDIR: the boot image the kernel in BUILDDIR builds
kapi_image_of() {
	case $(kapi_arch_of "$1") in
	arm64) echo "$1/arch/arm64/boot/Image" ;;
	*) echo "$1/arch/x86/boot/bzImage" ;;
	esac
}

# kapi_cross ARCH: the prefix of the Debian cross tools for ARCH, empty for
# the host's (x86).
kapi_cross() {
	case $1 in
	arm64) echo aarch64-linux-gnu- ;;
	x86) ;;
	*) kapi_die "no cross compiler known for $1 (x86, arm64)" ;;
	esac
}

# kapi_busybox ARCH: a static busybox for ARCH's guests (deps.sh fetches
# arm64's without installing it, which would replace the host's).
kapi_busybox() {
	case $1 in
	arm64) echo "$KAPI_CACHE/busybox-arm64/bin/busybox" ;;
	*) echo /bin/busybox ;;
	esac
}

# kapi_kmake BUILDDIR MAKEARGS...: make in the prepared tree, out of tree
# in BUILDDIR, with ccache; with clang and the LLVM tools when KAPI_LLVM=1.
# The architecture is $KAPI_ARCH when set (a build directory being
# configured), else the one BUILDDIR is configured for.
kapi_kmake() {
	local bdir=$1 arch cross tools=(CC="ccache gcc" HOSTCC="ccache gcc")
	shift
	arch=${KAPI_ARCH:-$(kapi_arch_of "$bdir")}
	cross=$(kapi_cross "$arch")
	[ -z "$cross" ] ||
		tools=(ARCH="$arch" CROSS_COMPILE="$cross" CC="ccache ${cross}gcc" HOSTCC="ccache gcc")
	[ "${KAPI_LLVM:-}" != 1 ] || tools=(LLVM=1 CC="ccache clang" HOSTCC="ccache clang")
	make -C "$KAPI_SRC" O="$bdir" "${tools[@]}" "$@"
}

# kapi_configure BUILDDIR LOG FRAGMENT...: $KAPI_BASECONFIG (a make target:
# tinyconfig unless set), the fragment files merged in order, olddefconfig
# (output in LOG). Fails when an option a fragment sets did not survive
# olddefconfig: a dependency we forgot would otherwise silently drop a
# whole feature.
kapi_configure() {
	local bdir=$1 log=$2 want sym val got lost=0
	shift 2
	{
		kapi_kmake "$bdir" -s "${KAPI_BASECONFIG:-tinyconfig}" &&
		(cd "$bdir" && "$KAPI_SRC/scripts/kconfig/merge_config.sh" -m \
			-O "$bdir" "$bdir/.config" "$@") &&
		kapi_kmake "$bdir" -s olddefconfig
	} > "$log" 2>&1 || { echo "error: configuring $bdir failed, see $log" >&2; return 1; }
	want=$(cat "$@" |
		sed -nE 's/^(CONFIG_[A-Za-z0-9_]+)=(.*)$/\1 \2/p;
			 s/^# (CONFIG_[A-Za-z0-9_]+) is not set$/\1 n/p' |
		awk '{ v[$1] = $2 } END { for (s in v) print s, v[s] }' | sort)
	while read -r sym val; do
		got=$(sed -nE "s/^$sym=(.*)$/\1/p" "$bdir/.config")
		[ -n "$got" ] || got=n
		if [ "$got" != "$val" ]; then
			echo "error: $sym=$val became $sym=$got after olddefconfig;" \
			     "check its dependencies in Kconfig" >&2
			lost=1
		fi
	done <<< "$want"
	return $lost
}

# kapi_expected_suites ARCH: the names in config/expected-suites that a
# kernel for ARCH must report, one per line (a name followed by
# architectures is theirs only).
kapi_expected_suites() {
	local name archs
	while read -r name archs; do
		case $name in ''|'#'*) continue ;; esac
		[ -z "$archs" ] || [[ " $archs " == *" $1 "* ]] || continue
		echo "$name"
	done < "$KAPI_TOP/config/expected-suites"
}

# kapi_debugfs_snapshot LOG DIR: the copy of /sys/kernel/debug/kapi that
# the test job printed into console LOG ("kapi-dump:" lines) as a directory
# tools/kapi --debugfs reads; fails when LOG has none.
kapi_debugfs_snapshot() {
	local log=$1 snap=$2 name json
	grep -aq '^kapi-dump:' "$log" || return 1
	rm -rf "$snap"
	mkdir -p "$snap/json"
	sed -n 's/\r$//; s/^kapi-dump:list://p' "$log" > "$snap/list"
	sed -n 's/\r$//; s/^kapi-dump:json://p' "$log" |
		while IFS=: read -r name json; do
			printf '%s\n' "$json" > "$snap/json/$name"
		done
}

kapi_pgit() { git -C "$KAPI_SRC" --git-dir="$KAPI_GIT" --work-tree="$KAPI_SRC" "$@"; }

# The kernel files that hold the syscall specs: those fs/Makefile lists in
# apispec-y in the prepared tree, the build's own list.
kapi_syscall_spec_files() {
	sed -n 's#^apispec-$(CONFIG_KAPI_SPEC) += \([a-z_]*\)\.o$#fs/\1.c#p' \
		"$KAPI_SRC/fs/Makefile"
}

kapi_sudo() {
	if [ "$(id -u)" -eq 0 ]; then
		"$@"
	else
		sudo "$@"
	fi
}

# kapi_boot_sequence [-A ARCH] [-b BASECONFIG] [-l] [-w] [-f "FRAGMENT..."]
#                    [-x FUNC] [-s FUNC] [-t SECONDS] [-a QEMUARGS] NAME
#                    PAYLOAD INITRAMFS LOG [CMDLINE...]
#
# What every job that boots a kernel does, in order: prepare the tree,
# build $KAPI_CACHE/build-NAME for ARCH (x86 without -A) from BASECONFIG
# (tinyconfig without -b) and config/FRAGMENTs (build.sh's default
# fragments without -f, its defaults and more with "+FRAGMENT..."; with
# clang and the LLVM tools with -l; warnings fail it with -w), build the
# guest programs into PAYLOAD and run FUNC PAYLOAD
# to add to them, pack them into INITRAMFS, and boot it under QEMU with
# the console in LOG (boot.sh, with -t and -a passed on).
# Returns non-zero at the first step that fails. With -s, each step runs
# as FUNC "DESCRIPTION" CMD... so that the caller can record it.
kapi_boot_sequence() {
	local frags=() extra='' stepfn=kapi_run_step boot=() bopts=() arch=x86 opt OPTIND=1

	while getopts A:b:lwf:x:s:t:a: opt; do
		case $opt in
		A) arch=$OPTARG; bopts+=(-a "$OPTARG") ;;
		b) bopts+=(-b "$OPTARG") ;;
		l) bopts+=(-l) ;;
		w) bopts+=(-w) ;;
		f) read -ra frags <<< "$OPTARG" ;;
		x) extra=$OPTARG ;;
		s) stepfn=$OPTARG ;;
		t) boot+=(-t "$OPTARG") ;;
		a) boot+=(-a "$OPTARG") ;;
		*) return 2 ;;
		esac
	done
	shift $((OPTIND - 1))
	[ $# -ge 4 ] || kapi_die "usage: kapi_boot_sequence [-A ARCH] [-b BASECONFIG] [-l] [-w] [-f FRAGMENTS] [-x FUNC] [-s FUNC] [-t SECONDS] [-a QEMUARGS] NAME PAYLOAD INITRAMFS LOG [CMDLINE...]"
	local name=$1 payload=$2 initramfs=$3 log=$4
	shift 4

	"$stepfn" "prepare tree" "$KAPI_TOP/scripts/tree.sh" &&
	"$stepfn" "build $name kernel" \
		"$KAPI_TOP/scripts/build.sh" -n "$name" "${bopts[@]}" "${frags[@]}" &&
	"$stepfn" "build guest programs" kapi_guest_payload "$payload" "$extra" \
		"$KAPI_CACHE/build-$name" &&
	"$stepfn" "pack initramfs" \
		"$KAPI_TOP/scripts/initramfs.sh" -a "$arch" "$initramfs" "$payload" &&
	"$stepfn" "boot and power off" "$KAPI_TOP/scripts/boot.sh" "${boot[@]}" \
		"$(kapi_image_of "$KAPI_CACHE/build-$name")" "$initramfs" \
		"$log" "$@"
}

# kapi_run_step DESCRIPTION CMD...: run CMD (kapi_boot_sequence's default)
kapi_run_step() {
	shift
	"$@"
}

# kapi_guest_payload DIR [FUNC]: the guest programs, then FUNC DIR
kapi_guest_payload() {
	"$KAPI_TOP/scripts/guest-payload.sh" "$1" "$3" || return
	[ -z "${2:-}" ] || "$2" "$1"
}

# kapi_kernel_inputs [FILE...] [-- FUNCTION...]: one hash of what a kernel
# is built from, for the jobs that keep a build's result by its inputs: the
# overlay less its documentation and user-space tools, the patches, the
# FILEs (a configuration) and the text of the FUNCTIONs that build it.
kapi_kernel_inputs() {
	local files=()
	while [ $# -gt 0 ] && [ "$1" != -- ]; do
		files+=("$1")
		shift
	done
	[ $# -gt 0 ] && shift
	( cd "$KAPI_TOP" && find linux patches -type f \
		-not -path 'linux/Documentation/*' -not -path 'linux/tools/*' \
		-print0 | LC_ALL=C sort -z | xargs -0 sha1sum
	  [ ${#files[@]} -eq 0 ] || cat "${files[@]}"
	  [ $# -eq 0 ] || declare -f "$@" ) | sha1sum | cut -d' ' -f1
}

# kapi_boot_key BUILDDIR PAYLOAD CMDLINE...: what a boot's console log
# depends on, as one hash: the kernel image, the guest programs (modules
# included), what packs and boots them (/init and its jobs, initramfs.sh,
# boot.sh, QEMU's version) and the command line.
kapi_boot_key() {
	local build=$1 payload=$2
	shift 2
	( echo "$*"
	  cd "$payload" && find . -type f -print0 | LC_ALL=C sort -z | xargs -0 sha1sum
	  cd "$KAPI_TOP" && find scripts/initramfs scripts/initramfs.sh scripts/boot.sh \
		-type f -print0 | LC_ALL=C sort -z | xargs -0 sha1sum
	  cat "$(kapi_image_of "$build")"
	  qemu-system-x86_64 --version 2> /dev/null | head -1 ) |
		sha1sum | cut -d' ' -f1
}

# kapi_boot_reuse BUILDDIR JOB KEY LOG: when BUILDDIR's last passing boot
# of JOB had inputs KEY, its console log into LOG (the boot need not run
# again); fails otherwise, forgetting that boot.
kapi_boot_reuse() {
	local stamp=$1/boot-$2.passed
	if [ "$(cat "$stamp" 2> /dev/null)" = "$3" ] && cp "$1/boot-$2.console.log" "$4"; then
		return 0
	fi
	rm -f "$stamp"
	return 1
}

# kapi_boot_passed BUILDDIR JOB KEY LOG: remember LOG as the passing boot
# of JOB with inputs KEY
kapi_boot_passed() {
	cp "$4" "$1/boot-$2.console.log" && echo "$3" > "$1/boot-$2.passed"
}
