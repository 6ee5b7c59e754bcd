// SPDX-License-Identifier: GPL-2.0
/*
 * The run-time checks generated for checks/ctype.c, compiled as the kernel
 * compiles them (-funsigned-char): each value on the wrong side of a range
 * must be caught, each one inside it let through. Prints one line per
 * failure; exits 1 if there was any.
 */
#define CONFIG_KAPI_RUNTIME_CHECKS 1
#define CONFIG_KAPI_RUNTIME_FUNCTION_CHECKS 1
#include <errno.h>
#include <string.h>
#include "kapi_shim.h"

/* The generated checks name the spec as the kernel's macro does. */
#undef DEFINE_KAPI_SPEC
#define DEFINE_KAPI_SPEC(ident)	const struct kapi_spec __kapi_spec_##ident

typedef int16_t __s16;

/* the commands of sys_kapi_mux, as a uapi header would define them */
#define MUX_GET	1
#define MUX_SET	2
#define MUX_DUP	1030
#define MUX_SIZE	1031
#define MUX_INFO	1032
typedef uint32_t __u32;
struct mux_info {
	__u32 setting;
	__u32 size;
};
#define IOC_CLEX	0x5451
#define IOC_READ	0x541b
#define CTL_ADD	0x4C80
#define CTL_DEL	0x4C81

#include "ctype.apispec.h"

int kapi_violations;
int kapi_rule_reports, kapi_context_reports, kapi_return_reports;
bool kapi_shim_atomic;
unsigned int kapi_variant_seen;
static int fails;

/*
 * The checked path the build wraps around a function's body: the body's
 * result comes back unchanged, the entry and return tests report.
 */
static int hooked_body_calls;

static long hooked_body(int n, void *p)
{
	hooked_body_calls++;
	return p ? n : -ENOMEM;
}

__KAPI_FN_CHECKED_kapi_fixture_hooked(hooked_body)

/* the body of kapi_fixture_ctl: arg is what it returns */
static long ctl_body(void *dev, unsigned int cmd, unsigned long arg)
{
	return (long)arg;
}

__KAPI_FN_CHECKED_kapi_fixture_ctl(ctl_body)

#define EXPECT(fn, val, bad)						\
	do {								\
		long __v = (val);					\
		if (__kapi_bad_##fn(__v) != (bad)) {			\
			printf("%s(%ld): %s, want %s\n", #fn, __v,	\
			       (bad) ? "passed" : "caught",		\
			       (bad) ? "caught" : "passed");		\
			fails++;					\
		}							\
	} while (0)

int main(void)
{
	EXPECT(kapi_fixture_char, 0, false);
	EXPECT(kapi_fixture_char, 200, false);
	EXPECT(kapi_fixture_char, 201, true);
	EXPECT(kapi_fixture_char, 255, true);
	EXPECT(kapi_fixture_char, -1, true);	/* (char)-1 is 255 */

	EXPECT(kapi_fixture_schar, -100, false);
	EXPECT(kapi_fixture_schar, 100, false);
	EXPECT(kapi_fixture_schar, -101, true);
	EXPECT(kapi_fixture_schar, 101, true);

	EXPECT(kapi_fixture_uchar, 10, false);
	EXPECT(kapi_fixture_uchar, 255, false);
	EXPECT(kapi_fixture_uchar, 9, true);

	EXPECT(kapi_fixture_s16, -1000, false);
	EXPECT(kapi_fixture_s16, 1000, false);
	EXPECT(kapi_fixture_s16, -1001, true);
	EXPECT(kapi_fixture_s16, 1001, true);

	/* The cold half agrees with the fast one. */
	if (__kapi_report_kapi_fixture_char(true, 0, 201) != 0 ||
	    kapi_violations != 1) {
		printf("report(201): %d reports, want 1\n", kapi_violations);
		fails++;
	}
	/* check-order: flags is looked at first; len above 10 is E2BIG. */
	if (__kapi_report_kapi_fixture_order(false, 0, 0, 9) != -1001 ||
	    __kapi_report_kapi_fixture_order(false, 0, 11, 9) != -1001 ||
	    __kapi_report_kapi_fixture_order(false, 0, 11, 1) != -E2BIG ||
	    __kapi_report_kapi_fixture_order(false, 0, 0, 1) != -1000 ||
	    __kapi_report_kapi_fixture_order(false, 0, 5, 1) != 0) {
		printf("report order: flags first, len above 10 E2BIG: wrong\n");
		fails++;
	}
	/*
	 * A bad count behind a descriptor the kernel fails first gets the
	 * descriptor's errno: 3 is not open; 7 is readable, not FMODE_PREAD.
	 */
	if (__kapi_report_kapi_fixture_fd(false, 0, 3, 101) != -EBADF ||
	    __kapi_report_kapi_fixture_fd(false, 0, 7, 101) != -ESPIPE ||
	    __kapi_report_kapi_fixture_fd(false, 0, 7, 100) != 0 ||
	    __kapi_report_kapi_fixture_fd(false, 0, -1, 101) != -1000 ||
	    __kapi_report_kapi_fixture_fd(true, 0, 3, 101) != 0) {
		printf("report fd: the descriptor's errno first: wrong\n");
		fails++;
	}
	/*
	 * A constraint with an errno is tested before any argument: equal
	 * numbers give EINVAL even with b out of its range; a false expr
	 * makes the fast test true.
	 */
	if (__kapi_report_kapi_fixture_pair(false, 0, 200, 200, 0) != -EINVAL ||
	    __kapi_report_kapi_fixture_pair(false, 0, 5, 200, 0) != -1001 ||
	    __kapi_report_kapi_fixture_pair(false, 0, 5, 6, 2) != -1002 ||
	    __kapi_report_kapi_fixture_pair(false, 0, 5, 6, 1) != 0 ||
	    !__kapi_bad_kapi_fixture_pair(7, 7, 0) ||
	    __kapi_bad_kapi_fixture_pair(7, 8, 1)) {
		printf("report pair: the constraint first, then the arguments: wrong\n");
		fails++;
	}
	/*
	 * A multiplexed call: the selector's set is its enumeration, and the
	 * result is checked against the command's own range and errnos.
	 */
	if (!__kapi_bad_sys_kapi_mux(3, 4, 0) ||
	    __kapi_bad_sys_kapi_mux(3, MUX_DUP, 0) ||
	    __kapi_post_sys_kapi_mux(1, 3, MUX_GET, 0) != 1 ||
	    __kapi_post_sys_kapi_mux(2, 3, MUX_GET, 0) != KAPI_SHIM_RETURN_BAD ||
	    __kapi_post_sys_kapi_mux(1, 3, MUX_SET, 1) != KAPI_SHIM_RETURN_BAD ||
	    __kapi_post_sys_kapi_mux(9, 3, MUX_DUP, 5) != 9 ||
	    __kapi_post_sys_kapi_mux(0, 3, MUX_DUP, 5) != 0 ||
	    __kapi_post_sys_kapi_mux(0, 3, MUX_SET, 1) != 0 ||
	    __kapi_post_sys_kapi_mux(0, 3, MUX_SIZE, 0) != KAPI_SHIM_RETURN_BAD ||
	    __kapi_post_sys_kapi_mux(8, 3, MUX_SIZE, 0) != 8 ||
	    __kapi_post_sys_kapi_mux(0, 3, MUX_INFO, 64) != 0 ||
	    __kapi_post_sys_kapi_mux(4, 3, MUX_INFO, 64) != KAPI_SHIM_RETURN_BAD ||
	    strcmp(__kapi_spec_sys_kapi_mux.variants[4].arg_layout, "mux_info") ||
	    __kapi_post_sys_kapi_mux(5, 3, 77, 0) != 5 ||
	    __kapi_post_sys_kapi_mux(-EMFILE, 3, MUX_DUP, 5) != -EMFILE ||
	    kapi_variant_seen != 3 ||
	    __kapi_post_sys_kapi_mux(-EINVAL, 3, 77, 0) != -EINVAL ||
	    kapi_variant_seen != 0) {
		printf("mux: the selector picks the command's checks: wrong (variant %u)\n",
		       kapi_variant_seen);
		fails++;
	}
	/*
	 * What the call passes on is not its to check: a command outside the
	 * set and a passed: variant return unchecked, the others do not.
	 */
	kapi_variant_seen = 99;
	if (__kapi_post_sys_kapi_ioc(-EIO, 3, 0x1234, 0) != -EIO ||
	    __kapi_post_sys_kapi_ioc(7, 3, 0x1234, 0) != 7 ||
	    __kapi_post_sys_kapi_ioc(-EIO, 3, IOC_READ, 0) != -EIO ||
	    __kapi_post_sys_kapi_ioc(5, 3, IOC_READ, 0) != 5 ||
	    kapi_variant_seen != 99 ||
	    __kapi_post_sys_kapi_ioc(1, 3, IOC_CLEX, 0) != KAPI_SHIM_RETURN_BAD ||
	    __kapi_post_sys_kapi_ioc(-ENOTTY, 3, IOC_CLEX, 0) != -ENOTTY ||
	    kapi_variant_seen != 1) {
		printf("ioc: passed-on commands unchecked, the others checked: wrong\n");
		fails++;
	}
	/*
	 * A function's checked path reports and never refuses: the entry
	 * test sees the rule, the range and the context, the body runs
	 * anyway, and the return test hands its result back whatever it is.
	 */
	{
		int x;

		kapi_violations = 0;
		kapi_rule_reports = 0;
		kapi_context_reports = 0;
		kapi_return_reports = 0;
		if (__kapi_checked_kapi_fixture_hooked(3, &x) != 3 ||
		    kapi_rule_reports || kapi_context_reports ||
		    kapi_violations || kapi_return_reports) {
			printf("hooked: a correct call reported\n");
			fails++;
		}
		kapi_shim_atomic = true;
		__kapi_checked_kapi_fixture_hooked(3, &x);
		kapi_shim_atomic = false;
		if (__kapi_checked_kapi_fixture_hooked(3, NULL) != -ENOMEM ||
		    __kapi_checked_kapi_fixture_hooked(11, &x) != 11 ||
		    kapi_rule_reports != 1 || kapi_context_reports != 1 ||
		    kapi_violations != 1 || kapi_return_reports != 1 ||
		    hooked_body_calls != 4) {
			printf("hooked: body %d calls; rule %d context %d param %d return %d reports, want 4 and 1 each\n",
			       hooked_body_calls, kapi_rule_reports,
			       kapi_context_reports, kapi_violations,
			       kapi_return_reports);
			fails++;
		}
		if (__kapi_return_kapi_fixture_hooked(4) != 4 ||
		    __kapi_return_kapi_fixture_hooked(-ENOMEM) != -ENOMEM ||
		    kapi_return_reports != 1 ||
		    __kapi_return_kapi_fixture_hooked(12) != 12 ||
		    kapi_return_reports != 2) {
			printf("hooked: the return test changed a value or missed 12\n");
			fails++;
		}
		/*
		 * A multiplexed function: its result is held to the command
		 * the selector picked, and handed back unchanged.
		 */
		kapi_return_reports = 0;
		kapi_variant_seen = 99;
		if (__kapi_checked_kapi_fixture_ctl(&x, CTL_ADD, 7) != 7 ||
		    __kapi_checked_kapi_fixture_ctl(&x, CTL_DEL, 0) != 0 ||
		    __kapi_checked_kapi_fixture_ctl(&x, CTL_ADD, -EEXIST) != -EEXIST ||
		    kapi_return_reports || kapi_variant_seen != 1 ||
		    __kapi_checked_kapi_fixture_ctl(&x, CTL_DEL, 7) != 7 ||
		    kapi_return_reports != 1 ||
		    __kapi_checked_kapi_fixture_ctl(&x, 5, -ENOSYS) != -ENOSYS ||
		    kapi_variant_seen != 0 ||
		    __kapi_checked_kapi_fixture_ctl(&x, CTL_ADD, 1001) != 1001 ||
		    kapi_return_reports != 2) {
			printf("ctl: a function's result held to its command: wrong (%d return reports, variant %u)\n",
			       kapi_return_reports, kapi_variant_seen);
			fails++;
		}
	}
	return fails ? 1 : 0;
}
