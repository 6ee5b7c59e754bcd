// SPDX-License-Identifier: GPL-2.0
/*
 * Guest-side syscall cost loop. Under QEMU with
 * -icount shift=0,align=off,sleep=off the guest clock advances one
 * nanosecond per guest instruction, so the "ns" measured here are
 * instructions, and repeat exactly from run to run.
 *
 * usage: syscall-cost LABEL [ITERATIONS]
 * prints: kapi-bench: LABEL read <instr/call> getppid <instr/call>
 *	fcntl <instr/call> ioctl <instr/call> loop <instr/iteration>
 * read is read(/dev/zero, 1 byte), fcntl fcntl(/dev/zero, F_GETFL) and
 * ioctl ioctl(pipe, FIONREAD) on a pipe holding one byte.
 */
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <sys/ioctl.h>
#include <sys/syscall.h>
#include <time.h>
#include <unistd.h>

enum call { READ, GETPPID, FCNTL, IOCTL };

static double ns_per_call(long n, int fd, int pipe_rd, enum call which)
{
	struct timespec a, b;
	int queued;
	char c;
	long i;

	clock_gettime(CLOCK_MONOTONIC, &a);
	for (i = 0; i < n; i++) {
		switch (which) {
		case READ:
			syscall(SYS_read, fd, &c, 1);
			break;
		case GETPPID:
			syscall(SYS_getppid);
			break;
		case FCNTL:
			syscall(SYS_fcntl, fd, F_GETFL, 0);
			break;
		case IOCTL:
			syscall(SYS_ioctl, pipe_rd, FIONREAD, &queued);
			break;
		}
	}
	clock_gettime(CLOCK_MONOTONIC, &b);
	return ((b.tv_sec - a.tv_sec) * 1e9 + (b.tv_nsec - a.tv_nsec)) / n;
}

int main(int argc, char **argv)
{
	long n = argc > 2 ? atol(argv[2]) : 200000;
	int fd = open("/dev/zero", O_RDONLY);
	double r, g, f, io, empty;
	struct timespec a, b;
	int p[2];
	long i;

	if (fd < 0 || argc < 2) {
		fprintf(stderr, "usage: syscall-cost LABEL [ITERATIONS]\n");
		return 1;
	}
	if (pipe(p) || write(p[1], "x", 1) != 1) {
		perror("syscall-cost: pipe");
		return 1;
	}
	/* The loop and the syscall() wrapper cost the same in every run. */
	ns_per_call(n / 10, fd, p[0], READ);
	r = ns_per_call(n, fd, p[0], READ);
	g = ns_per_call(n, fd, p[0], GETPPID);
	f = ns_per_call(n, fd, p[0], FCNTL);
	io = ns_per_call(n, fd, p[0], IOCTL);
	clock_gettime(CLOCK_MONOTONIC, &a);
	for (i = 0; i < n; i++)
		__asm__ volatile("" ::: "memory");
	clock_gettime(CLOCK_MONOTONIC, &b);
	empty = ((b.tv_sec - a.tv_sec) * 1e9 + (b.tv_nsec - a.tv_nsec)) / n;
	printf("kapi-bench: %s read %.1f getppid %.1f fcntl %.1f ioctl %.1f loop %.1f\n",
	       argv[1], r, g, f, io, empty);
	return 0;
}
