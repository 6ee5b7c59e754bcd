// SPDX-License-Identifier: GPL-2.0
/*
 * Guest-side syscall cost loop. Under QEMU with
 * -icount shift=0,align=off,sleep=off the guest clock advances one
 * nanosecond per guest instruction, so the "ns" measured here are
 * instructions, and repeat exactly from run to run.
 *
 * usage: syscall-cost LABEL [ITERATIONS]
 * prints: kapi-bench: LABEL read <instr/call> getppid <instr/call>
 */
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <sys/syscall.h>
#include <time.h>
#include <unistd.h>

static double ns_per_call(long n, int fd, int which)
{
	struct timespec a, b;
	char c;
	long i;

	clock_gettime(CLOCK_MONOTONIC, &a);
	for (i = 0; i < n; i++) {
		if (which)
			syscall(SYS_getppid);
		else
			syscall(SYS_read, fd, &c, 1);
	}
	clock_gettime(CLOCK_MONOTONIC, &b);
	return ((b.tv_sec - a.tv_sec) * 1e9 + (b.tv_nsec - a.tv_nsec)) / n;
}

int main(int argc, char **argv)
{
	long n = argc > 2 ? atol(argv[2]) : 200000;
	int fd = open("/dev/zero", O_RDONLY);
	double r, g, empty;
	struct timespec a, b;
	long i;

	if (fd < 0 || argc < 2) {
		fprintf(stderr, "usage: syscall-cost LABEL [ITERATIONS]\n");
		return 1;
	}
	/* The loop and the syscall() wrapper cost the same in every run. */
	ns_per_call(n / 10, fd, 0);
	r = ns_per_call(n, fd, 0);
	g = ns_per_call(n, fd, 1);
	clock_gettime(CLOCK_MONOTONIC, &a);
	for (i = 0; i < n; i++)
		__asm__ volatile("" ::: "memory");
	clock_gettime(CLOCK_MONOTONIC, &b);
	empty = ((b.tv_sec - a.tv_sec) * 1e9 + (b.tv_nsec - a.tv_nsec)) / n;
	printf("kapi-bench: %s read %.1f getppid %.1f loop %.1f\n", argv[1], r,
	       g, empty);
	return 0;
}
