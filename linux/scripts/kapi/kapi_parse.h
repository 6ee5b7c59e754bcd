/* SPDX-License-Identifier: GPL-2.0 */
/*
 * kapi_parse.h - parse kernel-doc API specifications out of C sources
 *
 * The parser library shared by scripts/kapi/kapi-gen (which turns specs into
 * C initializers at build time) and tools/kapi (which shows specs straight
 * from the source). Link kapi_parse.c, kapi_spec.c, kapi_crosscheck.c,
 * kapi_build.c, kapi_proto.c, kapi_symbols.c, kapi_eval.c and kapi_model.c
 * (with -I pointing here; they include the data-model header
 * by its path in the tree, ../../include/linux/kernel_api_spec.h).
 *
 * kapi_parse_file() reads every kernel-doc comment of a C file, keeps those
 * that carry spec annotations, checks them against the prototype that
 * follows, and returns one struct kapi_parsed_spec each. Problems are
 * reported as "path:line: error: ..." (or warning) and counted; the parser
 * keeps going so that one run reports everything wrong in a file.
 *
 * The parsed model keeps numbers both as written (so the generator can hand
 * the expression to the kernel compiler) and as evaluated with the tables of
 * kapi_symbols.c for the architecture in use (kapi_arch_use(): so a tool
 * reading the source shows the same values as one reading that
 * architecture's vmlinux); kapi_spec_build() turns a parsed spec into
 * the struct kapi_spec of <linux/kernel_api_spec.h>.
 */
#ifndef KAPI_PARSE_H
#define KAPI_PARSE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include "../../include/linux/kernel_api_spec.h"
#include "../../include/linux/kapi_fields.h"

/* A number written as a C constant expression in an annotation. */
struct kapi_expr {
	char *text;		/* normalised expression, NULL when absent */
	uint64_t value;		/* as a C compiler computes it, widened to 64 bits */
	unsigned int line;	/* source line the expression was written on */
	/* names only the kernel compiler knows:  means nothing here */
	bool symbolic;
};

/* At most this many parameters in a check-order: list. */
#define KAPI_MAX_ORDER	KAPI_MAX_CHECK_ORDER
/* At most this many fd-modes: of a descriptor parameter. */
#define KAPI_MAX_FD_MODES	4

/* fd-modes: a file mode bit the kernel requires, and its errno if clear. */
struct kapi_parsed_fd_mode {
	char *mode;		/* FMODE_* as written */
	char *error_name;	/* the errno, no sign */
	int error;		/* its positive value */
};

/* A named value of a value-set: "O_CREAT: create the file if ...". */
struct kapi_parsed_value {
	char *name;		/* as written; the kernel compiler evaluates it */
	char *desc;
	unsigned int line;
};

/*
 * value-set: NAME, flags|enum and its values. A set belongs to its file:
 * any spec of the file may name it in values:.
 */
struct kapi_parsed_set {
	char *name;
	int kind;		/* enum kapi_set_kind */
	struct kapi_parsed_value *values;
	unsigned int n_values;
	unsigned int line;
	bool used;		/* some parameter names it */
};

/* One member of a struct-layout: "flags: __u64, values open_flags; ...". */
struct kapi_parsed_field {
	char *name;
	char *ctype;
	char *desc;
	char *set_name;		/* values SET */
	const struct kapi_parsed_set *set;	/* resolved with the file */
	int others;		/* others X: enum kapi_others */
	int flags;		/* in, out, inout: KAPI_PARAM_IN/OUT */
	char *size_of_name;	/* size-of FIELD */
	int size_of;		/* its index, -1 */
	int type;		/* enum kapi_type, from the C type */
	unsigned int line;
};

/*
 * struct-layout: TAG and its members in memory order: the structure
 * "struct TAG" a pointer parameter points to. A file's specs share them.
 */
struct kapi_parsed_layout {
	char *name;
	struct kapi_parsed_field *fields;
	unsigned int n_fields;
	unsigned int line;
	bool used;		/* a parameter or a command names it */
	bool pointed;		/* a parameter points to it: the kernel's copy */
};

struct kapi_parsed_param {
	char *name;
	char *ctype;		/* C type from the prototype */
	char *desc;		/* the kernel-doc @name: text */
	char *valid;		/* cdesc: */
	int type;		/* enum kapi_type */
	struct kapi_expr flags;	/* KAPI_PARAM_* */
	int constraint;		/* enum kapi_constraint_kind */
	bool constraint_implied;	/* no constraint-type: written */
	int size_param;		/* index, -1 when unused */
	struct kapi_expr min, max, mask, align;
	struct kapi_expr *values;
	unsigned int n_values;
	bool values_from_set;	/* the enum is its value set's names */
	char *error_name;	/* error: errno enforce mode refuses with */
	int error;		/* its positive value, 0 if none */
	unsigned int line;	/* param: line, or the prototype's */
	unsigned int type_line;	/* type: line, 0 if none */
	unsigned int size_line;	/* size-param: line, 0 if none */
	unsigned int error_line;	/* error: line, 0 if none */
	char *error_above_name;	/* error-above: errno above a range's max */
	int error_above;	/* its positive value, 0 if none */
	unsigned int error_above_line;
	struct kapi_parsed_fd_mode fd_modes[KAPI_MAX_FD_MODES];
	unsigned int n_fd_modes, fd_modes_line;
	char *set_name;		/* values: the value-set the parameter takes */
	unsigned int set_line;
	/* that set, once the whole file is read; NULL when none */
	const struct kapi_parsed_set *set;
	int others;		/* others: enum kapi_others */
	unsigned int others_line;
	char *layout_name;	/* struct: TAG or TAG[COUNT-PARAM] */
	char *count_name;
	unsigned int layout_line;
	const struct kapi_parsed_layout *layout;	/* resolved with the file */
	int count_param;	/* index of COUNT-PARAM, -1 */
	int member_flags;	/* struct: TAG, in|out|inout */
	bool annotated;		/* has a param: block (else inferred) */
};

struct kapi_parsed_return {
	char *desc;
	char *ctype;		/* C return type from the prototype */
	int type;		/* enum kapi_type */
	int check;		/* enum kapi_return_check */
	struct kapi_expr min, max;	/* success range (text NULL: implied) */
	unsigned int line;
	unsigned int type_line;	/* type: line, 0 if none */
	bool annotated;		/* has a return: block */
};

/*
 * What an annotation wrote for a field that the generator emits as
 * written rather than as its value: an errno or capability name, a flag
 * expression, the command of a CMD field (resolved to its index once
 * every variant: is read). The value itself is in the entry's kernel
 * structure.
 */
struct kapi_written {
	const char *member;	/* the field, as kapi_model.h names it */
	char *text;
	unsigned int line;
};

#define KAPI_MAX_WRITTEN	3

/*
 * A parsed entry of a list section: the structure the kernel gets, first,
 * so that building a spec copies it whole and the model's field lists
 * describe it, then the written forms and the line for messages. Strings
 * in @k are owned (allocated) by the parsed spec.
 */
#define KAPI_PARSED_ENTRY(tag)						\
	struct kapi_parsed_##tag {					\
		struct kapi_##tag k;					\
		struct kapi_written written[KAPI_MAX_WRITTEN];		\
		unsigned int line;					\
	}

KAPI_PARSED_ENTRY(error);
KAPI_PARSED_ENTRY(lock);
KAPI_PARSED_ENTRY(signal);
KAPI_PARSED_ENTRY(effect);
KAPI_PARSED_ENTRY(transition);
KAPI_PARSED_ENTRY(capability);
KAPI_PARSED_ENTRY(constraint);
KAPI_PARSED_ENTRY(variant);
KAPI_PARSED_ENTRY(item);

/*
 * Where the parsed entries of each list section are in struct
 * kapi_parsed_spec; the same order as the kernel's kapi_sections[].
 */
struct kapi_parsed_section {
	size_t array_offset;
	size_t count_offset;
	size_t entry_size;
	size_t written_offset;
	size_t line_offset;
};

extern const struct kapi_parsed_section kapi_parsed_sections[];

/* The written form of field @member of a parsed entry, or NULL. */
const struct kapi_written *kapi_written(const struct kapi_written *w,
					const char *member);

/*
 * not-returned: ENAME, why the code's path to it cannot be taken. Read
 * by the build's errno analysis only: the kernel gets no copy.
 */
struct kapi_parsed_unreturned {
	char *name;
	int error;
	char *reason;
	unsigned int line;
};

struct kapi_parsed_spec {
	char *name;		/* "open", "read_mem" */
	char *doc_name;		/* kernel-doc name, "sys_open" */
	char *ident;		/* C identifier for DEFINE_KAPI_SPEC() */
	char *summary;
	char *desc;		/* long-desc: */
	char *examples;
	char *notes;
	char *since;
	int kind;		/* enum kapi_kind */
	unsigned int line;	/* line of the opening comment marker */
	unsigned int proto_line;
	struct kapi_expr context;	/* KAPI_CTX_* */
	struct kapi_parsed_return ret;

	struct kapi_parsed_param *params;
	struct kapi_parsed_error *errors;
	struct kapi_parsed_lock *locks;
	struct kapi_parsed_signal *signals;
	struct kapi_parsed_effect *side_effects;
	struct kapi_parsed_transition *state_transitions;
	struct kapi_parsed_capability *capabilities;
	struct kapi_parsed_constraint *constraints;
	struct kapi_parsed_variant *variants;
	struct kapi_parsed_item *items;
	/* check-order: parameter indices in the order the kernel checks them */
	unsigned int order[KAPI_MAX_ORDER];
	unsigned int n_order;
	struct kapi_parsed_unreturned *unreturned;
	unsigned int n_unreturned;
	unsigned int n_params, n_errors, n_locks, n_signals, n_side_effects;
	unsigned int n_state_transitions, n_capabilities, n_constraints, n_items;
	unsigned int n_variants;
	int selector;		/* the KAPI_PARAM_SELECTOR parameter, -1 */

	unsigned int n_diag_errors;	/* errors reported against this spec */
};

/*
 * shared: NAME in a DOC: comment: entries of list sections (errors,
 * locks, signals...) that the file's specs take with use: NAME.
 */
struct kapi_shared {
	char *name;
	unsigned int line;
	struct kapi_parsed_spec entries;	/* its list sections only */
	bool used;
};

struct kapi_file {
	char *path;
	struct kapi_shared *shared;
	unsigned int n_shared;
	struct kapi_parsed_spec *specs;
	unsigned int n_specs;
	struct kapi_parsed_set *sets;	/* value-set: blocks of every spec */
	unsigned int n_sets;
	struct kapi_parsed_layout *layouts;	/* struct-layout: blocks */
	unsigned int n_layouts;
	unsigned int n_errors;
	unsigned int n_warnings;
};

struct kapi_parse_opts {
	FILE *diag;		/* where diagnostics go; NULL: nowhere */
};

/*
 * Parse @len bytes of C source at @buf; @path is used in diagnostics and
 * as kapi_file::path. Returns the number of errors; *@out is always set and
 * must be released with kapi_file_free().
 */
unsigned int kapi_parse_buffer(const char *path, const char *buf, size_t len,
			       const struct kapi_parse_opts *opts,
			       struct kapi_file **out);
/* Same for a file; an unreadable file is one error (and *@out has no specs). */
unsigned int kapi_parse_file(const char *path,
			     const struct kapi_parse_opts *opts,
			     struct kapi_file **out);
void kapi_file_free(struct kapi_file *file);

/*
 * Every comment of a C file, for tools that read more than specs (kapi
 * trace reads the comments above tests). Offsets are into the buffer; a
 * run of // lines, blank lines between them included, is one comment.
 */
struct kapi_source_comment {
	size_t start;		/* the opening marker */
	size_t close;		/* the closing marker, or the end of the run */
	size_t end;		/* just past the comment */
	unsigned int line;	/* line of the opening marker */
	unsigned int end_line;	/* line of @close */
	bool line_comment;	/* // rather than slash-star */
	bool kernel_doc;	/* opened by a lone slash-star-star line */
	bool closed;		/* a slash-star comment with its closing marker */
};

typedef void kapi_comment_fn(const struct kapi_source_comment *c, void *data);

/*
 * Call @fn for each comment of the @len bytes of C at @buf, in order;
 * comment markers inside string and character literals are not comments.
 * kapi_parse_buffer() reads specs from the kernel-doc ones this finds.
 */
void kapi_scan_comments(const char *buf, size_t len, kapi_comment_fn *fn,
			void *data);

/*
 * The name of the C function defined at offset @pos of @buf (just past a
 * comment), as the prototype check of a spec finds it: blanks, comments
 * and conditional directives skipped, prototypes over several lines read.
 * NULL when what follows is no function definition (a declaration, a
 * variable, a SYSCALL_DEFINE, another kernel-doc comment). Free the result.
 */
char *kapi_function_after(const char *buf, size_t len, size_t pos);

/* --- test citations (kapi_cite.c) --- */

/* One item a test cites in its "Verifies:" list: "read_mem.3#5c04e1". */
struct kapi_cite {
	const char *id;		/* "read_mem.3" (not NUL-terminated) */
	size_t id_len;
	const char *fp;		/* the six hex digits after '#'; NULL if none */
	size_t fp_len;
	unsigned int line;
};

struct kapi_cite_ops {
	void (*cite)(const struct kapi_cite *c, void *data);
	/* a malformed list: @msg without file, line or "error:" */
	void (*error)(unsigned int line, const char *msg, void *data);
};

/*
 * The "Verifies:" list of comment @sc of @buf: each well-formed item to
 * ops->cite (one whose fingerprint is malformed too, without it), each
 * problem to ops->error. Returns the line of the tag, 0 if there is none.
 * The list names the function after the comment (kapi_function_after()).
 */
unsigned int kapi_comment_cites(const char *buf,
				const struct kapi_source_comment *sc,
				const struct kapi_cite_ops *ops, void *data);

/*
 * kapi_spec_build() - the struct kapi_spec a kernel built from this source
 * would contain, for kapi_arch(). Arrays are allocated; strings point into
 * @ps, so @ps must outlive the result. Release with kapi_spec_free().
 * @file is stored as kapi_spec::file. Returns NULL on allocation failure.
 */
struct kapi_spec *kapi_spec_build(const struct kapi_parsed_spec *ps,
				  const char *file);
void kapi_spec_free(struct kapi_spec *spec);

/*
 * --- symbol tables (kapi_symbols.c), the values of the architecture in use ---
 */

/*
 * Annotation values are checked against the symbol families of
 * <linux/kapi_model.h>'s value lists, one per enum kapi_value_list.
 */
/* Name of @value in @fam ("KAPI_TYPE_FD"), NULL if none. */
const char *kapi_family_name(enum kapi_value_list fam, long long value);
/*
 * Value of @name in @fam; false if @name is not in it. @name is a C symbol
 * ("KAPI_TYPE_FD") or the model's name of the value ("fd"), which is what
 * annotations write.
 */
bool kapi_family_lookup(enum kapi_value_list fam, const char *name,
			long long *value);
/* The C symbol of @name (either form) in @fam, NULL if none. */
const char *kapi_family_symbol(enum kapi_value_list fam, const char *name);
/* The model's name of the @i-th value of @fam, NULL past the end. */
const char *kapi_family_model_name(enum kapi_value_list fam, unsigned int i);
/* "KAPI_TYPE_" for messages. */
const char *kapi_family_prefix(enum kapi_value_list fam);

/*
 * Errno numberings: asm-generic's, and those of the architectures with an
 * <asm/errno.h> of their own (EOPNOTSUPP is 95, 45 on alpha and sparc,
 * 122 on mips, 223 on parisc).
 */
enum kapi_errno_abi {
	KAPI_ERRNO_GENERIC,
	KAPI_ERRNO_ALPHA,
	KAPI_ERRNO_MIPS,
	KAPI_ERRNO_PARISC,
	KAPI_ERRNO_POWERPC,
	KAPI_ERRNO_SPARC,
	KAPI_ERRNO_ABIS
};

/*
 * The ABIs whose constants (O_*, F_*, limits...) and system call numbers
 * the tables hold. An architecture with none borrows x86-64's (asm-generic
 * LP64 constants) for the parser's checks and tools/kapi, which nothing
 * verifies: its generated headers check errnos only.
 */
enum kapi_abi {
	KAPI_ABI_NONE,
	KAPI_ABI_X86_64,
	KAPI_ABI_ARM64,
	KAPI_ABIS
};

/* What the tables number as: one selection for errnos, constants, syscalls. */
struct kapi_arch {
	enum kapi_errno_abi errno_abi;
	enum kapi_abi abi;
};

/*
 * Architecture @name: a kernel SRCARCH ("x86", "arm64"), an ARCH= alias
 * ("x86_64") or a uname -m ("aarch64", "mips64el"); false if unknown.
 */
bool kapi_arch_of_name(const char *name, struct kapi_arch *arch);
/* The architecture of ELF machine @machine (e_machine). */
struct kapi_arch kapi_arch_of_elf(unsigned int machine);
/*
 * The architecture of the lookups below (kapi-gen --arch, kapi --arch);
 * x86-64 until one is chosen.
 */
void kapi_arch_use(struct kapi_arch arch);
struct kapi_arch kapi_arch(void);
/* "x86-64", "arm64"; "none" */
const char *kapi_abi_name(enum kapi_abi abi);
/*
 * The #if condition of a compiler building for @abi, for the checks of
 * the tables' values; NULL for KAPI_ABI_NONE.
 */
const char *kapi_abi_guard(enum kapi_abi abi);

/* The errno numbering of the kernels of ELF machine @machine. */
enum kapi_errno_abi kapi_errno_abi_of_elf(unsigned int machine);
/* "generic", "mips"... */
const char *kapi_errno_abi_name(enum kapi_errno_abi abi);
/* The numbering of kapi_errno_lookup() and kapi_errno_name(). */
enum kapi_errno_abi kapi_errno_abi(void);
/* Errno @name in numbering @abi, aliases included; false if it has none. */
bool kapi_errno_value(enum kapi_errno_abi abi, const char *name, int *value);
/* Canonical name of errno @value in numbering @abi, NULL if none. */
const char *kapi_errno_name_of(enum kapi_errno_abi abi, int value);
/* The @i-th name of the table, of any numbering; NULL past the end. */
const char *kapi_errno_nth(unsigned int i);
/* The same in the numbering in use (EWOULDBLOCK gives EAGAIN's value). */
bool kapi_errno_lookup(const char *name, int *value);
const char *kapi_errno_name(int value);
/* Capability number of "CAP_X", -1 if unknown. */
int kapi_cap_lookup(const char *name);
/*
 * Number of system call @name ("open") on the ABI in use, -1 if it has no
 * such call (arm64 has no open); x86-64's for KAPI_ABI_NONE.
 */
int kapi_syscall_nr(const char *name);
/* The @i-th system call of the ABI in use and its number; NULL past the end. */
const char *kapi_syscall_nth(unsigned int i, int *nr);
/* Kernel header that defines constant @name, or NULL (for #include). */
const char *kapi_const_header(const char *name);
/* The @i-th name of the constants table; NULL past the end. */
const char *kapi_const_nth(unsigned int i);
/*
 * The #if condition besides kapi_abi_guard() under which constant @name
 * has its table value on the ABI in use ("defined(CONFIG_PAGE_SIZE_4KB)"
 * for arm64's PAGE_SIZE), NULL if none: its value is the kernel config's.
 */
const char *kapi_const_cond(const char *name);

/* --- constant expressions (kapi_eval.c) --- */

/* A C integer constant: value plus the type a compiler gives it. */
struct kapi_cval {
	uint64_t v;		/* low 'bits' bits are the value */
	unsigned char bits;	/* 32 or 64 */
	bool is_signed;
};

/*
 * Evaluate the C constant expression @expr (numbers, the constants of
 * kapi_symbols.c and errno names, | & ^ ~ ! + - * / % << >> and
 * parentheses) the way a C compiler for kapi_arch() would. On failure returns
 * false and puts a message into @err (size @errlen). With @symbolic, a
 * name the tables do not hold is no error: *@symbolic becomes true and
 * @out means nothing, for the compiler evaluates the expression.
 */
bool kapi_eval(const char *expr, struct kapi_cval *out, bool *symbolic,
	       char *err, size_t errlen);
/* @v widened to 64 bits as C converts it to u64/s64. */
uint64_t kapi_cval_u64(struct kapi_cval v);

#endif /* KAPI_PARSE_H */
