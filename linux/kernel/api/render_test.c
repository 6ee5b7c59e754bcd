// SPDX-License-Identifier: GPL-2.0
/*
 * KUnit tests of the text and JSON renderers: byte-for-byte against the
 * expected output for hand-written specs, and JSON through a strict
 * validator, including every spec registered in this kernel.
 */
#include <kunit/test.h>
#include <linux/errno.h>
#include <linux/kernel_api_spec.h>
#include <linux/seq_buf.h>
#include <linux/slab.h>
#include <linux/string.h>
#include "json_check.h"
#include <linux/kapi_names.h>
#include "kapi_test_fixtures.h"

#define RENDER_BUF	16384

static const char fixture_full_text[] =
	"kapi_fixture (syscall 7)\n"
	"  summary: Do a test thing\n"
	"  source: fs/fixture.c:42\n"
	"  context: process, sleepable\n"
	"  since: 6.12\n"
	"description:\n"
	"    First line.\n"
	"    Second line.\n"
	"parameters (3):\n"
	"  0 fd: int\n"
	"      type: fd; flags: in\n"
	"      constraint: range 0..2147483647\n"
	"      above the range: errno 24\n"
	"      An open descriptor.\n"
	"      valid:\n"
	"        Below the open-file limit.\n"
	"  1 buf: char __user *\n"
	"      type: user-ptr; flags: out, user\n"
	"      constraint: buffer (size in parameter 2)\n"
	"      enforce refuses with errno 14\n"
	"      Where data goes.\n"
	"  2 flags: unsigned int\n"
	"      type: uint; flags: in\n"
	"      constraint: mask 0x3\n"
	"      values: fx_flags (flags; others refused)\n"
	"        FX_A (0x1): The first bit.\n"
	"        FX_B (0x2): The \"second\" bit.\n"
	"  checked in the order: flags fd\n"
	"return: int, range, success 0..2147479552\n"
	"    Bytes copied.\n"
	"errors (2):\n"
	"  EBADF (9): fd is not open\n"
	"      Also when closed.\n"
	"  EFAULT (14): buf is bad\n"
	"locks (1):\n"
	"  f->f_pos_lock: mutex, acquired conditional, released yes\n"
	"      Taken for regular files.\n"
	"signals (1):\n"
	"  Any signal: receive, action return, timing during, error 4, restartable\n"
	"      condition: While waiting\n"
	"      Interrupts the wait.\n"
	"side effects (1):\n"
	"  modify-state, file-position on f_pos; reversible: no\n"
	"      Advances the offset.\n"
	"state transitions (1):\n"
	"  file position: p -> p + n\n"
	"      condition: on success\n"
	"capabilities (1):\n"
	"  CAP_SYS_ADMIN (21): increase-limit\n"
	"      allows: More\n"
	"      without: Less\n"
	"constraints (1):\n"
	"  count clamp\n"
	"      Clamped to MAX_RW_COUNT.\n"
	"      expr: count <= MAX_RW_COUNT\n"
	"behaviors (2):\n"
	"  kapi_fixture.1:\n"
	"      Reads data.\n"
	"  kapi_fixture.2:\n"
	"      Advances.\n"
	"constraints of use (1):\n"
	"  kapi_fixture.c3:\n"
	"      Caller holds no locks.\n"
	"examples:\n"
	"    n = kapi_fixture(fd, buf, 0);\n"
	"notes:\n"
	"    Line one.\n"
	"\n"
	"    Line three.\n";

static const char fixture_full_json[] =
	"{\"name\":\"kapi_fixture\",\"kind\":\"syscall\",\"nr\":7,"
	"\"summary\":\"Do a test thing\","
	"\"description\":\"First line.\\nSecond line.\","
	"\"source\":{\"file\":\"fs/fixture.c\",\"line\":42},"
	"\"context\":[\"process\",\"sleepable\"],\"since\":\"6.12\","
	"\"params\":["
	"{\"index\":0,\"name\":\"fd\",\"ctype\":\"int\",\"type\":\"fd\","
	"\"flags\":[\"in\"],"
	"\"constraint\":{\"kind\":\"range\",\"min\":0,\"max\":2147483647},"
	"\"values\":null,\"struct\":null,\"error\":null,\"error_above\":24,"
	"\"description\":\"An open descriptor.\",\"valid\":\"Below the open-file limit.\"},"
	"{\"index\":1,\"name\":\"buf\",\"ctype\":\"char __user *\","
	"\"type\":\"user-ptr\",\"flags\":[\"out\",\"user\"],"
	"\"constraint\":{\"kind\":\"buffer\",\"size_param\":2},"
	"\"values\":null,\"struct\":null,\"error\":14,\"error_above\":null,"
	"\"description\":\"Where data goes.\",\"valid\":null},"
	"{\"index\":2,\"name\":\"flags\",\"ctype\":\"unsigned int\","
	"\"type\":\"uint\",\"flags\":[\"in\"],"
	"\"constraint\":{\"kind\":\"mask\",\"mask\":\"0x3\"},"
	"\"values\":{\"name\":\"fx_flags\",\"kind\":\"flags\","
	"\"others\":\"refused\",\"values\":["
	"{\"name\":\"FX_A\",\"value\":1,\"description\":\"The first bit.\"},"
	"{\"name\":\"FX_B\",\"value\":2,"
	"\"description\":\"The \\\"second\\\" bit.\"}]},"
	"\"struct\":null,\"error\":null,\"error_above\":null,"
	"\"description\":null,\"valid\":null}],"
	"\"check_order\":[2,0],"
	"\"return\":{\"type\":\"int\",\"check\":\"range\",\"success_min\":0,"
	"\"success_max\":2147479552,\"description\":\"Bytes copied.\"},"
	"\"errors\":["
	"{\"name\":\"EBADF\",\"errno\":9,\"condition\":\"fd is not open\","
	"\"description\":\"Also when closed.\",\"origin\":[],"
	"\"variant\":null},"
	"{\"name\":\"EFAULT\",\"errno\":14,\"condition\":\"buf is bad\","
	"\"description\":null,\"origin\":[],\"variant\":null}],"
	"\"locks\":[{\"name\":\"f->f_pos_lock\",\"kind\":\"mutex\","
	"\"acquired\":\"conditional\",\"released\":\"yes\","
	"\"held_on_entry\":false,"
	"\"description\":\"Taken for regular files.\"}],"
	"\"signals\":[{\"name\":\"Any signal\",\"direction\":\"receive\","
	"\"action\":\"return\",\"timing\":\"during\",\"error\":4,"
	"\"restartable\":true,\"condition\":\"While waiting\","
	"\"description\":\"Interrupts the wait.\"}],"
	"\"side_effects\":[{\"kinds\":[\"modify-state\",\"file-position\"],"
	"\"target\":\"f_pos\",\"condition\":null,\"reversible\":\"no\","
	"\"description\":\"Advances the offset.\"}],"
	"\"state_transitions\":[{\"object\":\"file position\",\"from\":\"p\","
	"\"to\":\"p + n\",\"condition\":\"on success\",\"description\":null}],"
	"\"capabilities\":[{\"name\":\"CAP_SYS_ADMIN\",\"cap\":21,"
	"\"kind\":\"increase-limit\",\"allows\":\"More\",\"without\":\"Less\","
	"\"condition\":null}],"
	"\"constraints\":[{\"name\":\"count clamp\",\"errno\":0,\"checked\":false,"
	"\"description\":\"Clamped to MAX_RW_COUNT.\","
	"\"expr\":\"count <= MAX_RW_COUNT\"}],"
	"\"variants\":[],"
	"\"items\":["
	"{\"id\":\"kapi_fixture.1\",\"number\":1,\"kind\":\"behavior\","
	"\"text\":\"Reads data.\"},"
	"{\"id\":\"kapi_fixture.2\",\"number\":2,\"kind\":\"behavior\","
	"\"text\":\"Advances.\"},"
	"{\"id\":\"kapi_fixture.c3\",\"number\":3,"
	"\"kind\":\"constraint-of-use\",\"text\":\"Caller holds no locks.\"}],"
	"\"examples\":\"n = kapi_fixture(fd, buf, 0);\","
	"\"notes\":\"Line one.\\n\\nLine three.\"}\n";

static const char empty_json[] =
	"{\"name\":\"kapi_empty\",\"kind\":\"function\",\"nr\":null,"
	"\"summary\":null,\"description\":null,"
	"\"source\":{\"file\":null,\"line\":0},\"context\":[],\"since\":null,"
	"\"params\":[],\"check_order\":[],\"return\":{\"type\":\"void\",\"check\":\"none\","
	"\"success_min\":0,\"success_max\":0,\"description\":null},"
	"\"errors\":[],\"locks\":[],\"signals\":[],\"side_effects\":[],"
	"\"state_transitions\":[],\"capabilities\":[],\"constraints\":[],"
	"\"variants\":[],\"items\":[],\"examples\":null,\"notes\":null}\n";

/* The documented top-level fields, in order (Documentation/dev-tools/kapi.rst). */
static const char *const json_fields[] = {
	"name", "kind", "nr", "summary", "description", "source", "context",
	"since", "params", "check_order", "return", "errors", "locks", "signals",
	"side_effects", "state_transitions", "capabilities", "constraints",
	"variants", "items", "examples", "notes",
};

typedef void (*render_fn)(struct seq_buf *s, const struct kapi_spec *spec);

/* Render into a test-managed buffer; the result is NUL-terminated. */
static char *render(struct kunit *test, render_fn fn,
		    const struct kapi_spec *spec)
{
	struct seq_buf s;
	char *buf;

	buf = kunit_kzalloc(test, RENDER_BUF, GFP_KERNEL);
	KUNIT_ASSERT_NOT_NULL(test, buf);
	seq_buf_init(&s, buf, RENDER_BUF);
	fn(&s, spec);
	KUNIT_ASSERT_FALSE(test, seq_buf_has_overflowed(&s));
	KUNIT_ASSERT_LT(test, seq_buf_used(&s), RENDER_BUF);
	buf[seq_buf_used(&s)] = '\0';
	return buf;
}

static void expect_valid_json(struct kunit *test, const char *buf)
{
	struct json_check res;

	KUNIT_EXPECT_TRUE_MSG(test, json_check(buf, strlen(buf), &res),
			      "%s at offset %zu in: %s", res.error, res.offset,
			      buf);
}

static void render_text_full_spec(struct kunit *test)
{
	KUNIT_EXPECT_STREQ(test, render(test, kapi_render_text,
					&kapi_fixture_full),
			   fixture_full_text);
}

static void render_json_full_spec(struct kunit *test)
{
	KUNIT_EXPECT_STREQ(test, render(test, kapi_render_json,
					&kapi_fixture_full),
			   fixture_full_json);
}

static void render_json_full_spec_is_valid(struct kunit *test)
{
	expect_valid_json(test, render(test, kapi_render_json,
				       &kapi_fixture_full));
}

static void render_text_empty_spec(struct kunit *test)
{
	KUNIT_EXPECT_STREQ(test, render(test, kapi_render_text,
					&kapi_fixture_empty),
			   "kapi_empty (function)\n"
			   "  context: none\n"
			   "return: void, none\n");
}

static void render_json_empty_spec(struct kunit *test)
{
	const char *out = render(test, kapi_render_json, &kapi_fixture_empty);

	KUNIT_EXPECT_STREQ(test, out, empty_json);
	expect_valid_json(test, out);
}

/* Arrays missing although their counts say otherwise render as empty. */
static const struct kapi_spec spec_null_arrays = {
	.n_params = 2, .n_errors = 3, .n_locks = 1, .n_signals = 1,
	.n_side_effects = 1, .n_state_transitions = 1, .n_capabilities = 1,
	.n_constraints = 1, .n_items = 4,
};

static void render_text_null_fields(struct kunit *test)
{
	const char *out = render(test, kapi_render_text, &spec_null_arrays);

	KUNIT_EXPECT_TRUE(test, str_has_prefix(out, "? (function)\n"));
	KUNIT_EXPECT_NOT_NULL(test, strstr(out, "parameters (2):\nreturn:"));
	KUNIT_EXPECT_NULL(test, strstr(out, "(null)"));
}

static void render_json_null_fields(struct kunit *test)
{
	const char *out = render(test, kapi_render_json, &spec_null_arrays);

	expect_valid_json(test, out);
	KUNIT_EXPECT_NOT_NULL(test, strstr(out, "{\"name\":null,"));
	KUNIT_EXPECT_NOT_NULL(test, strstr(out, "\"params\":[],"));
	KUNIT_EXPECT_NOT_NULL(test, strstr(out, "\"items\":[],"));
}

static const struct kapi_spec spec_awkward_strings = {
	.name = "awkward",
	.summary = "quote \" backslash \\ tab \t bell \x07 del \x7f end",
	.desc = "line 1\nline 2\n",
};

static void render_json_escapes_strings(struct kunit *test)
{
	const char *out = render(test, kapi_render_json, &spec_awkward_strings);

	expect_valid_json(test, out);
	KUNIT_EXPECT_NOT_NULL(test, strstr(out,
		"\"summary\":\"quote \\\" backslash \\\\ tab \\t bell \\u0007 del \\u007f end\""));
	KUNIT_EXPECT_NOT_NULL(test, strstr(out,
		"\"description\":\"line 1\\nline 2\\n\""));
}

static void render_text_indents_every_line(struct kunit *test)
{
	const char *out = render(test, kapi_render_text, &spec_awkward_strings);

	KUNIT_EXPECT_NOT_NULL(test, strstr(out,
		"description:\n    line 1\n    line 2\n"));
}

static const struct kapi_param param_odd[] = {
	{ .name = "x", .type = 200, .flags = 0x80 | KAPI_PARAM_IN,
	  .constraint = 99 },
};

static const struct kapi_spec spec_out_of_range = {
	.name = "odd", .kind = 9, .context = 1U << 20,
	KAPI_ARRAY(params, param_odd),
	.ret = { .type = 99, .check = 77 },
};

static void render_text_unknown_values(struct kunit *test)
{
	const char *out = render(test, kapi_render_text, &spec_out_of_range);

	KUNIT_EXPECT_TRUE(test, str_has_prefix(out, "odd (unknown)\n"));
	KUNIT_EXPECT_NOT_NULL(test, strstr(out, "  context: bit20\n"));
	KUNIT_EXPECT_NOT_NULL(test, strstr(out,
		"      type: unknown; flags: in, bit7\n"));
	KUNIT_EXPECT_NOT_NULL(test, strstr(out, "constraint: unknown\n"));
	KUNIT_EXPECT_NOT_NULL(test, strstr(out, "return: unknown, unknown\n"));
}

static void render_json_unknown_values(struct kunit *test)
{
	const char *out = render(test, kapi_render_json, &spec_out_of_range);

	expect_valid_json(test, out);
	KUNIT_EXPECT_NOT_NULL(test, strstr(out, "\"context\":[\"bit20\"]"));
	KUNIT_EXPECT_NOT_NULL(test, strstr(out, "\"flags\":[\"in\",\"bit7\"]"));
}

static const s64 enum_values[] = { -1, 0, 4096 };

static const struct kapi_param param_kinds[] = {
	{ .name = "e", .constraint = KAPI_CONSTRAINT_ENUM,
	  .n_values = ARRAY_SIZE(enum_values), .ext.values = enum_values },
	{ .name = "r", .constraint = KAPI_CONSTRAINT_RANGE,
	  .ext.min = -4096, .ext.max = -1 },
	{ .name = "m", .constraint = KAPI_CONSTRAINT_MASK,
	  .ext.mask = 0xffffffffffffffffULL },
	{ .name = "a", .constraint = KAPI_CONSTRAINT_ALIGNMENT,
	  .ext.align = 4096 },
};

static const struct kapi_spec spec_constraint_kinds = {
	.name = "kinds", KAPI_ARRAY(params, param_kinds),
};

static void render_text_constraint_kinds(struct kunit *test)
{
	const char *out = render(test, kapi_render_text,
				 &spec_constraint_kinds);

	KUNIT_EXPECT_NOT_NULL(test, strstr(out, "constraint: enum -1, 0, 4096\n"));
	KUNIT_EXPECT_NOT_NULL(test, strstr(out, "constraint: range -4096..-1\n"));
	KUNIT_EXPECT_NOT_NULL(test, strstr(out,
		"constraint: mask 0xffffffffffffffff\n"));
	KUNIT_EXPECT_NOT_NULL(test, strstr(out, "constraint: alignment 4096\n"));
}

static void render_json_constraint_kinds(struct kunit *test)
{
	const char *out = render(test, kapi_render_json,
				 &spec_constraint_kinds);

	expect_valid_json(test, out);
	KUNIT_EXPECT_NOT_NULL(test, strstr(out,
		"{\"kind\":\"enum\",\"values\":[-1,0,4096]}"));
	KUNIT_EXPECT_NOT_NULL(test, strstr(out,
		"{\"kind\":\"range\",\"min\":-4096,\"max\":-1}"));
	KUNIT_EXPECT_NOT_NULL(test, strstr(out,
		"{\"kind\":\"mask\",\"mask\":\"0xffffffffffffffff\"}"));
	KUNIT_EXPECT_NOT_NULL(test, strstr(out,
		"{\"kind\":\"alignment\",\"align\":4096}"));
}

/* A set read from source knows its names, not the compiler's values. */
static const struct kapi_value names_only[] = {
	{ .name = "SEEK_SET", .desc = "from the start" },
	{ .name = "SEEK_CUR", .desc = "from here" },
};

static const struct kapi_value_set set_names_only = {
	.name = "whence", .kind = KAPI_SET_ENUM,
	KAPI_ARRAY(values, names_only),
};

static const struct kapi_param param_names_only[] = {
	{ .name = "w", .set = &set_names_only, .others = KAPI_OTHERS_IGNORED },
};

static const struct kapi_spec spec_set_names_only = {
	.name = "names", KAPI_ARRAY(params, param_names_only),
};

static void render_text_set_without_values(struct kunit *test)
{
	const char *out = render(test, kapi_render_text, &spec_set_names_only);

	KUNIT_EXPECT_NOT_NULL(test, strstr(out,
		"      values: whence (enum; others ignored)\n"
		"        SEEK_SET: from the start\n"
		"        SEEK_CUR: from here\n"));
}

static void render_json_set_without_values(struct kunit *test)
{
	const char *out = render(test, kapi_render_json, &spec_set_names_only);

	expect_valid_json(test, out);
	KUNIT_EXPECT_NOT_NULL(test, strstr(out,
		"\"values\":{\"name\":\"whence\",\"kind\":\"enum\","
		"\"others\":\"ignored\",\"values\":["
		"{\"name\":\"SEEK_SET\",\"value\":null,"
		"\"description\":\"from the start\"},"));
}

/* Numbers only the compiler knows, as a spec read from source has them. */
static const s64 unknown_values[] = { 0, 0 };

static const struct kapi_param param_unknown[] = {
	{ .name = "len", .constraint = KAPI_CONSTRAINT_RANGE,
	  .ext.min = 0, .unknown = KAPI_UNKNOWN_MAX },
	{ .name = "bits", .constraint = KAPI_CONSTRAINT_MASK,
	  .unknown = KAPI_UNKNOWN_FIRST },
	{ .name = "how", .constraint = KAPI_CONSTRAINT_ENUM,
	  .ext.values = unknown_values, .n_values = 2,
	  .unknown = KAPI_UNKNOWN_FIRST },
};

static const struct kapi_spec spec_unknown = {
	.name = "unknowns", KAPI_ARRAY(params, param_unknown),
};

static void render_text_unknown_numbers(struct kunit *test)
{
	const char *out = render(test, kapi_render_text, &spec_unknown);

	KUNIT_EXPECT_NOT_NULL(test, strstr(out, "constraint: range 0..?\n"));
	KUNIT_EXPECT_NOT_NULL(test, strstr(out, "constraint: mask ?\n"));
	KUNIT_EXPECT_NOT_NULL(test, strstr(out, "constraint: enum ?, ?\n"));
}

static void render_json_unknown_numbers(struct kunit *test)
{
	const char *out = render(test, kapi_render_json, &spec_unknown);

	expect_valid_json(test, out);
	KUNIT_EXPECT_NOT_NULL(test, strstr(out,
		"\"constraint\":{\"kind\":\"range\",\"min\":0,\"max\":null}"));
	KUNIT_EXPECT_NOT_NULL(test, strstr(out,
		"\"constraint\":{\"kind\":\"mask\",\"mask\":null}"));
	KUNIT_EXPECT_NOT_NULL(test, strstr(out,
		"\"constraint\":{\"kind\":\"enum\",\"values\":[null,null]}"));
}

/* A structure the compiler laid out, in an array counted by another param. */
static const struct kapi_struct_field seg_fields[] = {
	{ .name = "base", .ctype = "void __user *", .desc = "start",
	  .type = KAPI_TYPE_USER_PTR, .offset = 0, .size = 8, .size_of = -1 },
	{ .name = "len", .ctype = "__kernel_size_t", .desc = "length",
	  .type = KAPI_TYPE_UINT, .offset = 8, .size = 8, .size_of = 0 },
};

static const struct kapi_struct seg_layout = {
	.name = "seg", .size = 16, .laid_out = true,
	KAPI_ARRAY(fields, seg_fields),
};

static const struct kapi_param param_layout[] = {
	{ .name = "vec", .layout = &seg_layout, .count_param = 1,
	  .member_flags = KAPI_PARAM_OUT },
	{ .name = "n" },
};

static const struct kapi_spec spec_layout = {
	.name = "segs", KAPI_ARRAY(params, param_layout),
};

static void render_text_layout(struct kunit *test)
{
	const char *out = render(test, kapi_render_text, &spec_layout);

	KUNIT_EXPECT_NOT_NULL(test, strstr(out,
		"      struct: seg array, count in parameter 1 (16 bytes each); members point to out\n"
		"        base: void __user * (offset 0, 8 bytes); user-ptr: start\n"
		"        len: __kernel_size_t (offset 8, 8 bytes); uint, size of base: length\n"));
}

static void render_json_layout(struct kunit *test)
{
	const char *out = render(test, kapi_render_json, &spec_layout);

	expect_valid_json(test, out);
	KUNIT_EXPECT_NOT_NULL(test, strstr(out,
		"\"struct\":{\"name\":\"seg\",\"size\":16,\"count_param\":1,"
		"\"member_flags\":[\"out\"],\"fields\":[{\"name\":\"base\","));
	KUNIT_EXPECT_NOT_NULL(test, strstr(out,
		"\"offset\":8,\"size\":8,\"size_of\":0,\"values\":null,"
		"\"description\":\"length\"}]}"));
}

static void render_json_documented_fields(struct kunit *test)
{
	const char *out = render(test, kapi_render_json, &kapi_fixture_full);
	struct json_check res;
	unsigned int i;

	KUNIT_ASSERT_TRUE(test, json_check(out, strlen(out), &res));
	KUNIT_ASSERT_EQ(test, res.n_top_keys, ARRAY_SIZE(json_fields));
	for (i = 0; i < ARRAY_SIZE(json_fields); i++) {
		KUNIT_EXPECT_EQ(test, res.top_key_len[i],
				strlen(json_fields[i]));
		KUNIT_EXPECT_EQ_MSG(test, 0,
				    strncmp(res.top_keys[i], json_fields[i],
					    res.top_key_len[i]),
				    "field %u is not %s", i, json_fields[i]);
	}
}

/* A too-small buffer is reported, never overrun, and never half-valid. */
static void render_overflow(struct kunit *test, render_fn fn)
{
	const size_t size = 100, guard = 64;
	struct seq_buf s;
	char *buf;
	size_t i;

	buf = kunit_kzalloc(test, size + guard, GFP_KERNEL);
	KUNIT_ASSERT_NOT_NULL(test, buf);
	memset(buf + size, 0x5a, guard);
	seq_buf_init(&s, buf, size);
	fn(&s, &kapi_fixture_full);
	KUNIT_EXPECT_TRUE(test, seq_buf_has_overflowed(&s));
	for (i = size; i < size + guard; i++)
		KUNIT_ASSERT_EQ(test, buf[i], 0x5a);
}

static void render_text_overflow_detected(struct kunit *test)
{
	render_overflow(test, kapi_render_text);
}

static void render_json_overflow_detected(struct kunit *test)
{
	render_overflow(test, kapi_render_json);
}

static void render_is_deterministic(struct kunit *test)
{
	KUNIT_EXPECT_STREQ(test,
			   render(test, kapi_render_json, &kapi_fixture_full),
			   render(test, kapi_render_json, &kapi_fixture_full));
	KUNIT_EXPECT_STREQ(test,
			   render(test, kapi_render_text, &kapi_fixture_full),
			   render(test, kapi_render_text, &kapi_fixture_full));
}

struct walk_ctx {
	struct kunit *test;
	char *buf;
	unsigned int n;
};

static int check_registered_spec(const struct kapi_spec *spec, void *data)
{
	struct walk_ctx *w = data;
	struct json_check res;
	struct seq_buf s;

	seq_buf_init(&s, w->buf, RENDER_BUF * 4);
	kapi_render_json(&s, spec);
	KUNIT_EXPECT_FALSE_MSG(w->test, seq_buf_has_overflowed(&s),
			       "%s does not fit", spec->name);
	KUNIT_EXPECT_TRUE_MSG(w->test,
			      json_check(w->buf, seq_buf_used(&s), &res),
			      "%s: %s at %zu", spec->name, res.error,
			      res.offset);
	w->n++;
	return 0;
}

static void render_json_every_registered_spec(struct kunit *test)
{
	struct walk_ctx w = { .test = test };

	w.buf = kunit_kzalloc(test, RENDER_BUF * 4, GFP_KERNEL);
	KUNIT_ASSERT_NOT_NULL(test, w.buf);
	kapi_walk_specs(check_registered_spec, &w);
	KUNIT_EXPECT_EQ(test, w.n, kapi_spec_count());
	if (!w.n)
		kunit_skip(test, "no specs registered in this kernel");
}

static struct kunit_case kapi_render_cases[] = {
	KUNIT_CASE(render_text_full_spec),
	KUNIT_CASE(render_json_full_spec),
	KUNIT_CASE(render_json_full_spec_is_valid),
	KUNIT_CASE(render_text_empty_spec),
	KUNIT_CASE(render_json_empty_spec),
	KUNIT_CASE(render_text_null_fields),
	KUNIT_CASE(render_json_null_fields),
	KUNIT_CASE(render_json_escapes_strings),
	KUNIT_CASE(render_text_indents_every_line),
	KUNIT_CASE(render_text_unknown_values),
	KUNIT_CASE(render_json_unknown_values),
	KUNIT_CASE(render_text_constraint_kinds),
	KUNIT_CASE(render_json_constraint_kinds),
	KUNIT_CASE(render_text_set_without_values),
	KUNIT_CASE(render_json_set_without_values),
	KUNIT_CASE(render_text_unknown_numbers),
	KUNIT_CASE(render_json_unknown_numbers),
	KUNIT_CASE(render_text_layout),
	KUNIT_CASE(render_json_layout),
	KUNIT_CASE(render_json_documented_fields),
	KUNIT_CASE(render_text_overflow_detected),
	KUNIT_CASE(render_json_overflow_detected),
	KUNIT_CASE(render_is_deterministic),
	KUNIT_CASE(render_json_every_registered_spec),
	{}
};

static struct kunit_suite kapi_render_suite = {
	.name = "kapi_render",
	.test_cases = kapi_render_cases,
};

kunit_test_suites(&kapi_render_suite);
