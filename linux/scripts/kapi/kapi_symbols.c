// SPDX-License-Identifier: GPL-2.0
/*
 * kapi_symbols.c - the names annotations may use, with their values
 *
 * The generator emits every number as the expression that was written, so
 * the kernel compiler decides what it means; these tables only exist so that
 * host programs (tools/kapi, the checks in the parser) know the same values.
 * The generated _Static_assert()s compare the two at every kernel build, so
 * a table that drifts from the kernel headers breaks the build instead of
 * silently lying. The KAPI_* families are taken from kernel_api_spec.h
 * itself and cannot drift. Everything else is the architecture's chosen
 * with kapi_arch_use() (kapi-gen --arch: the target's): errnos for every
 * architecture, constants and system call numbers for x86-64 and arm64.
 */
#include <string.h>

#include "kapi_internal.h"

/* --- KAPI_* names, straight from the data-model header --- */

/* A value's C symbol and the model's own name for it ("fd"). */
struct kapi_name {
	const char *name;
	const char *model;
	long long value;
};

#define KAPI_EM_SYMBOL(sym, model)	{ #sym, model, sym },
#define KAPI_FAMILY(tok, LIST, shape, prefix, nr)			\
	static const struct kapi_name fam_##tok[] = {			\
		LIST(KAPI_EM_SYMBOL, KAPI_EM_SYMBOL)			\
	};
KAPI_VALUE_LISTS(KAPI_FAMILY)

static const struct {
	const struct kapi_name *names;
	unsigned int n;
	const char *prefix;
} families[KAPI_VL_COUNT] = {
#define KAPI_FAMILY_ROW(tok, LIST, shape, pfx, nr)			\
	[KAPI_VL_##tok] = { fam_##tok, KAPI_ARRAY_SIZE(fam_##tok), pfx },
	KAPI_VALUE_LISTS(KAPI_FAMILY_ROW)
};

/* The combined and empty values annotations may also write. */
static const struct {
	enum kapi_value_list fam;
	struct kapi_name n;
} aliases[] = {
	{ KAPI_VL_param_flag,
	  { "KAPI_PARAM_INOUT", "inout", KAPI_PARAM_INOUT } },
	{ KAPI_VL_effect, { "KAPI_EFFECT_NONE", "none", KAPI_EFFECT_NONE } },
};

const char *kapi_family_name(enum kapi_value_list fam, long long value)
{
	unsigned int i;

	if ((unsigned int)fam >= KAPI_VL_COUNT)
		return NULL;
	for (i = 0; i < families[fam].n; i++)
		if (families[fam].names[i].value == value)
			return families[fam].names[i].name;
	for (i = 0; i < KAPI_ARRAY_SIZE(aliases); i++)
		if (aliases[i].fam == fam && aliases[i].n.value == value)
			return aliases[i].n.name;
	return NULL;
}

/* Either name of a value: its C symbol or the model's name. */
static bool name_is(const struct kapi_name *n, const char *name)
{
	return !strcmp(n->name, name) || !strcmp(n->model, name);
}

bool kapi_family_lookup(enum kapi_value_list fam, const char *name,
			long long *value)
{
	unsigned int i;

	if ((unsigned int)fam >= KAPI_VL_COUNT)
		return false;
	for (i = 0; i < families[fam].n; i++) {
		if (name_is(&families[fam].names[i], name)) {
			*value = families[fam].names[i].value;
			return true;
		}
	}
	for (i = 0; i < KAPI_ARRAY_SIZE(aliases); i++) {
		if (aliases[i].fam == fam && name_is(&aliases[i].n, name)) {
			*value = aliases[i].n.value;
			return true;
		}
	}
	return false;
}

const char *kapi_family_symbol(enum kapi_value_list fam, const char *name)
{
	unsigned int i;

	if ((unsigned int)fam >= KAPI_VL_COUNT)
		return NULL;
	for (i = 0; i < families[fam].n; i++)
		if (name_is(&families[fam].names[i], name))
			return families[fam].names[i].name;
	for (i = 0; i < KAPI_ARRAY_SIZE(aliases); i++)
		if (aliases[i].fam == fam && name_is(&aliases[i].n, name))
			return aliases[i].n.name;
	return NULL;
}

const char *kapi_family_model_name(enum kapi_value_list fam,
				   unsigned int i)
{
	if ((unsigned int)fam >= KAPI_VL_COUNT || i >= families[fam].n)
		return NULL;
	return families[fam].names[i].model;
}

const char *kapi_family_prefix(enum kapi_value_list fam)
{
	if ((unsigned int)fam >= KAPI_VL_COUNT)
		return "";
	return families[fam].prefix;
}

/*
 * --- errno names ---
 * The numbers are the architecture's: asm-generic's
 * (include/uapi/asm-generic/errno-base.h, errno.h) on all but the few with
 * an arch/<arch>/include/uapi/asm/errno.h of their own (powerpc's differs
 * in EDEADLOCK only), and the kernel-internal codes of include/linux/errno.h
 * on every one. One row per name, one column per enum kapi_errno_abi, 0
 * where the architecture has no such name; canonical names before their
 * aliases, so that a number's name is the canonical one.
 */
static const struct {
	const char *name;
	short v[KAPI_ERRNO_ABIS];
} errnos[] = {
	/*			       generic alpha mips parisc powerpc sparc */
	{ "EPERM",                  {    1,    1,    1,    1,    1,    1 } },
	{ "ENOENT",                 {    2,    2,    2,    2,    2,    2 } },
	{ "ESRCH",                  {    3,    3,    3,    3,    3,    3 } },
	{ "EINTR",                  {    4,    4,    4,    4,    4,    4 } },
	{ "EIO",                    {    5,    5,    5,    5,    5,    5 } },
	{ "ENXIO",                  {    6,    6,    6,    6,    6,    6 } },
	{ "E2BIG",                  {    7,    7,    7,    7,    7,    7 } },
	{ "ENOEXEC",                {    8,    8,    8,    8,    8,    8 } },
	{ "EBADF",                  {    9,    9,    9,    9,    9,    9 } },
	{ "ECHILD",                 {   10,   10,   10,   10,   10,   10 } },
	{ "EAGAIN",                 {   11,   35,   11,   11,   11,   11 } },
	{ "ENOMEM",                 {   12,   12,   12,   12,   12,   12 } },
	{ "EACCES",                 {   13,   13,   13,   13,   13,   13 } },
	{ "EFAULT",                 {   14,   14,   14,   14,   14,   14 } },
	{ "ENOTBLK",                {   15,   15,   15,   15,   15,   15 } },
	{ "EBUSY",                  {   16,   16,   16,   16,   16,   16 } },
	{ "EEXIST",                 {   17,   17,   17,   17,   17,   17 } },
	{ "EXDEV",                  {   18,   18,   18,   18,   18,   18 } },
	{ "ENODEV",                 {   19,   19,   19,   19,   19,   19 } },
	{ "ENOTDIR",                {   20,   20,   20,   20,   20,   20 } },
	{ "EISDIR",                 {   21,   21,   21,   21,   21,   21 } },
	{ "EINVAL",                 {   22,   22,   22,   22,   22,   22 } },
	{ "ENFILE",                 {   23,   23,   23,   23,   23,   23 } },
	{ "EMFILE",                 {   24,   24,   24,   24,   24,   24 } },
	{ "ENOTTY",                 {   25,   25,   25,   25,   25,   25 } },
	{ "ETXTBSY",                {   26,   26,   26,   26,   26,   26 } },
	{ "EFBIG",                  {   27,   27,   27,   27,   27,   27 } },
	{ "ENOSPC",                 {   28,   28,   28,   28,   28,   28 } },
	{ "ESPIPE",                 {   29,   29,   29,   29,   29,   29 } },
	{ "EROFS",                  {   30,   30,   30,   30,   30,   30 } },
	{ "EMLINK",                 {   31,   31,   31,   31,   31,   31 } },
	{ "EPIPE",                  {   32,   32,   32,   32,   32,   32 } },
	{ "EDOM",                   {   33,   33,   33,   33,   33,   33 } },
	{ "ERANGE",                 {   34,   34,   34,   34,   34,   34 } },
	{ "EDEADLK",                {   35,   11,   45,   45,   35,   78 } },
	{ "ENAMETOOLONG",           {   36,   63,   78,  248,   36,   63 } },
	{ "ENOLCK",                 {   37,   77,   46,   46,   37,   79 } },
	{ "ENOSYS",                 {   38,   78,   89,  251,   38,   90 } },
	{ "ENOTEMPTY",              {   39,   66,   93,  247,   39,   66 } },
	{ "ELOOP",                  {   40,   62,   90,  249,   40,   62 } },
	{ "ENOMSG",                 {   42,   80,   35,   35,   42,   75 } },
	{ "EIDRM",                  {   43,   81,   36,   36,   43,   77 } },
	{ "ECHRNG",                 {   44,   88,   37,   37,   44,   94 } },
	{ "EL2NSYNC",               {   45,   89,   38,   38,   45,   95 } },
	{ "EL3HLT",                 {   46,   90,   39,   39,   46,   96 } },
	{ "EL3RST",                 {   47,   91,   40,   40,   47,   97 } },
	{ "ELNRNG",                 {   48,   93,   41,   41,   48,   98 } },
	{ "EUNATCH",                {   49,   94,   42,   42,   49,   99 } },
	{ "ENOCSI",                 {   50,   95,   43,   43,   50,  100 } },
	{ "EL2HLT",                 {   51,   96,   44,   44,   51,  101 } },
	{ "EBADE",                  {   52,   97,   50,  160,   52,  102 } },
	{ "EBADR",                  {   53,   98,   51,  161,   53,  103 } },
	{ "EXFULL",                 {   54,   99,   52,  162,   54,  104 } },
	{ "ENOANO",                 {   55,  100,   53,  163,   55,  105 } },
	{ "EBADRQC",                {   56,  101,   54,  164,   56,  106 } },
	{ "EBADSLT",                {   57,  102,   55,  165,   57,  107 } },
	{ "EBFONT",                 {   59,  104,   59,  166,   59,  109 } },
	{ "ENOSTR",                 {   60,   87,   60,   54,   60,   72 } },
	{ "ENODATA",                {   61,   86,   61,   51,   61,  111 } },
	{ "ETIME",                  {   62,   83,   62,   52,   62,   73 } },
	{ "ENOSR",                  {   63,   82,   63,   53,   63,   74 } },
	{ "ENONET",                 {   64,  105,   64,   50,   64,   80 } },
	{ "ENOPKG",                 {   65,   92,   65,   55,   65,  113 } },
	{ "EREMOTE",                {   66,   71,   66,   71,   66,   71 } },
	{ "ENOLINK",                {   67,  106,   67,   57,   67,   82 } },
	{ "EADV",                   {   68,  107,   68,   58,   68,   83 } },
	{ "ESRMNT",                 {   69,  108,   69,   59,   69,   84 } },
	{ "ECOMM",                  {   70,  109,   70,   60,   70,   85 } },
	{ "EPROTO",                 {   71,   85,   71,   61,   71,   86 } },
	{ "EMULTIHOP",              {   72,  110,   74,   64,   72,   87 } },
	{ "EDOTDOT",                {   73,  111,   73,   66,   73,   88 } },
	{ "EBADMSG",                {   74,   84,   77,   67,   74,   76 } },
	{ "EOVERFLOW",              {   75,  112,   79,   72,   75,   92 } },
	{ "ENOTUNIQ",               {   76,  113,   80,  167,   76,  115 } },
	{ "EBADFD",                 {   77,  114,   81,  168,   77,   93 } },
	{ "EREMCHG",                {   78,  115,   82,  169,   78,   89 } },
	{ "ELIBACC",                {   79,  122,   83,  170,   79,  114 } },
	{ "ELIBBAD",                {   80,  123,   84,  171,   80,  112 } },
	{ "ELIBSCN",                {   81,  124,   85,  172,   81,  124 } },
	{ "ELIBMAX",                {   82,  125,   86,  173,   82,  123 } },
	{ "ELIBEXEC",               {   83,  126,   87,  174,   83,  110 } },
	{ "EILSEQ",                 {   84,  116,   88,   47,   84,  122 } },
	{ "ERESTART",               {   85,  127,   91,  175,   85,  116 } },
	{ "ESTRPIPE",               {   86,  128,   92,  176,   86,   91 } },
	{ "EUSERS",                 {   87,   68,   94,   68,   87,   68 } },
	{ "ENOTSOCK",               {   88,   38,   95,  216,   88,   38 } },
	{ "EDESTADDRREQ",           {   89,   39,   96,  217,   89,   39 } },
	{ "EMSGSIZE",               {   90,   40,   97,  218,   90,   40 } },
	{ "EPROTOTYPE",             {   91,   41,   98,  219,   91,   41 } },
	{ "ENOPROTOOPT",            {   92,   42,   99,  220,   92,   42 } },
	{ "EPROTONOSUPPORT",        {   93,   43,  120,  221,   93,   43 } },
	{ "ESOCKTNOSUPPORT",        {   94,   44,  121,  222,   94,   44 } },
	{ "EOPNOTSUPP",             {   95,   45,  122,  223,   95,   45 } },
	{ "EPFNOSUPPORT",           {   96,   46,  123,  224,   96,   46 } },
	{ "EAFNOSUPPORT",           {   97,   47,  124,  225,   97,   47 } },
	{ "EADDRINUSE",             {   98,   48,  125,  226,   98,   48 } },
	{ "EADDRNOTAVAIL",          {   99,   49,  126,  227,   99,   49 } },
	{ "ENETDOWN",               {  100,   50,  127,  228,  100,   50 } },
	{ "ENETUNREACH",            {  101,   51,  128,  229,  101,   51 } },
	{ "ENETRESET",              {  102,   52,  129,  230,  102,   52 } },
	{ "ECONNABORTED",           {  103,   53,  130,  231,  103,   53 } },
	{ "ECONNRESET",             {  104,   54,  131,  232,  104,   54 } },
	{ "ENOBUFS",                {  105,   55,  132,  233,  105,   55 } },
	{ "EISCONN",                {  106,   56,  133,  234,  106,   56 } },
	{ "ENOTCONN",               {  107,   57,  134,  235,  107,   57 } },
	{ "ESHUTDOWN",              {  108,   58,  143,  236,  108,   58 } },
	{ "ETOOMANYREFS",           {  109,   59,  144,  237,  109,   59 } },
	{ "ETIMEDOUT",              {  110,   60,  145,  238,  110,   60 } },
	{ "ECONNREFUSED",           {  111,   61,  146,  239,  111,   61 } },
	{ "EHOSTDOWN",              {  112,   64,  147,  241,  112,   64 } },
	{ "EHOSTUNREACH",           {  113,   65,  148,  242,  113,   65 } },
	{ "EALREADY",               {  114,   37,  149,  244,  114,   37 } },
	{ "EINPROGRESS",            {  115,   36,  150,  245,  115,   36 } },
	{ "ESTALE",                 {  116,   70,  151,   70,  116,   70 } },
	{ "EUCLEAN",                {  117,  117,  135,  177,  117,  117 } },
	{ "ENOTNAM",                {  118,  118,  137,  178,  118,  118 } },
	{ "ENAVAIL",                {  119,  119,  138,  179,  119,  119 } },
	{ "EISNAM",                 {  120,  120,  139,  180,  120,  120 } },
	{ "EREMOTEIO",              {  121,  121,  140,  181,  121,  121 } },
	{ "EDQUOT",                 {  122,   69, 1133,   69,  122,   69 } },
	{ "ENOMEDIUM",              {  123,  129,  159,  182,  123,  125 } },
	{ "EMEDIUMTYPE",            {  124,  130,  160,  183,  124,  126 } },
	{ "ECANCELED",              {  125,  131,  158,  253,  125,  127 } },
	{ "ENOKEY",                 {  126,  132,  161,  184,  126,  128 } },
	{ "EKEYEXPIRED",            {  127,  133,  162,  185,  127,  129 } },
	{ "EKEYREVOKED",            {  128,  134,  163,  186,  128,  130 } },
	{ "EKEYREJECTED",           {  129,  135,  164,  187,  129,  131 } },
	{ "EOWNERDEAD",             {  130,  136,  165,  254,  130,  132 } },
	{ "ENOTRECOVERABLE",        {  131,  137,  166,  255,  131,  133 } },
	{ "ERFKILL",                {  132,  138,  167,  256,  132,  134 } },
	{ "EHWPOISON",              {  133,  139,  168,  257,  133,  135 } },
	{ "EINIT",                  {    0,    0,  141,    0,    0,    0 } },
	{ "EREMDEV",                {    0,    0,  142,    0,    0,    0 } },
	{ "EPROCLIM",               {    0,    0,    0,    0,    0,   67 } },
	{ "ERREMOTE",               {    0,    0,    0,    0,    0,   81 } },
	{ "ERESTARTSYS",            {  512,  512,  512,  512,  512,  512 } },
	{ "ERESTARTNOINTR",         {  513,  513,  513,  513,  513,  513 } },
	{ "ERESTARTNOHAND",         {  514,  514,  514,  514,  514,  514 } },
	{ "ENOIOCTLCMD",            {  515,  515,  515,  515,  515,  515 } },
	{ "ERESTART_RESTARTBLOCK",  {  516,  516,  516,  516,  516,  516 } },
	{ "EPROBE_DEFER",           {  517,  517,  517,  517,  517,  517 } },
	{ "EOPENSTALE",             {  518,  518,  518,  518,  518,  518 } },
	{ "ENOPARAM",               {  519,  519,  519,  519,  519,  519 } },
	{ "EBADHANDLE",             {  521,  521,  521,  521,  521,  521 } },
	{ "ENOTSYNC",               {  522,  522,  522,  522,  522,  522 } },
	{ "EBADCOOKIE",             {  523,  523,  523,  523,  523,  523 } },
	{ "ENOTSUPP",               {  524,  524,  524,  524,  524,  524 } },
	{ "ETOOSMALL",              {  525,  525,  525,  525,  525,  525 } },
	{ "ESERVERFAULT",           {  526,  526,  526,  526,  526,  526 } },
	{ "EBADTYPE",               {  527,  527,  527,  527,  527,  527 } },
	{ "EJUKEBOX",               {  528,  528,  528,  528,  528,  528 } },
	{ "EIOCBQUEUED",            {  529,  529,  529,  529,  529,  529 } },
	{ "ERECALLCONFLICT",        {  530,  530,  530,  530,  530,  530 } },
	{ "ENOGRACE",               {  531,  531,  531,  531,  531,  531 } },
	{ "EWOULDBLOCK",            {   11,   35,   11,   11,   11,   11 } },
	{ "EDEADLOCK",              {   35,   11,   56,   45,   58,  108 } },
	{ "EREFUSED",               {    0,    0,    0,  239,    0,    0 } },
	{ "ECANCELLED",             {    0,    0,    0,  253,    0,    0 } },
};

static const char *const errno_abi_names[KAPI_ERRNO_ABIS] = {
	[KAPI_ERRNO_GENERIC] = "generic",
	[KAPI_ERRNO_ALPHA] = "alpha",
	[KAPI_ERRNO_MIPS] = "mips",
	[KAPI_ERRNO_PARISC] = "parisc",
	[KAPI_ERRNO_POWERPC] = "powerpc",
	[KAPI_ERRNO_SPARC] = "sparc",
};

static const char *const abi_names[KAPI_ABIS] = {
	[KAPI_ABI_NONE] = "none",
	[KAPI_ABI_X86_64] = "x86-64",
	[KAPI_ABI_ARM64] = "arm64",
};

/*
 * What a compiler defines when it builds for the ABI: SRCARCH x86 is
 * i386 and x32 too, whose longs and system call numbers differ.
 */
static const char *const abi_guards[KAPI_ABIS] = {
	[KAPI_ABI_X86_64] = "defined(__x86_64__) && !defined(__ILP32__)",
	[KAPI_ABI_ARM64] = "defined(__aarch64__)",
};

#define ARCH(e, a)	{ KAPI_ERRNO_##e, KAPI_ABI_##a }

/*
 * Architecture names: the kernel's (SRCARCH), make's ARCH= aliases and
 * uname -m's; a name ending in '*' takes any suffix (mips64el, armv7l).
 * "generic" is asm-generic's errnos without tables.
 */
static const struct {
	const char *name;
	struct kapi_arch arch;
} arches[] = {
	{ "generic", ARCH(GENERIC, NONE) },
	{ "alpha", ARCH(ALPHA, NONE) },
	{ "mips*", ARCH(MIPS, NONE) },
	{ "parisc*", ARCH(PARISC, NONE) },
	{ "powerpc*", ARCH(POWERPC, NONE) }, { "ppc*", ARCH(POWERPC, NONE) },
	{ "sparc*", ARCH(SPARC, NONE) },
	{ "x86", ARCH(GENERIC, X86_64) }, { "x86_64", ARCH(GENERIC, X86_64) },
	{ "i386", ARCH(GENERIC, X86_64) }, { "i486", ARCH(GENERIC, X86_64) },
	{ "i586", ARCH(GENERIC, X86_64) }, { "i686", ARCH(GENERIC, X86_64) },
	{ "arm64", ARCH(GENERIC, ARM64) }, { "aarch64*", ARCH(GENERIC, ARM64) },
	{ "arm*", ARCH(GENERIC, NONE) }, { "riscv*", ARCH(GENERIC, NONE) },
	{ "s390*", ARCH(GENERIC, NONE) }, { "loongarch*", ARCH(GENERIC, NONE) },
	{ "arc", ARCH(GENERIC, NONE) }, { "csky", ARCH(GENERIC, NONE) },
	{ "hexagon", ARCH(GENERIC, NONE) }, { "m68k", ARCH(GENERIC, NONE) },
	{ "microblaze*", ARCH(GENERIC, NONE) }, { "nios2", ARCH(GENERIC, NONE) },
	{ "openrisc", ARCH(GENERIC, NONE) }, { "or1k", ARCH(GENERIC, NONE) },
	{ "sh*", ARCH(GENERIC, NONE) }, { "um", ARCH(GENERIC, NONE) },
	{ "xtensa", ARCH(GENERIC, NONE) },
};

static struct kapi_arch cur_arch = ARCH(GENERIC, X86_64);

bool kapi_arch_of_name(const char *name, struct kapi_arch *arch)
{
	unsigned int i;
	size_t n;

	for (i = 0; i < KAPI_ARRAY_SIZE(arches); i++) {
		n = strlen(arches[i].name);
		if (arches[i].name[n - 1] == '*' ?
		    !strncmp(arches[i].name, name, n - 1) :
		    !strcmp(arches[i].name, name)) {
			*arch = arches[i].arch;
			return true;
		}
	}
	return false;
}

/* EM_* of <elf.h>, by number: a host program may lack the newer ones. */
struct kapi_arch kapi_arch_of_elf(unsigned int machine)
{
	switch (machine) {
	case 62:	/* EM_X86_64 */
		return (struct kapi_arch)ARCH(GENERIC, X86_64);
	case 183:	/* EM_AARCH64 */
		return (struct kapi_arch)ARCH(GENERIC, ARM64);
	case 0x9026:	/* EM_ALPHA */
		return (struct kapi_arch)ARCH(ALPHA, NONE);
	case 8:		/* EM_MIPS */
	case 10:	/* EM_MIPS_RS3_LE */
		return (struct kapi_arch)ARCH(MIPS, NONE);
	case 15:	/* EM_PARISC */
		return (struct kapi_arch)ARCH(PARISC, NONE);
	case 20:	/* EM_PPC */
	case 21:	/* EM_PPC64 */
		return (struct kapi_arch)ARCH(POWERPC, NONE);
	case 2:		/* EM_SPARC */
	case 18:	/* EM_SPARC32PLUS */
	case 43:	/* EM_SPARCV9 */
		return (struct kapi_arch)ARCH(SPARC, NONE);
	default:
		return (struct kapi_arch)ARCH(GENERIC, NONE);
	}
}

#undef ARCH

void kapi_arch_use(struct kapi_arch arch)
{
	if ((unsigned int)arch.errno_abi < KAPI_ERRNO_ABIS &&
	    (unsigned int)arch.abi < KAPI_ABIS)
		cur_arch = arch;
}

struct kapi_arch kapi_arch(void)
{
	return cur_arch;
}

const char *kapi_abi_name(enum kapi_abi abi)
{
	return (unsigned int)abi < KAPI_ABIS ? abi_names[abi] : "?";
}

const char *kapi_abi_guard(enum kapi_abi abi)
{
	return (unsigned int)abi < KAPI_ABIS ? abi_guards[abi] : NULL;
}

enum kapi_errno_abi kapi_errno_abi_of_elf(unsigned int machine)
{
	return kapi_arch_of_elf(machine).errno_abi;
}

const char *kapi_errno_abi_name(enum kapi_errno_abi abi)
{
	return (unsigned int)abi < KAPI_ERRNO_ABIS ? errno_abi_names[abi] : "?";
}

enum kapi_errno_abi kapi_errno_abi(void)
{
	return cur_arch.errno_abi;
}

bool kapi_errno_value(enum kapi_errno_abi abi, const char *name, int *value)
{
	unsigned int i;

	if ((unsigned int)abi >= KAPI_ERRNO_ABIS)
		return false;
	for (i = 0; i < KAPI_ARRAY_SIZE(errnos); i++) {
		if (!strcmp(errnos[i].name, name)) {
			if (!errnos[i].v[abi])
				return false;
			*value = errnos[i].v[abi];
			return true;
		}
	}
	return false;
}

const char *kapi_errno_name_of(enum kapi_errno_abi abi, int value)
{
	unsigned int i;

	if ((unsigned int)abi >= KAPI_ERRNO_ABIS || value <= 0)
		return NULL;
	for (i = 0; i < KAPI_ARRAY_SIZE(errnos); i++)
		if (errnos[i].v[abi] == value)
			return errnos[i].name;
	return NULL;
}

const char *kapi_errno_nth(unsigned int i)
{
	return i < KAPI_ARRAY_SIZE(errnos) ? errnos[i].name : NULL;
}

bool kapi_errno_lookup(const char *name, int *value)
{
	return kapi_errno_value(cur_arch.errno_abi, name, value);
}

const char *kapi_errno_name(int value)
{
	return kapi_errno_name_of(cur_arch.errno_abi, value);
}

/*
 * --- constants usable in valid-mask:, range:, enum:, align:, success: ---
 * consts[] holds asm-generic's values on an LP64 kernel with 4K pages,
 * which are x86-64's; an ABI's own values are in its overrides below.
 * An architecture without tables borrows consts[] and x86-64's system
 * call numbers for the parser's checks and tools/kapi, and the build
 * checks neither there.
 */

enum ctype_id { T_INT, T_UINT, T_LONG, T_ULONG };

static const char *const hdr_fcntl = "linux/fcntl.h";
static const char *const hdr_stat = "linux/stat.h";
static const char *const hdr_limits = "linux/limits.h";
static const char *const hdr_fs = "linux/fs.h";
static const char *const hdr_openat2 = "linux/openat2.h";
static const char *const hdr_cap = "linux/capability.h";
static const char *const hdr_mm = "linux/mm.h";
static const char *const hdr_close_range = "linux/close_range.h";

struct kapi_const {
	const char *name;
	unsigned long long value;	/* two's complement for negatives */
	enum ctype_id type;
	const char *const *header;
};

#define C(name, v, t, h)	{ #name, (unsigned long long)(v), t, &(h) }

static const struct kapi_const consts[] = {
	/* include/uapi/asm-generic/fcntl.h (x86-64 uses it unchanged) */
	C(O_ACCMODE, 00000003, T_INT, hdr_fcntl),
	C(O_RDONLY, 00000000, T_INT, hdr_fcntl),
	C(O_WRONLY, 00000001, T_INT, hdr_fcntl),
	C(O_RDWR, 00000002, T_INT, hdr_fcntl),
	C(O_CREAT, 00000100, T_INT, hdr_fcntl),
	C(O_EXCL, 00000200, T_INT, hdr_fcntl),
	C(O_NOCTTY, 00000400, T_INT, hdr_fcntl),
	C(O_TRUNC, 00001000, T_INT, hdr_fcntl),
	C(O_APPEND, 00002000, T_INT, hdr_fcntl),
	C(O_NONBLOCK, 00004000, T_INT, hdr_fcntl),
	C(O_NDELAY, 00004000, T_INT, hdr_fcntl),
	C(O_DSYNC, 00010000, T_INT, hdr_fcntl),
	C(FASYNC, 00020000, T_INT, hdr_fcntl),
	C(O_DIRECT, 00040000, T_INT, hdr_fcntl),
	C(O_LARGEFILE, 00100000, T_INT, hdr_fcntl),
	C(O_DIRECTORY, 00200000, T_INT, hdr_fcntl),
	C(O_NOFOLLOW, 00400000, T_INT, hdr_fcntl),
	C(O_NOATIME, 01000000, T_INT, hdr_fcntl),
	C(O_CLOEXEC, 02000000, T_INT, hdr_fcntl),
	C(__O_SYNC, 04000000, T_INT, hdr_fcntl),
	C(O_SYNC, 04010000, T_INT, hdr_fcntl),
	C(O_PATH, 010000000, T_INT, hdr_fcntl),
	C(__O_TMPFILE, 020000000, T_INT, hdr_fcntl),
	C(O_TMPFILE, 020200000, T_INT, hdr_fcntl),
	C(F_DUPFD, 0, T_INT, hdr_fcntl),
	C(F_GETFD, 1, T_INT, hdr_fcntl),
	C(F_SETFD, 2, T_INT, hdr_fcntl),
	C(F_GETFL, 3, T_INT, hdr_fcntl),
	C(F_SETFL, 4, T_INT, hdr_fcntl),
	C(F_GETLK, 5, T_INT, hdr_fcntl),
	C(F_SETLK, 6, T_INT, hdr_fcntl),
	C(F_SETLKW, 7, T_INT, hdr_fcntl),
	C(F_SETOWN, 8, T_INT, hdr_fcntl),
	C(F_GETOWN, 9, T_INT, hdr_fcntl),
	C(F_SETSIG, 10, T_INT, hdr_fcntl),
	C(F_GETSIG, 11, T_INT, hdr_fcntl),
	C(F_SETOWN_EX, 15, T_INT, hdr_fcntl),
	C(F_GETOWN_EX, 16, T_INT, hdr_fcntl),
	C(F_GETOWNER_UIDS, 17, T_INT, hdr_fcntl),
	C(F_OFD_GETLK, 36, T_INT, hdr_fcntl),
	C(F_OFD_SETLK, 37, T_INT, hdr_fcntl),
	C(F_OFD_SETLKW, 38, T_INT, hdr_fcntl),
	C(FD_CLOEXEC, 1, T_INT, hdr_fcntl),
	C(F_RDLCK, 0, T_INT, hdr_fcntl),
	C(F_WRLCK, 1, T_INT, hdr_fcntl),
	C(F_UNLCK, 2, T_INT, hdr_fcntl),
	C(LOCK_SH, 1, T_INT, hdr_fcntl),
	C(LOCK_EX, 2, T_INT, hdr_fcntl),
	C(LOCK_NB, 4, T_INT, hdr_fcntl),
	C(LOCK_UN, 8, T_INT, hdr_fcntl),
	/* include/uapi/linux/fcntl.h */
	C(AT_FDCWD, -100, T_INT, hdr_fcntl),
	C(AT_SYMLINK_NOFOLLOW, 0x100, T_INT, hdr_fcntl),
	C(AT_EACCESS, 0x200, T_INT, hdr_fcntl),
	C(AT_REMOVEDIR, 0x200, T_INT, hdr_fcntl),
	C(AT_SYMLINK_FOLLOW, 0x400, T_INT, hdr_fcntl),
	C(AT_NO_AUTOMOUNT, 0x800, T_INT, hdr_fcntl),
	C(AT_EMPTY_PATH, 0x1000, T_INT, hdr_fcntl),
	C(AT_STATX_SYNC_TYPE, 0x6000, T_INT, hdr_fcntl),
	C(AT_STATX_SYNC_AS_STAT, 0x0000, T_INT, hdr_fcntl),
	C(AT_STATX_FORCE_SYNC, 0x2000, T_INT, hdr_fcntl),
	C(AT_STATX_DONT_SYNC, 0x4000, T_INT, hdr_fcntl),
	C(AT_RECURSIVE, 0x8000, T_INT, hdr_fcntl),
	/* include/uapi/linux/stat.h, include/linux/stat.h */
	C(S_IFMT, 00170000, T_INT, hdr_stat),
	C(S_IFSOCK, 0140000, T_INT, hdr_stat),
	C(S_IFLNK, 0120000, T_INT, hdr_stat),
	C(S_IFREG, 0100000, T_INT, hdr_stat),
	C(S_IFBLK, 0060000, T_INT, hdr_stat),
	C(S_IFDIR, 0040000, T_INT, hdr_stat),
	C(S_IFCHR, 0020000, T_INT, hdr_stat),
	C(S_IFIFO, 0010000, T_INT, hdr_stat),
	C(S_ISUID, 0004000, T_INT, hdr_stat),
	C(S_ISGID, 0002000, T_INT, hdr_stat),
	C(S_ISVTX, 0001000, T_INT, hdr_stat),
	C(S_IRWXU, 00700, T_INT, hdr_stat),
	C(S_IRUSR, 00400, T_INT, hdr_stat),
	C(S_IWUSR, 00200, T_INT, hdr_stat),
	C(S_IXUSR, 00100, T_INT, hdr_stat),
	C(S_IRWXG, 00070, T_INT, hdr_stat),
	C(S_IRGRP, 00040, T_INT, hdr_stat),
	C(S_IWGRP, 00020, T_INT, hdr_stat),
	C(S_IXGRP, 00010, T_INT, hdr_stat),
	C(S_IRWXO, 00007, T_INT, hdr_stat),
	C(S_IROTH, 00004, T_INT, hdr_stat),
	C(S_IWOTH, 00002, T_INT, hdr_stat),
	C(S_IXOTH, 00001, T_INT, hdr_stat),
	C(S_IRWXUGO, 00777, T_INT, hdr_stat),
	C(S_IALLUGO, 07777, T_INT, hdr_stat),
	C(S_IRUGO, 00444, T_INT, hdr_stat),
	C(S_IWUGO, 00222, T_INT, hdr_stat),
	C(S_IXUGO, 00111, T_INT, hdr_stat),
	/* include/vdso/limits.h, include/linux/limits.h (LP64) */
	C(SHRT_MAX, 0x7fff, T_INT, hdr_limits),
	C(SHRT_MIN, -0x8000, T_INT, hdr_limits),
	C(USHRT_MAX, 0xffff, T_INT, hdr_limits),
	C(INT_MAX, 0x7fffffff, T_INT, hdr_limits),
	C(INT_MIN, -0x7fffffffLL - 1, T_INT, hdr_limits),
	C(UINT_MAX, 0xffffffffU, T_UINT, hdr_limits),
	C(LONG_MAX, 0x7fffffffffffffffLL, T_LONG, hdr_limits),
	C(LONG_MIN, -0x7fffffffffffffffLL - 1, T_LONG, hdr_limits),
	C(ULONG_MAX, 0xffffffffffffffffULL, T_ULONG, hdr_limits),
	C(LLONG_MAX, 0x7fffffffffffffffLL, T_LONG, hdr_limits),
	C(LLONG_MIN, -0x7fffffffffffffffLL - 1, T_LONG, hdr_limits),
	C(ULLONG_MAX, 0xffffffffffffffffULL, T_ULONG, hdr_limits),
	C(SIZE_MAX, 0xffffffffffffffffULL, T_ULONG, hdr_limits),
	C(SSIZE_MAX, 0x7fffffffffffffffLL, T_LONG, hdr_limits),
	C(U8_MAX, 0xff, T_INT, hdr_limits),
	C(S8_MAX, 0x7f, T_INT, hdr_limits),
	C(S8_MIN, -0x80, T_INT, hdr_limits),
	C(U16_MAX, 0xffff, T_INT, hdr_limits),
	C(S16_MAX, 0x7fff, T_INT, hdr_limits),
	C(S16_MIN, -0x8000, T_INT, hdr_limits),
	C(U32_MAX, 0xffffffffU, T_UINT, hdr_limits),
	C(S32_MAX, 0x7fffffff, T_INT, hdr_limits),
	C(S32_MIN, -0x7fffffffLL - 1, T_INT, hdr_limits),
	C(U64_MAX, 0xffffffffffffffffULL, T_ULONG, hdr_limits),
	C(S64_MAX, 0x7fffffffffffffffLL, T_LONG, hdr_limits),
	C(S64_MIN, -0x7fffffffffffffffLL - 1, T_LONG, hdr_limits),
	/* include/uapi/linux/limits.h */
	C(NAME_MAX, 255, T_INT, hdr_limits),
	C(PATH_MAX, 4096, T_INT, hdr_limits),
	C(PIPE_BUF, 4096, T_INT, hdr_limits),
	C(XATTR_NAME_MAX, 255, T_INT, hdr_limits),
	C(XATTR_SIZE_MAX, 65536, T_INT, hdr_limits),
	C(XATTR_LIST_MAX, 65536, T_INT, hdr_limits),
	/* include/linux/fs.h: INT_MAX & PAGE_MASK, unsigned long */
	C(MAX_RW_COUNT, 0x7ffff000UL, T_ULONG, hdr_fs),
	C(PAGE_SIZE, 4096UL, T_ULONG, hdr_mm),
	C(PAGE_MASK, ~4095UL, T_ULONG, hdr_mm),
	/* include/uapi/linux/fs.h */
	C(SEEK_SET, 0, T_INT, hdr_fs),
	C(SEEK_CUR, 1, T_INT, hdr_fs),
	C(SEEK_END, 2, T_INT, hdr_fs),
	C(SEEK_DATA, 3, T_INT, hdr_fs),
	C(SEEK_HOLE, 4, T_INT, hdr_fs),
	C(SEEK_MAX, 4, T_INT, hdr_fs),
	/* include/uapi/linux/openat2.h */
	C(RESOLVE_NO_XDEV, 0x01, T_INT, hdr_openat2),
	C(RESOLVE_NO_MAGICLINKS, 0x02, T_INT, hdr_openat2),
	C(RESOLVE_NO_SYMLINKS, 0x04, T_INT, hdr_openat2),
	C(RESOLVE_BENEATH, 0x08, T_INT, hdr_openat2),
	C(RESOLVE_IN_ROOT, 0x10, T_INT, hdr_openat2),
	C(RESOLVE_CACHED, 0x20, T_INT, hdr_openat2),
	/* include/linux/fcntl.h: struct open_how sizes */
	C(OPEN_HOW_SIZE_VER0, 24, T_INT, hdr_fcntl),
	C(OPEN_HOW_SIZE_LATEST, 24, T_INT, hdr_fcntl),
	/* include/uapi/linux/close_range.h */
	C(CLOSE_RANGE_UNSHARE, 1U << 1, T_UINT, hdr_close_range),
	C(CLOSE_RANGE_CLOEXEC, 1U << 2, T_UINT, hdr_close_range),
};

#undef C

/*
 * What an ABI numbers differently from consts[]; @cond, if any, is the
 * kernel config under which @value holds (the value of other configs is
 * left to the compiler, which the build check then skips).
 */
struct kapi_const_override {
	const char *name;
	unsigned long long value;
	const char *cond;
};

static const char cond_4k_pages[] = "defined(CONFIG_PAGE_SIZE_4KB)";

/*
 * arm64: arch/arm64/include/uapi/asm/fcntl.h moves four O_* flags (and so
 * O_TMPFILE, __O_TMPFILE | O_DIRECTORY); its pages may be 16K or 64K.
 * Every other constant of consts[] is asm-generic's there too.
 */
static const struct kapi_const_override arm64_consts[] = {
	{ "O_DIRECTORY", 0040000, NULL },
	{ "O_NOFOLLOW", 0100000, NULL },
	{ "O_DIRECT", 0200000, NULL },
	{ "O_LARGEFILE", 0400000, NULL },
	{ "O_TMPFILE", 020040000, NULL },
	{ "MAX_RW_COUNT", 0x7ffff000UL, cond_4k_pages },
	{ "PAGE_SIZE", 4096UL, cond_4k_pages },
	{ "PAGE_MASK", ~4095UL, cond_4k_pages },
};

static const struct {
	const struct kapi_const_override *c;
	unsigned int n;
} const_overrides[KAPI_ABIS] = {
	[KAPI_ABI_ARM64] = { arm64_consts, KAPI_ARRAY_SIZE(arm64_consts) },
};

static const struct kapi_const_override *const_override(const char *name)
{
	const struct kapi_const_override *o = const_overrides[cur_arch.abi].c;
	unsigned int i;

	for (i = 0; i < const_overrides[cur_arch.abi].n; i++)
		if (!strcmp(o[i].name, name))
			return &o[i];
	return NULL;
}

/* include/uapi/linux/capability.h */
static const char *const caps[] = {
	"CAP_CHOWN", "CAP_DAC_OVERRIDE", "CAP_DAC_READ_SEARCH", "CAP_FOWNER",
	"CAP_FSETID", "CAP_KILL", "CAP_SETGID", "CAP_SETUID", "CAP_SETPCAP",
	"CAP_LINUX_IMMUTABLE", "CAP_NET_BIND_SERVICE", "CAP_NET_BROADCAST",
	"CAP_NET_ADMIN", "CAP_NET_RAW", "CAP_IPC_LOCK", "CAP_IPC_OWNER",
	"CAP_SYS_MODULE", "CAP_SYS_RAWIO", "CAP_SYS_CHROOT", "CAP_SYS_PTRACE",
	"CAP_SYS_PACCT", "CAP_SYS_ADMIN", "CAP_SYS_BOOT", "CAP_SYS_NICE",
	"CAP_SYS_RESOURCE", "CAP_SYS_TIME", "CAP_SYS_TTY_CONFIG", "CAP_MKNOD",
	"CAP_LEASE", "CAP_AUDIT_WRITE", "CAP_AUDIT_CONTROL", "CAP_SETFCAP",
	"CAP_MAC_OVERRIDE", "CAP_MAC_ADMIN", "CAP_SYSLOG", "CAP_WAKE_ALARM",
	"CAP_BLOCK_SUSPEND", "CAP_AUDIT_READ", "CAP_PERFMON", "CAP_BPF",
	"CAP_CHECKPOINT_RESTORE",
};

int kapi_cap_lookup(const char *name)
{
	unsigned int i;

	for (i = 0; i < KAPI_ARRAY_SIZE(caps); i++)
		if (!strcmp(caps[i], name))
			return i;
	return -1;
}

static const struct kapi_const *const_lookup(const char *name)
{
	unsigned int i;

	for (i = 0; i < KAPI_ARRAY_SIZE(consts); i++)
		if (!strcmp(consts[i].name, name))
			return &consts[i];
	return NULL;
}

const char *kapi_const_header(const char *name)
{
	const struct kapi_const *c = const_lookup(name);
	int v;

	if (c)
		return *c->header;
	if (kapi_cap_lookup(name) >= 0)
		return hdr_cap;
	if (kapi_errno_lookup(name, &v))
		return "linux/errno.h";
	return NULL;
}

const char *kapi_const_nth(unsigned int i)
{
	return i < KAPI_ARRAY_SIZE(consts) ? consts[i].name : NULL;
}

const char *kapi_const_cond(const char *name)
{
	const struct kapi_const_override *o = const_override(name);

	return o ? o->cond : NULL;
}

bool kapi_const_value(const char *name, struct kapi_cval *out)
{
	const struct kapi_const *c = const_lookup(name);
	const struct kapi_const_override *o;
	int v;

	if (c) {
		o = const_override(name);
		out->v = o ? o->value : c->value;
		out->bits = c->type >= T_LONG ? 64 : 32;
		out->is_signed = c->type == T_INT || c->type == T_LONG;
		return true;
	}
	v = kapi_cap_lookup(name);
	if (v >= 0 || kapi_errno_lookup(name, &v)) {
		out->v = v;
		out->bits = 32;
		out->is_signed = true;
		return true;
	}
	return false;
}

struct kapi_syscall {
	const char *name;
	int nr;
};

/* arch/x86/entry/syscalls/syscall_64.tbl, "common" and "64" entries */
static const struct kapi_syscall x86_64_syscalls[] = {
	{ "read", 0 }, { "write", 1 }, { "open", 2 },
	{ "close", 3 }, { "stat", 4 }, { "fstat", 5 },
	{ "lstat", 6 }, { "poll", 7 }, { "lseek", 8 },
	{ "mmap", 9 }, { "mprotect", 10 }, { "munmap", 11 },
	{ "brk", 12 }, { "rt_sigaction", 13 }, { "rt_sigprocmask", 14 },
	{ "rt_sigreturn", 15 }, { "ioctl", 16 }, { "pread64", 17 },
	{ "pwrite64", 18 }, { "readv", 19 }, { "writev", 20 },
	{ "access", 21 }, { "pipe", 22 }, { "select", 23 },
	{ "sched_yield", 24 }, { "mremap", 25 }, { "msync", 26 },
	{ "mincore", 27 }, { "madvise", 28 }, { "shmget", 29 },
	{ "shmat", 30 }, { "shmctl", 31 }, { "dup", 32 },
	{ "dup2", 33 }, { "pause", 34 }, { "nanosleep", 35 },
	{ "getitimer", 36 }, { "alarm", 37 }, { "setitimer", 38 },
	{ "getpid", 39 }, { "sendfile", 40 }, { "socket", 41 },
	{ "connect", 42 }, { "accept", 43 }, { "sendto", 44 },
	{ "recvfrom", 45 }, { "sendmsg", 46 }, { "recvmsg", 47 },
	{ "shutdown", 48 }, { "bind", 49 }, { "listen", 50 },
	{ "getsockname", 51 }, { "getpeername", 52 }, { "socketpair", 53 },
	{ "setsockopt", 54 }, { "getsockopt", 55 }, { "clone", 56 },
	{ "fork", 57 }, { "vfork", 58 }, { "execve", 59 },
	{ "exit", 60 }, { "wait4", 61 }, { "kill", 62 },
	{ "uname", 63 }, { "semget", 64 }, { "semop", 65 },
	{ "semctl", 66 }, { "shmdt", 67 }, { "msgget", 68 },
	{ "msgsnd", 69 }, { "msgrcv", 70 }, { "msgctl", 71 },
	{ "fcntl", 72 }, { "flock", 73 }, { "fsync", 74 },
	{ "fdatasync", 75 }, { "truncate", 76 }, { "ftruncate", 77 },
	{ "getdents", 78 }, { "getcwd", 79 }, { "chdir", 80 },
	{ "fchdir", 81 }, { "rename", 82 }, { "mkdir", 83 },
	{ "rmdir", 84 }, { "creat", 85 }, { "link", 86 },
	{ "unlink", 87 }, { "symlink", 88 }, { "readlink", 89 },
	{ "chmod", 90 }, { "fchmod", 91 }, { "chown", 92 },
	{ "fchown", 93 }, { "lchown", 94 }, { "umask", 95 },
	{ "gettimeofday", 96 }, { "getrlimit", 97 }, { "getrusage", 98 },
	{ "sysinfo", 99 }, { "times", 100 }, { "ptrace", 101 },
	{ "getuid", 102 }, { "syslog", 103 }, { "getgid", 104 },
	{ "setuid", 105 }, { "setgid", 106 }, { "geteuid", 107 },
	{ "getegid", 108 }, { "setpgid", 109 }, { "getppid", 110 },
	{ "getpgrp", 111 }, { "setsid", 112 }, { "setreuid", 113 },
	{ "setregid", 114 }, { "getgroups", 115 }, { "setgroups", 116 },
	{ "setresuid", 117 }, { "getresuid", 118 }, { "setresgid", 119 },
	{ "getresgid", 120 }, { "getpgid", 121 }, { "setfsuid", 122 },
	{ "setfsgid", 123 }, { "getsid", 124 }, { "capget", 125 },
	{ "capset", 126 }, { "rt_sigpending", 127 }, { "rt_sigtimedwait", 128 },
	{ "rt_sigqueueinfo", 129 }, { "rt_sigsuspend", 130 }, { "sigaltstack", 131 },
	{ "utime", 132 }, { "mknod", 133 }, { "uselib", 134 },
	{ "personality", 135 }, { "ustat", 136 }, { "statfs", 137 },
	{ "fstatfs", 138 }, { "sysfs", 139 }, { "getpriority", 140 },
	{ "setpriority", 141 }, { "sched_setparam", 142 }, { "sched_getparam", 143 },
	{ "sched_setscheduler", 144 }, { "sched_getscheduler", 145 },
	{ "sched_get_priority_max", 146 },
	{ "sched_get_priority_min", 147 }, { "sched_rr_get_interval", 148 }, { "mlock", 149 },
	{ "munlock", 150 }, { "mlockall", 151 }, { "munlockall", 152 },
	{ "vhangup", 153 }, { "modify_ldt", 154 }, { "pivot_root", 155 },
	{ "_sysctl", 156 }, { "prctl", 157 }, { "arch_prctl", 158 },
	{ "adjtimex", 159 }, { "setrlimit", 160 }, { "chroot", 161 },
	{ "sync", 162 }, { "acct", 163 }, { "settimeofday", 164 },
	{ "mount", 165 }, { "umount2", 166 }, { "swapon", 167 },
	{ "swapoff", 168 }, { "reboot", 169 }, { "sethostname", 170 },
	{ "setdomainname", 171 }, { "iopl", 172 }, { "ioperm", 173 },
	{ "create_module", 174 }, { "init_module", 175 }, { "delete_module", 176 },
	{ "get_kernel_syms", 177 }, { "query_module", 178 }, { "quotactl", 179 },
	{ "nfsservctl", 180 }, { "getpmsg", 181 }, { "putpmsg", 182 },
	{ "afs_syscall", 183 }, { "tuxcall", 184 }, { "security", 185 },
	{ "gettid", 186 }, { "readahead", 187 }, { "setxattr", 188 },
	{ "lsetxattr", 189 }, { "fsetxattr", 190 }, { "getxattr", 191 },
	{ "lgetxattr", 192 }, { "fgetxattr", 193 }, { "listxattr", 194 },
	{ "llistxattr", 195 }, { "flistxattr", 196 }, { "removexattr", 197 },
	{ "lremovexattr", 198 }, { "fremovexattr", 199 }, { "tkill", 200 },
	{ "time", 201 }, { "futex", 202 }, { "sched_setaffinity", 203 },
	{ "sched_getaffinity", 204 }, { "set_thread_area", 205 }, { "io_setup", 206 },
	{ "io_destroy", 207 }, { "io_getevents", 208 }, { "io_submit", 209 },
	{ "io_cancel", 210 }, { "get_thread_area", 211 }, { "lookup_dcookie", 212 },
	{ "epoll_create", 213 }, { "epoll_ctl_old", 214 }, { "epoll_wait_old", 215 },
	{ "remap_file_pages", 216 }, { "getdents64", 217 }, { "set_tid_address", 218 },
	{ "restart_syscall", 219 }, { "semtimedop", 220 }, { "fadvise64", 221 },
	{ "timer_create", 222 }, { "timer_settime", 223 }, { "timer_gettime", 224 },
	{ "timer_getoverrun", 225 }, { "timer_delete", 226 }, { "clock_settime", 227 },
	{ "clock_gettime", 228 }, { "clock_getres", 229 }, { "clock_nanosleep", 230 },
	{ "exit_group", 231 }, { "epoll_wait", 232 }, { "epoll_ctl", 233 },
	{ "tgkill", 234 }, { "utimes", 235 }, { "vserver", 236 },
	{ "mbind", 237 }, { "set_mempolicy", 238 }, { "get_mempolicy", 239 },
	{ "mq_open", 240 }, { "mq_unlink", 241 }, { "mq_timedsend", 242 },
	{ "mq_timedreceive", 243 }, { "mq_notify", 244 }, { "mq_getsetattr", 245 },
	{ "kexec_load", 246 }, { "waitid", 247 }, { "add_key", 248 },
	{ "request_key", 249 }, { "keyctl", 250 }, { "ioprio_set", 251 },
	{ "ioprio_get", 252 }, { "inotify_init", 253 }, { "inotify_add_watch", 254 },
	{ "inotify_rm_watch", 255 }, { "migrate_pages", 256 }, { "openat", 257 },
	{ "mkdirat", 258 }, { "mknodat", 259 }, { "fchownat", 260 },
	{ "futimesat", 261 }, { "newfstatat", 262 }, { "unlinkat", 263 },
	{ "renameat", 264 }, { "linkat", 265 }, { "symlinkat", 266 },
	{ "readlinkat", 267 }, { "fchmodat", 268 }, { "faccessat", 269 },
	{ "pselect6", 270 }, { "ppoll", 271 }, { "unshare", 272 },
	{ "set_robust_list", 273 }, { "get_robust_list", 274 }, { "splice", 275 },
	{ "tee", 276 }, { "sync_file_range", 277 }, { "vmsplice", 278 },
	{ "move_pages", 279 }, { "utimensat", 280 }, { "epoll_pwait", 281 },
	{ "signalfd", 282 }, { "timerfd_create", 283 }, { "eventfd", 284 },
	{ "fallocate", 285 }, { "timerfd_settime", 286 }, { "timerfd_gettime", 287 },
	{ "accept4", 288 }, { "signalfd4", 289 }, { "eventfd2", 290 },
	{ "epoll_create1", 291 }, { "dup3", 292 }, { "pipe2", 293 },
	{ "inotify_init1", 294 }, { "preadv", 295 }, { "pwritev", 296 },
	{ "rt_tgsigqueueinfo", 297 }, { "perf_event_open", 298 }, { "recvmmsg", 299 },
	{ "fanotify_init", 300 }, { "fanotify_mark", 301 }, { "prlimit64", 302 },
	{ "name_to_handle_at", 303 }, { "open_by_handle_at", 304 }, { "clock_adjtime", 305 },
	{ "syncfs", 306 }, { "sendmmsg", 307 }, { "setns", 308 },
	{ "getcpu", 309 }, { "process_vm_readv", 310 }, { "process_vm_writev", 311 },
	{ "kcmp", 312 }, { "finit_module", 313 }, { "sched_setattr", 314 },
	{ "sched_getattr", 315 }, { "renameat2", 316 }, { "seccomp", 317 },
	{ "getrandom", 318 }, { "memfd_create", 319 }, { "kexec_file_load", 320 },
	{ "bpf", 321 }, { "execveat", 322 }, { "userfaultfd", 323 },
	{ "membarrier", 324 }, { "mlock2", 325 }, { "copy_file_range", 326 },
	{ "preadv2", 327 }, { "pwritev2", 328 }, { "pkey_mprotect", 329 },
	{ "pkey_alloc", 330 }, { "pkey_free", 331 }, { "statx", 332 },
	{ "io_pgetevents", 333 }, { "rseq", 334 }, { "uretprobe", 335 },
	{ "pidfd_send_signal", 424 }, { "io_uring_setup", 425 }, { "io_uring_enter", 426 },
	{ "io_uring_register", 427 }, { "open_tree", 428 }, { "move_mount", 429 },
	{ "fsopen", 430 }, { "fsconfig", 431 }, { "fsmount", 432 },
	{ "fspick", 433 }, { "pidfd_open", 434 }, { "clone3", 435 },
	{ "close_range", 436 }, { "openat2", 437 }, { "pidfd_getfd", 438 },
	{ "faccessat2", 439 }, { "process_madvise", 440 }, { "epoll_pwait2", 441 },
	{ "mount_setattr", 442 }, { "quotactl_fd", 443 }, { "landlock_create_ruleset", 444 },
	{ "landlock_add_rule", 445 }, { "landlock_restrict_self", 446 }, { "memfd_secret", 447 },
	{ "process_mrelease", 448 }, { "futex_waitv", 449 }, { "set_mempolicy_home_node", 450 },
	{ "cachestat", 451 }, { "fchmodat2", 452 }, { "map_shadow_stack", 453 },
	{ "futex_wake", 454 }, { "futex_wait", 455 }, { "futex_requeue", 456 },
	{ "statmount", 457 }, { "listmount", 458 }, { "lsm_get_self_attr", 459 },
	{ "lsm_set_self_attr", 460 }, { "lsm_list_modules", 461 }, { "mseal", 462 },
};

/*
 * scripts/syscall.tbl (arch/arm64/tools/syscall_64.tbl), the ABIs
 * arch/arm64/kernel/Makefile.syscalls builds unistd_64.h from: "common",
 * "64", "renameat", "rlimit", "memfd_secret". No open, creat, dup2...:
 * the *at() calls and dup3() are all arm64 has.
 */
static const struct kapi_syscall arm64_syscalls[] = {
	{ "io_setup", 0 }, { "io_destroy", 1 }, { "io_submit", 2 },
	{ "io_cancel", 3 }, { "io_getevents", 4 }, { "setxattr", 5 },
	{ "lsetxattr", 6 }, { "fsetxattr", 7 }, { "getxattr", 8 },
	{ "lgetxattr", 9 }, { "fgetxattr", 10 }, { "listxattr", 11 },
	{ "llistxattr", 12 }, { "flistxattr", 13 }, { "removexattr", 14 },
	{ "lremovexattr", 15 }, { "fremovexattr", 16 }, { "getcwd", 17 },
	{ "lookup_dcookie", 18 }, { "eventfd2", 19 }, { "epoll_create1", 20 },
	{ "epoll_ctl", 21 }, { "epoll_pwait", 22 }, { "dup", 23 },
	{ "dup3", 24 }, { "fcntl", 25 }, { "inotify_init1", 26 },
	{ "inotify_add_watch", 27 }, { "inotify_rm_watch", 28 },
	{ "ioctl", 29 }, { "ioprio_set", 30 }, { "ioprio_get", 31 },
	{ "flock", 32 }, { "mknodat", 33 }, { "mkdirat", 34 },
	{ "unlinkat", 35 }, { "symlinkat", 36 }, { "linkat", 37 },
	{ "renameat", 38 }, { "umount2", 39 }, { "mount", 40 },
	{ "pivot_root", 41 }, { "nfsservctl", 42 }, { "statfs", 43 },
	{ "fstatfs", 44 }, { "truncate", 45 }, { "ftruncate", 46 },
	{ "fallocate", 47 }, { "faccessat", 48 }, { "chdir", 49 },
	{ "fchdir", 50 }, { "chroot", 51 }, { "fchmod", 52 },
	{ "fchmodat", 53 }, { "fchownat", 54 }, { "fchown", 55 },
	{ "openat", 56 }, { "close", 57 }, { "vhangup", 58 }, { "pipe2", 59 },
	{ "quotactl", 60 }, { "getdents64", 61 }, { "lseek", 62 },
	{ "read", 63 }, { "write", 64 }, { "readv", 65 }, { "writev", 66 },
	{ "pread64", 67 }, { "pwrite64", 68 }, { "preadv", 69 },
	{ "pwritev", 70 }, { "sendfile", 71 }, { "pselect6", 72 },
	{ "ppoll", 73 }, { "signalfd4", 74 }, { "vmsplice", 75 },
	{ "splice", 76 }, { "tee", 77 }, { "readlinkat", 78 },
	{ "newfstatat", 79 }, { "fstat", 80 }, { "sync", 81 }, { "fsync", 82 },
	{ "fdatasync", 83 }, { "sync_file_range", 84 },
	{ "timerfd_create", 85 }, { "timerfd_settime", 86 },
	{ "timerfd_gettime", 87 }, { "utimensat", 88 }, { "acct", 89 },
	{ "capget", 90 }, { "capset", 91 }, { "personality", 92 },
	{ "exit", 93 }, { "exit_group", 94 }, { "waitid", 95 },
	{ "set_tid_address", 96 }, { "unshare", 97 }, { "futex", 98 },
	{ "set_robust_list", 99 }, { "get_robust_list", 100 },
	{ "nanosleep", 101 }, { "getitimer", 102 }, { "setitimer", 103 },
	{ "kexec_load", 104 }, { "init_module", 105 }, { "delete_module", 106 },
	{ "timer_create", 107 }, { "timer_gettime", 108 },
	{ "timer_getoverrun", 109 }, { "timer_settime", 110 },
	{ "timer_delete", 111 }, { "clock_settime", 112 },
	{ "clock_gettime", 113 }, { "clock_getres", 114 },
	{ "clock_nanosleep", 115 }, { "syslog", 116 }, { "ptrace", 117 },
	{ "sched_setparam", 118 }, { "sched_setscheduler", 119 },
	{ "sched_getscheduler", 120 }, { "sched_getparam", 121 },
	{ "sched_setaffinity", 122 }, { "sched_getaffinity", 123 },
	{ "sched_yield", 124 }, { "sched_get_priority_max", 125 },
	{ "sched_get_priority_min", 126 }, { "sched_rr_get_interval", 127 },
	{ "restart_syscall", 128 }, { "kill", 129 }, { "tkill", 130 },
	{ "tgkill", 131 }, { "sigaltstack", 132 }, { "rt_sigsuspend", 133 },
	{ "rt_sigaction", 134 }, { "rt_sigprocmask", 135 },
	{ "rt_sigpending", 136 }, { "rt_sigtimedwait", 137 },
	{ "rt_sigqueueinfo", 138 }, { "rt_sigreturn", 139 },
	{ "setpriority", 140 }, { "getpriority", 141 }, { "reboot", 142 },
	{ "setregid", 143 }, { "setgid", 144 }, { "setreuid", 145 },
	{ "setuid", 146 }, { "setresuid", 147 }, { "getresuid", 148 },
	{ "setresgid", 149 }, { "getresgid", 150 }, { "setfsuid", 151 },
	{ "setfsgid", 152 }, { "times", 153 }, { "setpgid", 154 },
	{ "getpgid", 155 }, { "getsid", 156 }, { "setsid", 157 },
	{ "getgroups", 158 }, { "setgroups", 159 }, { "uname", 160 },
	{ "sethostname", 161 }, { "setdomainname", 162 }, { "getrlimit", 163 },
	{ "setrlimit", 164 }, { "getrusage", 165 }, { "umask", 166 },
	{ "prctl", 167 }, { "getcpu", 168 }, { "gettimeofday", 169 },
	{ "settimeofday", 170 }, { "adjtimex", 171 }, { "getpid", 172 },
	{ "getppid", 173 }, { "getuid", 174 }, { "geteuid", 175 },
	{ "getgid", 176 }, { "getegid", 177 }, { "gettid", 178 },
	{ "sysinfo", 179 }, { "mq_open", 180 }, { "mq_unlink", 181 },
	{ "mq_timedsend", 182 }, { "mq_timedreceive", 183 },
	{ "mq_notify", 184 }, { "mq_getsetattr", 185 }, { "msgget", 186 },
	{ "msgctl", 187 }, { "msgrcv", 188 }, { "msgsnd", 189 },
	{ "semget", 190 }, { "semctl", 191 }, { "semtimedop", 192 },
	{ "semop", 193 }, { "shmget", 194 }, { "shmctl", 195 },
	{ "shmat", 196 }, { "shmdt", 197 }, { "socket", 198 },
	{ "socketpair", 199 }, { "bind", 200 }, { "listen", 201 },
	{ "accept", 202 }, { "connect", 203 }, { "getsockname", 204 },
	{ "getpeername", 205 }, { "sendto", 206 }, { "recvfrom", 207 },
	{ "setsockopt", 208 }, { "getsockopt", 209 }, { "shutdown", 210 },
	{ "sendmsg", 211 }, { "recvmsg", 212 }, { "readahead", 213 },
	{ "brk", 214 }, { "munmap", 215 }, { "mremap", 216 },
	{ "add_key", 217 }, { "request_key", 218 }, { "keyctl", 219 },
	{ "clone", 220 }, { "execve", 221 }, { "mmap", 222 },
	{ "fadvise64", 223 }, { "swapon", 224 }, { "swapoff", 225 },
	{ "mprotect", 226 }, { "msync", 227 }, { "mlock", 228 },
	{ "munlock", 229 }, { "mlockall", 230 }, { "munlockall", 231 },
	{ "mincore", 232 }, { "madvise", 233 }, { "remap_file_pages", 234 },
	{ "mbind", 235 }, { "get_mempolicy", 236 }, { "set_mempolicy", 237 },
	{ "migrate_pages", 238 }, { "move_pages", 239 },
	{ "rt_tgsigqueueinfo", 240 }, { "perf_event_open", 241 },
	{ "accept4", 242 }, { "recvmmsg", 243 }, { "wait4", 260 },
	{ "prlimit64", 261 }, { "fanotify_init", 262 },
	{ "fanotify_mark", 263 }, { "name_to_handle_at", 264 },
	{ "open_by_handle_at", 265 }, { "clock_adjtime", 266 },
	{ "syncfs", 267 }, { "setns", 268 }, { "sendmmsg", 269 },
	{ "process_vm_readv", 270 }, { "process_vm_writev", 271 },
	{ "kcmp", 272 }, { "finit_module", 273 }, { "sched_setattr", 274 },
	{ "sched_getattr", 275 }, { "renameat2", 276 }, { "seccomp", 277 },
	{ "getrandom", 278 }, { "memfd_create", 279 }, { "bpf", 280 },
	{ "execveat", 281 }, { "userfaultfd", 282 }, { "membarrier", 283 },
	{ "mlock2", 284 }, { "copy_file_range", 285 }, { "preadv2", 286 },
	{ "pwritev2", 287 }, { "pkey_mprotect", 288 }, { "pkey_alloc", 289 },
	{ "pkey_free", 290 }, { "statx", 291 }, { "io_pgetevents", 292 },
	{ "rseq", 293 }, { "kexec_file_load", 294 },
	{ "pidfd_send_signal", 424 }, { "io_uring_setup", 425 },
	{ "io_uring_enter", 426 }, { "io_uring_register", 427 },
	{ "open_tree", 428 }, { "move_mount", 429 }, { "fsopen", 430 },
	{ "fsconfig", 431 }, { "fsmount", 432 }, { "fspick", 433 },
	{ "pidfd_open", 434 }, { "clone3", 435 }, { "close_range", 436 },
	{ "openat2", 437 }, { "pidfd_getfd", 438 }, { "faccessat2", 439 },
	{ "process_madvise", 440 }, { "epoll_pwait2", 441 },
	{ "mount_setattr", 442 }, { "quotactl_fd", 443 },
	{ "landlock_create_ruleset", 444 }, { "landlock_add_rule", 445 },
	{ "landlock_restrict_self", 446 }, { "memfd_secret", 447 },
	{ "process_mrelease", 448 }, { "futex_waitv", 449 },
	{ "set_mempolicy_home_node", 450 }, { "cachestat", 451 },
	{ "fchmodat2", 452 }, { "map_shadow_stack", 453 },
	{ "futex_wake", 454 }, { "futex_wait", 455 }, { "futex_requeue", 456 },
	{ "statmount", 457 }, { "listmount", 458 },
	{ "lsm_get_self_attr", 459 }, { "lsm_set_self_attr", 460 },
	{ "lsm_list_modules", 461 }, { "mseal", 462 },
};

static const struct {
	const struct kapi_syscall *s;
	unsigned int n;
} syscall_tables[KAPI_ABIS] = {
	/* borrowed, as consts[] is: tools/kapi keeps printing what it did */
	[KAPI_ABI_NONE] = { x86_64_syscalls, KAPI_ARRAY_SIZE(x86_64_syscalls) },
	[KAPI_ABI_X86_64] = { x86_64_syscalls, KAPI_ARRAY_SIZE(x86_64_syscalls) },
	[KAPI_ABI_ARM64] = { arm64_syscalls, KAPI_ARRAY_SIZE(arm64_syscalls) },
};

int kapi_syscall_nr(const char *name)
{
	const struct kapi_syscall *s = syscall_tables[cur_arch.abi].s;
	unsigned int i;

	for (i = 0; i < syscall_tables[cur_arch.abi].n; i++)
		if (!strcmp(s[i].name, name))
			return s[i].nr;
	return -1;
}

const char *kapi_syscall_nth(unsigned int i, int *nr)
{
	if (i >= syscall_tables[cur_arch.abi].n)
		return NULL;
	*nr = syscall_tables[cur_arch.abi].s[i].nr;
	return syscall_tables[cur_arch.abi].s[i].name;
}
