// SPDX-License-Identifier: GPL-2.0
/*
 * kapi - show, convert and compare kernel API specifications
 *
 * The options pick where specs come from (--source, --vmlinux, --debugfs)
 * and how they are printed (--format, -p); the command table below picks
 * what is done with them. Each command lives in its own file.
 */
#include <errno.h>
#include <getopt.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>
#include <sys/utsname.h>

#include "kapi_parse.h"
#include "main.h"
#include "model.h"
#include "read.h"

const char *bin_name = "kapi";
enum kapi_format output_format = KAPI_FMT_TEXT;
bool json_output;
bool pretty_output;
struct json_writer *json_wtr;
struct kapi_origin main_origin = {
	.kind = KAPI_ORIGIN_DEBUGFS,
	.path = KAPI_DEBUGFS_DEFAULT,
};

void p_err(const char *fmt, ...)
{
	va_list ap;

	fprintf(stderr, "%s: error: ", bin_name);
	va_start(ap, fmt);
	vfprintf(stderr, fmt, ap);
	va_end(ap);
	fputc('\n', stderr);
}

void p_warn(const char *fmt, ...)
{
	va_list ap;

	fprintf(stderr, "%s: warning: ", bin_name);
	va_start(ap, fmt);
	vfprintf(stderr, fmt, ap);
	va_end(ap);
	fputc('\n', stderr);
}

bool is_prefix(const char *pfx, const char *str)
{
	return pfx && *pfx && !strncmp(str, pfx, strlen(pfx));
}

static const char *const format_names[] = {
	[KAPI_FMT_TEXT] = "text",
	[KAPI_FMT_JSON] = "json",
	[KAPI_FMT_RST] = "rst",
	[KAPI_FMT_MAN] = "man",
	[KAPI_FMT_SYZLANG] = "syzlang",
	[KAPI_FMT_XML] = "xml",
	[KAPI_FMT_SYZLANG_CONST] = "syzlang-const",
};

const char *format_name(enum kapi_format fmt)
{
	return format_names[fmt];
}

struct kapi_arch machine_kapi_arch(void)
{
	struct kapi_arch arch = kapi_arch_of_elf(0);
	struct utsname u;

	/* the architectures not in kapi_symbols.c all number as asm-generic */
	if (!uname(&u))
		kapi_arch_of_name(u.machine, &arch);
	return arch;
}

int machine_errno_abi(void)
{
	return machine_kapi_arch().errno_abi;
}

static int do_help(int argc, char **argv)
{
	(void)argc;
	(void)argv;
	printf("Usage: %s [OPTIONS] COMMAND [ARGS]\n"
	       "\n"
	       "Show, convert and compare kernel API specifications.\n"
	       "\n"
	       "Where specs come from (one of; default --debugfs %s):\n"
	       "  -s, --source PATH    annotated C sources: a file, or a directory searched\n"
	       "                       for *.c recursively\n"
	       "  -k, --vmlinux FILE   the .kapi_specs section of vmlinux or an ELF object\n"
	       "  -d, --debugfs DIR    a kapi debugfs directory, or a copy of one\n"
	       "  -a, --arch ARCH      read source or a debugfs copy as built for ARCH\n"
	       "                       (x86, arm64, mips...; default the running\n"
	       "                       kernel's): its errno numbers and, for x86-64\n"
	       "                       and arm64, its constants and syscall numbers\n"
	       "                       (arm64 has no open); a vmlinux's are its ELF\n"
	       "                       machine's\n"
	       "\n"
	       "Output:\n"
	       "  -f, --format FMT     text (default), json, xml, rst, man, syzlang, or\n"
	       "                       syzlang-const: the .const file of the syzlang\n"
	       "                       output, with the numbers only a compiled spec has\n"
	       "                       (show only; --vmlinux or --debugfs, else exit 64)\n"
	       "  -j, --json           same as --format json\n"
	       "  -p, --pretty         indent JSON (implies --format json)\n"
	       "  -h, --help           this text\n"
	       "  -V, --version        the tool's version and data model version\n"
	       "\n"
	       "Commands:\n"
	       "  list                 one line per spec (text, json, xml, rst)\n"
	       "  show [NAME...]       the named specs, or all of them\n"
	       "  diff OLD NEW         API changes between two sets of specs (text, json);\n"
	       "                       OLD and NEW are vmlinux:FILE, source:PATH,\n"
	       "                       debugfs:DIR, or a path whose kind is guessed\n"
	       "  trace [spec NAME]... [ktap LOG]... PATH...\n"
	       "                       which tests cite which numbered behaviours of the\n"
	       "                       C files or directories given (text, json); fails\n"
	       "                       on an untested behaviour of the checked specs (all,\n"
	       "                       or those named) and on a wrong citation; with KTAP\n"
	       "                       logs, each behaviour's result (passing, failing,\n"
	       "                       untested), failing on a failing one\n"
	       "  probe [NAME...] [conformance LOG...]\n"
	       "                       run calls made from the system call specs in the\n"
	       "                       running kernel (as root, checks off, enforce, warn)\n"
	       "                       and print each result the spec does not allow,\n"
	       "                       then each listed errno with the first call that\n"
	       "                       returned it, or what the conformance tests' KTAP\n"
	       "                       logs say of it (text, json)\n"
	       "  errnos [tree DIR] NAME...\n"
	       "                       the errnos the code of system call NAME can\n"
	       "                       return (in the kernel tree DIR, default the\n"
	       "                       --source directory or .), each with its shortest\n"
	       "                       path, against what its spec lists and explains\n"
	       "                       (text, json)\n"
	       "  draft [tree DIR] NAME...\n"
	       "                       a starting spec for system call NAME: its\n"
	       "                       parameters from SYSCALL_DEFINE, an error: entry\n"
	       "                       per errno its code can return, TODO where only\n"
	       "                       the author can say\n"
	       "  help                 this text\n"
	       "\n"
	       "Exit status:\n"
	       "  0   success; for diff: no differences\n"
	       "  1   diff: compatible changes only\n"
	       "  2   diff: at least one incompatible change\n"
	       "  3   no spec of the name asked for\n"
	       "  4   a file or directory is missing or unreadable\n"
	       "  5   the --vmlinux file is not an ELF file\n"
	       "  6   no specs at all (e.g. a vmlinux built without CONFIG_KAPI_SPEC)\n"
	       "  7   corrupt or unsupported input\n"
	       "  8   errors in the annotations read by --source\n"
	       "  9   trace: an untested or failing behaviour, or a wrong citation\n"
	       "  10  probe: a result broke a rule, a call could not be run, or\n"
	       "      an errno nothing accounted for (with conformance logs)\n"
	       "  11  errnos: a spec and the code disagree\n"
	       "  64  bad command line\n"
	       "  70  internal error (out of memory, failed write)\n",
	       bin_name, KAPI_DEBUGFS_DEFAULT);
	return KAPI_EXIT_OK;
}

static int do_version(void)
{
	printf("%s 1.0 (kernel API spec data model version %d)\n", bin_name,
	       KAPI_SPEC_VERSION);
	return KAPI_EXIT_OK;
}

static const struct cmd {
	const char *cmd;
	int (*func)(int argc, char **argv);
} cmds[] = {
	{ "list", do_list },
	{ "show", do_show },
	{ "diff", do_diff },
	{ "trace", do_trace },
	{ "probe", do_probe },
	{ "errnos", do_errnos },
	{ "draft", do_draft },
	{ "help", do_help },
	{ NULL, NULL }
};

static int cmd_select(int argc, char **argv)
{
	unsigned int i;

	if (argc < 1) {
		p_err("no command given; try '%s --help'", bin_name);
		return KAPI_EXIT_USAGE;
	}
	for (i = 0; cmds[i].cmd; i++)
		if (is_prefix(argv[0], cmds[i].cmd))
			return cmds[i].func(argc - 1, argv + 1);
	p_err("unknown command '%s'; try '%s --help'", argv[0], bin_name);
	return KAPI_EXIT_USAGE;
}

static int set_origin(enum kapi_origin_kind kind, const char *path,
		      bool *chosen)
{
	if (*chosen) {
		p_err("give only one of --source, --vmlinux and --debugfs");
		return KAPI_EXIT_USAGE;
	}
	*chosen = true;
	main_origin.kind = kind;
	main_origin.path = path;
	return KAPI_EXIT_OK;
}

static int set_format(const char *name, bool *chosen)
{
	unsigned int i;

	for (i = 0; i < ARRAY_SIZE(format_names); i++) {
		if (!strcmp(name, format_names[i])) {
			output_format = i;
			*chosen = true;
			return KAPI_EXIT_OK;
		}
	}
	p_err("unknown format '%s' (text, json, xml, rst, man, syzlang, syzlang-const)", name);
	return KAPI_EXIT_USAGE;
}

/*
 * Ends the JSON document of a command that returned @ret. With -p the
 * document is only printed now, and may fail to be: a command that
 * succeeded (or diff, which printed its report) then fails.
 */
static int end_json(int ret)
{
	int err = jsonw_destroy(&json_wtr);

	if (!err || ret >= KAPI_EXIT_NO_SPEC)
		return ret;
	if (err == -EILSEQ) {
		p_err("--pretty: a string is not UTF-8, as JSON must be; -j prints it as it is");
		return KAPI_EXIT_CORRUPT;
	}
	p_err("--pretty: cannot indent the JSON output: %s", strerror(-err));
	return KAPI_EXIT_INTERNAL;
}

int main(int argc, char **argv)
{
	static const struct option options[] = {
		{ "source",	required_argument,	NULL, 's' },
		{ "vmlinux",	required_argument,	NULL, 'k' },
		{ "debugfs",	required_argument,	NULL, 'd' },
		{ "arch",	required_argument,	NULL, 'a' },
		{ "format",	required_argument,	NULL, 'f' },
		{ "json",	no_argument,		NULL, 'j' },
		{ "pretty",	no_argument,		NULL, 'p' },
		{ "help",	no_argument,		NULL, 'h' },
		{ "version",	no_argument,		NULL, 'V' },
		{ NULL, 0, NULL, 0 }
	};
	bool origin_chosen = false, format_chosen = false, arch_chosen = false;
	int opt, ret = KAPI_EXIT_OK;
	struct kapi_arch arch;

	opterr = 0;
	while ((opt = getopt_long(argc, argv, "s:k:d:a:f:jphV", options,
				  NULL)) >= 0) {
		switch (opt) {
		case 's':
			ret = set_origin(KAPI_ORIGIN_SOURCE, optarg,
					 &origin_chosen);
			break;
		case 'k':
			ret = set_origin(KAPI_ORIGIN_VMLINUX, optarg,
					 &origin_chosen);
			break;
		case 'd':
			ret = set_origin(KAPI_ORIGIN_DEBUGFS, optarg,
					 &origin_chosen);
			break;
		case 'a':
			arch_chosen = kapi_arch_of_name(optarg, &arch);
			if (!arch_chosen) {
				p_err("unknown architecture '%s' (a kernel ARCH or uname -m)",
				      optarg);
				ret = KAPI_EXIT_USAGE;
			}
			break;
		case 'f':
			ret = set_format(optarg, &format_chosen);
			break;
		case 'j':
			ret = set_format("json", &format_chosen);
			break;
		case 'p':
			pretty_output = true;
			break;
		case 'h':
			return do_help(0, NULL);
		case 'V':
			return do_version();
		default:
			if (optopt)
				p_err("option '-%c' %s", optopt,
				      strchr("skdaf", optopt) ?
				      "needs an argument" : "is unknown");
			else
				p_err("unknown option '%s'", argv[optind - 1]);
			ret = KAPI_EXIT_USAGE;
		}
		if (ret) {
			fprintf(stderr, "Try '%s --help'.\n", bin_name);
			return ret;
		}
	}
	kapi_arch_use(arch_chosen ? arch : machine_kapi_arch());
	if (pretty_output) {
		if (format_chosen && output_format != KAPI_FMT_JSON) {
			p_err("--pretty only applies to --format json");
			return KAPI_EXIT_USAGE;
		}
		output_format = KAPI_FMT_JSON;
	}
	json_output = output_format == KAPI_FMT_JSON;
	if (json_output) {
		json_wtr = jsonw_new(stdout, pretty_output);
		if (!json_wtr) {
			p_err("out of memory");
			return KAPI_EXIT_INTERNAL;
		}
	}

	ret = cmd_select(argc - optind, argv + optind);

	if (json_output)
		ret = end_json(ret);
	if ((fflush(stdout) || ferror(stdout)) && !ret) {
		p_err("writing the output failed");
		ret = KAPI_EXIT_INTERNAL;
	}
	return ret;
}
