// SPDX-License-Identifier: GPL-2.0
/*
 * A strict RFC 8259 validator, so the JSON renderer's tests can reject
 * malformed output instead of comparing strings only. It also rejects
 * duplicate keys within an object, which JSON allows but which our output
 * must never contain, and it has tests of its own below.
 */
#include <kunit/test.h>
#include <linux/ctype.h>
#include <linux/string.h>
#include "json_check.h"

/*
 * The deepest a spec nests: spec, params, a parameter, its struct, the
 * members, a member, its value set, the values, a value: 9, with room.
 */
#define JSON_MAX_DEPTH	12

struct json_parser {
	const char *p;
	const char *end;
	const char *start;
	const char *error;
	int depth;
	struct json_check *res;
};

static bool jp_fail(struct json_parser *jp, const char *why)
{
	if (!jp->error) {
		jp->error = why;
		jp->res->offset = jp->p - jp->start;
	}
	return false;
}

static void jp_ws(struct json_parser *jp)
{
	while (jp->p < jp->end && (*jp->p == ' ' || *jp->p == '\t' ||
				   *jp->p == '\n' || *jp->p == '\r'))
		jp->p++;
}

static bool jp_lit(struct json_parser *jp, const char *lit)
{
	size_t n = strlen(lit);

	if ((size_t)(jp->end - jp->p) < n || memcmp(jp->p, lit, n))
		return jp_fail(jp, "invalid literal");
	jp->p += n;
	return true;
}

static bool jp_string(struct json_parser *jp)
{
	unsigned char c;
	int i;

	jp->p++;	/* opening quote */
	while (jp->p < jp->end) {
		c = *jp->p++;
		if (c == '"')
			return true;
		if (c < 0x20)
			return jp_fail(jp, "control character in string");
		if (c != '\\')
			continue;
		if (jp->p >= jp->end)
			break;
		c = *jp->p++;
		if (strchr("\"\\/bfnrt", c))
			continue;
		if (c != 'u')
			return jp_fail(jp, "invalid escape");
		for (i = 0; i < 4; i++, jp->p++)
			if (jp->p >= jp->end || !isxdigit(*jp->p))
				return jp_fail(jp, "invalid \\u escape");
	}
	return jp_fail(jp, "unterminated string");
}

static bool jp_digits(struct json_parser *jp)
{
	const char *s = jp->p;

	while (jp->p < jp->end && isdigit(*jp->p))
		jp->p++;
	return jp->p != s;
}

static bool jp_number(struct json_parser *jp)
{
	if (*jp->p == '-')
		jp->p++;
	if (jp->p < jp->end && *jp->p == '0') {
		jp->p++;
		if (jp->p < jp->end && isdigit(*jp->p))
			return jp_fail(jp, "leading zero");
	} else if (!jp_digits(jp)) {
		return jp_fail(jp, "invalid number");
	}
	if (jp->p < jp->end && *jp->p == '.') {
		jp->p++;
		if (!jp_digits(jp))
			return jp_fail(jp, "invalid fraction");
	}
	if (jp->p < jp->end && (*jp->p == 'e' || *jp->p == 'E')) {
		jp->p++;
		if (jp->p < jp->end && (*jp->p == '+' || *jp->p == '-'))
			jp->p++;
		if (!jp_digits(jp))
			return jp_fail(jp, "invalid exponent");
	}
	return true;
}

static bool jp_value(struct json_parser *jp);

static bool jp_object(struct json_parser *jp)
{
	const char *keys[JSON_CHECK_MAX_KEYS];
	size_t lens[JSON_CHECK_MAX_KEYS];
	unsigned int n = 0, i;
	bool top = jp->depth == 1;
	const char *k;
	size_t klen;

	jp->p++;
	jp_ws(jp);
	if (jp->p < jp->end && *jp->p == '}') {
		jp->p++;
		return true;
	}
	for (;;) {
		jp_ws(jp);
		if (jp->p >= jp->end || *jp->p != '"')
			return jp_fail(jp, "expected a key");
		k = jp->p + 1;
		if (!jp_string(jp))
			return false;
		klen = jp->p - 1 - k;
		for (i = 0; i < n; i++)
			if (lens[i] == klen && !memcmp(keys[i], k, klen))
				return jp_fail(jp, "duplicate key");
		if (n == JSON_CHECK_MAX_KEYS)
			return jp_fail(jp, "too many keys for the checker");
		keys[n] = k;
		lens[n++] = klen;
		jp_ws(jp);
		if (jp->p >= jp->end || *jp->p != ':')
			return jp_fail(jp, "expected ':'");
		jp->p++;
		if (!jp_value(jp))
			return false;
		jp_ws(jp);
		if (jp->p < jp->end && *jp->p == ',') {
			jp->p++;
			continue;
		}
		if (jp->p < jp->end && *jp->p == '}') {
			jp->p++;
			break;
		}
		return jp_fail(jp, "expected ',' or '}'");
	}
	if (top) {
		jp->res->n_top_keys = n;
		memcpy(jp->res->top_keys, keys, n * sizeof(keys[0]));
		memcpy(jp->res->top_key_len, lens, n * sizeof(lens[0]));
	}
	return true;
}

static bool jp_array(struct json_parser *jp)
{
	jp->p++;
	jp_ws(jp);
	if (jp->p < jp->end && *jp->p == ']') {
		jp->p++;
		return true;
	}
	for (;;) {
		if (!jp_value(jp))
			return false;
		jp_ws(jp);
		if (jp->p < jp->end && *jp->p == ',') {
			jp->p++;
			continue;
		}
		if (jp->p < jp->end && *jp->p == ']') {
			jp->p++;
			return true;
		}
		return jp_fail(jp, "expected ',' or ']'");
	}
}

static bool jp_value(struct json_parser *jp)
{
	bool ok;

	jp_ws(jp);
	if (jp->p >= jp->end)
		return jp_fail(jp, "expected a value");
	switch (*jp->p) {
	case '{':
	case '[':
		if (++jp->depth > JSON_MAX_DEPTH)
			return jp_fail(jp, "nested too deeply");
		ok = *jp->p == '{' ? jp_object(jp) : jp_array(jp);
		jp->depth--;
		return ok;
	case '"':
		return jp_string(jp);
	case 't':
		return jp_lit(jp, "true");
	case 'f':
		return jp_lit(jp, "false");
	case 'n':
		return jp_lit(jp, "null");
	default:
		if (*jp->p == '-' || isdigit(*jp->p))
			return jp_number(jp);
		return jp_fail(jp, "expected a value");
	}
}

/**
 * json_check() - is @buf exactly one valid JSON value (plus whitespace)?
 * @buf: the text; need not be NUL-terminated
 * @len: its length
 * @res: filled with the error, if any, and the top-level object's keys
 *
 * Return: true when valid.
 */
bool json_check(const char *buf, size_t len, struct json_check *res)
{
	struct json_parser jp = {
		.p = buf, .start = buf, .end = buf + len, .res = res,
	};

	memset(res, 0, sizeof(*res));
	if (jp_value(&jp)) {
		jp_ws(&jp);
		if (jp.p != jp.end)
			jp_fail(&jp, "trailing characters");
	}
	res->error = jp.error;
	return !jp.error;
}

struct json_sample {
	const char *text;
	const char *what;
};

static const struct json_sample json_good[] = {
	{ "{}", "empty object" },
	{ "[]", "empty array" },
	{ "{\"a\":[1,-2,3.5,1e10,-0.5E-3],\"b\":{\"c\":null}}", "nesting and numbers" },
	{ " {\"s\":\"q\\\"\\\\\\/\\b\\f\\n\\r\\t\\u00e9\"}\t\n", "every escape" },
	{ "{\"t\":true,\"f\":false}", "literals" },
	{ "0", "bare zero" },
};

static const struct json_sample json_bad[] = {
	{ "", "empty input" },
	{ "{\"a\":1,}", "trailing comma in object" },
	{ "[1,2,]", "trailing comma in array" },
	{ "{\"a\":\"x}", "unterminated string" },
	{ "{\"a\":\"\x01\"}", "control character in string" },
	{ "{\"a\":\"\\x\"}", "invalid escape" },
	{ "{\"a\":\"\\u12g4\"}", "invalid unicode escape" },
	{ "{\"a\":[1,2}", "mismatched brackets" },
	{ "{\"a\":1", "unterminated object" },
	{ "{\"a\":1}}", "trailing bracket" },
	{ "{\"a\":1} x", "trailing garbage" },
	{ "{\"a\":1,\"a\":2}", "duplicate key" },
	{ "{\"a\":01}", "leading zero" },
	{ "{\"a\":-}", "lone minus" },
	{ "{\"a\":1.}", "empty fraction" },
	{ "{\"a\":1e}", "empty exponent" },
	{ "{a:1}", "unquoted key" },
	{ "{\"a\" 1}", "missing colon" },
	{ "{\"a\":nul}", "truncated literal" },
	{ "{\"a\":undefined}", "bare word" },
	{ "[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[1]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]", "too deep" },
};

static void json_sample_desc(const struct json_sample *s, char *desc)
{
	strscpy(desc, s->what, KUNIT_PARAM_DESC_SIZE);
}

KUNIT_ARRAY_PARAM(json_good, json_good, json_sample_desc);
KUNIT_ARRAY_PARAM(json_bad, json_bad, json_sample_desc);

static void json_check_accepts_valid(struct kunit *test)
{
	const struct json_sample *s = test->param_value;
	struct json_check res;

	KUNIT_EXPECT_TRUE_MSG(test, json_check(s->text, strlen(s->text), &res),
			      "%s at %zu", res.error, res.offset);
}

static void json_check_rejects_invalid(struct kunit *test)
{
	const struct json_sample *s = test->param_value;
	struct json_check res;

	KUNIT_EXPECT_FALSE(test, json_check(s->text, strlen(s->text), &res));
	KUNIT_EXPECT_NOT_NULL(test, res.error);
}

static void json_check_reports_top_keys(struct kunit *test)
{
	static const char doc[] = "{\"x\":{\"inner\":1},\"y\":[],\"z\":null}";
	struct json_check res;

	KUNIT_ASSERT_TRUE(test, json_check(doc, strlen(doc), &res));
	KUNIT_ASSERT_EQ(test, res.n_top_keys, 3);
	KUNIT_EXPECT_EQ(test, res.top_key_len[0], 1);
	KUNIT_EXPECT_EQ(test, res.top_keys[0][0], 'x');
	KUNIT_EXPECT_EQ(test, res.top_keys[2][0], 'z');
}

static void json_check_respects_length(struct kunit *test)
{
	static const char doc[] = "{\"a\":1}garbage";
	struct json_check res;

	KUNIT_EXPECT_TRUE(test, json_check(doc, 7, &res));
	KUNIT_EXPECT_FALSE(test, json_check(doc, 6, &res));
}

static struct kunit_case json_check_cases[] = {
	KUNIT_CASE_PARAM(json_check_accepts_valid, json_good_gen_params),
	KUNIT_CASE_PARAM(json_check_rejects_invalid, json_bad_gen_params),
	KUNIT_CASE(json_check_reports_top_keys),
	KUNIT_CASE(json_check_respects_length),
	{}
};

static struct kunit_suite json_check_suite = {
	.name = "kapi_json_check",
	.test_cases = json_check_cases,
};

kunit_test_suites(&json_check_suite);
