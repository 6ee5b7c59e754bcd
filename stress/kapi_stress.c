// SPDX-License-Identifier: GPL-2.0
/*
 * Guest load for `make stress`: workers issue specified (read, correct and
 * broken) and unspecified (getppid) syscalls while another process flips
 * /sys/kernel/debug/kapi/mode and reads kapi/stats in a loop. At the end
 * the counters must never have gone backwards, and a quiet batch of N
 * correct reads in warn mode must add exactly N calls and no reports.
 * Prints KTAP. usage: kapi_stress SECONDS
 */
#define _GNU_SOURCE
#include <fcntl.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/syscall.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#define KAPI "/sys/kernel/debug/kapi"

struct stats {
	long calls, rejected, param, ret, err, ctx;
};

static int read_stats(struct stats *st)
{
	char line[512], name[64], errnos[128];
	FILE *f = fopen(KAPI "/stats", "r");
	int nr, found = 0;

	if (!f)
		return -1;
	while (fgets(line, sizeof(line), f))
		if (sscanf(line, "%63s %d %ld %ld %ld %ld %ld %ld %127s", name,
			   &nr, &st->calls, &st->rejected, &st->param, &st->ret,
			   &st->err, &st->ctx, errnos) == 9 &&
		    !strcmp(name, "read")) {
			found = 1;
			break;
		}
	fclose(f);
	return found ? 0 : -1;
}

static void set_mode(const char *m)
{
	int fd = open(KAPI "/mode", O_WRONLY);

	if (fd >= 0) {
		if (write(fd, m, strlen(m)) < 0)
			perror("mode");
		close(fd);
	}
}

static void worker(int kind, time_t end)
{
	int fd = open("/dev/zero", O_RDONLY);
	char buf[64];
	long i = 0;

	while (time(NULL) < end) {
		switch (kind) {
		case 0:
			syscall(SYS_read, fd, buf, 1 + i % 64);
			break;
		case 1:
			/* broken calls: bad fd, kernel buffer, huge count */
			syscall(SYS_read, -1, buf, 1);
			syscall(SYS_read, fd, 0xffff888000000000UL, 8);
			syscall(SYS_read, fd, buf, -1L);
			break;
		default:
			syscall(SYS_getppid);
		}
		i++;
	}
	_exit(0);
}

int main(int argc, char **argv)
{
	static const char *const modes[] = { "off", "warn", "enforce" };
	int secs = argc > 1 ? atoi(argv[1]) : 60, i, status, bad = 0, zero;
	time_t end = time(NULL) + secs;
	struct stats prev = { 0 }, cur, a, b;
	long samples = 0, backwards = 0;
	char buf[8];
	pid_t pids[6];

	printf("TAP version 13\n1..4\n");
	if (read_stats(&prev)) {
		printf("# no %s/stats entry for read\n", KAPI);
		return 4;
	}
	for (i = 0; i < 6; i++) {
		pids[i] = fork();
		if (!pids[i])
			worker(i % 3, end);
	}
	for (i = 0; time(NULL) < end; i++) {
		set_mode(modes[i % 3]);
		if (!read_stats(&cur)) {
			samples++;
			if (cur.calls < prev.calls || cur.param < prev.param ||
			    cur.rejected < prev.rejected ||
			    cur.ret < prev.ret || cur.err < prev.err)
				backwards++;
			prev = cur;
		}
		usleep(2000);
	}
	for (i = 0; i < 6; i++) {
		waitpid(pids[i], &status, 0);
		bad |= !WIFEXITED(status) || WEXITSTATUS(status);
	}
	printf("%s 1 kapi_stress.workers_exit_cleanly\n", bad ? "not ok" : "ok");
	printf("# %ld stats samples while flipping modes\n", samples);
	printf("%s 2 kapi_stress.counters_never_go_back\n",
	       samples > 10 && !backwards ? "ok" : "not ok");

	set_mode("warn");
	zero = open("/dev/zero", O_RDONLY);
	read_stats(&a);
	for (i = 0; i < 1000; i++)
		if (read(zero, buf, sizeof(buf)) != sizeof(buf))
			bad = 1;
	read_stats(&b);
	/* read_stats(&b) itself reads before its line is rendered. */
	printf("# quiet batch: calls +%ld, reports +%ld\n", b.calls - a.calls,
	       (b.param - a.param) + (b.ret - a.ret) + (b.err - a.err));
	printf("%s 3 kapi_stress.quiet_batch_counted\n",
	       b.calls - a.calls >= 1000 && b.calls - a.calls <= 1010 ? "ok" : "not ok");
	printf("%s 4 kapi_stress.quiet_batch_no_reports\n",
	       b.param == a.param && b.ret == a.ret && b.err == a.err ? "ok" : "not ok");
	return 0;
}
