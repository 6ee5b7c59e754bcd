# SPDX-License-Identifier: GPL-2.0
#
# kapi: the front door. The logic lives in scripts/; see README.md.
#
#   make run     build, boot and show kapi working
#   make test    what every change must pass; the last line is
#                "N passed, N failed, N skipped"
#   make check   make test and the whole matrix (every kapi Kconfig
#                combination, defconfig, clang, arm64, kunit.py on UML,
#                ccache's remote storage); SHARD=i/N runs slice i of N,
#                JOBS="clang arm64" only those jobs
#   make check-list  the matrix's jobs, one a line (SHARD=i/N: its slice)
#   make boot-robustness  boots defconfig with and without kapi 50 times
#                each and counts the oopses (figures, not a test)
#   make series  the upstream series in out/series, checked (git am equals
#                the tested tree, checkpatch, kernel-doc)
#   make clean   remove out/ and the kernel build directories (keeps the
#                extracted tree and ccache in $KAPI_CACHE)

KAPI_OUT ?= $(CURDIR)/out
HOST_CC ?= gcc
HOST_CFLAGS ?= -std=gnu11 -O2 -g -Wall -Wextra -Werror
export KAPI_OUT

HOST_TOOLS := $(KAPI_OUT)/host/ktap-summary $(KAPI_OUT)/host/pairwise $(KAPI_OUT)/host/kapi

.PHONY: run test series series-bisect clean host-tools

run:
	@scripts/run.sh

test:
	@scripts/test.sh

host-tools: $(HOST_TOOLS)

$(KAPI_OUT)/host/ktap-summary: scripts/ktap-summary.c
	@mkdir -p $(dir $@)
	$(HOST_CC) $(HOST_CFLAGS) -o $@ $<

$(KAPI_OUT)/host/pairwise: scripts/pairwise.c
	@mkdir -p $(dir $@)
	$(HOST_CC) $(HOST_CFLAGS) -o $@ $<

# tools/kapi, built from the overlay (it needs nothing from a kernel build).
.PHONY: $(KAPI_OUT)/host/kapi
$(KAPI_OUT)/host/kapi:
	@$(MAKE) -s -C linux/tools/kapi OUTPUT=$(KAPI_OUT)/host/kapi-build/
	@ln -sf kapi-build/kapi $@

clean:
	rm -rf $(KAPI_OUT)
	rm -rf $${KAPI_CACHE:-$$HOME/.cache/kapi}/build-*

# The upstream series: out/series (format-patch), then its checks.
series:
	@scripts/series.sh -o $(KAPI_OUT)/series
	@scripts/series-check.sh $(KAPI_OUT)/series

# Build every commit of the series (slow; needs make series first).
series-bisect:
	@scripts/series-bisect.sh $(KAPI_OUT)/series

# The two tiers' second: scripts/check.sh says what each job does.
.PHONY: check check-list
check:
	@scripts/check.sh $(SHARD) $(JOBS)

check-list:
	@scripts/check.sh --list $(SHARD) $(JOBS)

.PHONY: bench
bench:
	@bench/run.sh

# Fuzz the kernel-doc spec parser (libFuzzer) for FUZZ_SECONDS (default 300).
.PHONY: fuzz
fuzz:
	@scripts/deps.sh check && tests/fuzz/run.sh $(KAPI_OUT)/fuzz $${FUZZ_SECONDS:-300}

# KASAN + lockdep kernel under concurrent load; not part of make test.
.PHONY: stress
stress:
	@stress/run.sh

# 50 boots each of the defconfig kernel with and without kapi, with a large
# initramfs; prints how many oopsed (BOOTS=, PAD_MB=, TCG=single|multi,
# KEYFLIP=timer|kapi to flip a static key under load in each boot,
# CMDLINE= for more kernel arguments).
.PHONY: boot-robustness
boot-robustness:
	@scripts/deps.sh check && $(MAKE) -s host-tools && scripts/boot-robustness.sh \
		-n $(or $(BOOTS),50) -s $(or $(PAD_MB),64) -t $(or $(TCG),single) \
		$(if $(KEYFLIP),-k $(KEYFLIP)) \
		$(if $(CMDLINE),-c "$(CMDLINE)")
