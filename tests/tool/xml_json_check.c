// SPDX-License-Identifier: GPL-2.0
/*
 * xml_json_check FILE.xml...: each XML output of kapi must hold every field
 * of the JSON output of the same command (FILE.json), with the same value,
 * by the mapping of tools/kapi/Documentation/kapi.rst, and nothing more.
 *
 * Both documents are flattened into path -> string pairs, then compared.
 * The JSON: a null is left out; an object's members are PATH/KEY; a
 * non-empty list of objects is PATH[I]; any other list is one string, its
 * scalars separated by a space; true and false are "true" and "false",
 * integers decimal, and a string has what XML 1.0 cannot hold replaced as
 * the XML writer replaces it (a control character but tab, newline and CR
 * by its control picture U+2400 + c, U+FFFE and U+FFFF by U+FFFD).
 * The XML: the root's I-th element is [I]; an element's attributes are
 * PATH/NAME; an enum constraint's <value> texts are PATH/values, joined by
 * a space; <values> holds its <value> items directly (PATH/values[N]) and
 * <struct> its <field> items (PATH/fields[N]), either being "" when it has
 * none; a child with attributes is an object PATH/TAG; one without
 * attributes but with children a list of objects PATH/TAG[I]; a leaf is
 * prose, PATH/TAG = its text.
 *
 * Prints up to 20 differences, "FILE PATH JSON: 'a' XML: 'b'" (None for a
 * path one side lacks), and exits 1 when there is any, or when a JSON gives
 * nothing ("FILE no JSON"); exits 0 when all agree.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <jansson.h>
#include <libxml/parser.h>
#include <libxml/tree.h>

#define MAX_REPORTS 20
#define ARRAY_SIZE(a) (sizeof(a) / sizeof((a)[0]))

struct entry {
	char *key;
	char *val;
	size_t seq;		/* a later put of the same key wins */
};

struct map {
	struct entry *e;
	size_t n, cap;
};

static void die(const char *what)
{
	fprintf(stderr, "xml_json_check: %s: %s\n", what, strerror(errno));
	exit(2);
}

static char *xstrdup(const char *s)
{
	char *r = strdup(s);

	if (!r)
		die("strdup");
	return r;
}

static char *xasprintf(const char *fmt, ...)
{
	va_list ap;
	char *r;
	int n;

	va_start(ap, fmt);
	n = vasprintf(&r, fmt, ap);
	va_end(ap);
	if (n < 0)
		die("asprintf");
	return r;
}

/* map_put: KEY and VAL are the map's from now on */
static void map_put(struct map *m, char *key, char *val)
{
	if (m->n == m->cap) {
		size_t cap = m->cap ? 2 * m->cap : 64;
		struct entry *e = realloc(m->e, cap * sizeof(*e));

		if (!e)
			die("realloc");
		m->e = e;
		m->cap = cap;
	}
	m->e[m->n].key = key;
	m->e[m->n].val = val;
	m->e[m->n].seq = m->n;
	m->n++;
}

static int entry_cmp(const void *a, const void *b)
{
	const struct entry *x = a, *y = b;
	int c = strcmp(x->key, y->key);

	if (c)
		return c;
	return x->seq < y->seq ? -1 : x->seq > y->seq;
}

/* sort by key (UTF-8 bytes sort as code points), the last put of each kept */
static void map_sort(struct map *m)
{
	size_t i, n = 0;

	if (!m->n)
		return;
	qsort(m->e, m->n, sizeof(*m->e), entry_cmp);
	for (i = 0; i < m->n; i++) {
		if (i + 1 < m->n && !strcmp(m->e[i].key, m->e[i + 1].key)) {
			free(m->e[i].key);
			free(m->e[i].val);
			continue;
		}
		m->e[n++] = m->e[i];
	}
	m->n = n;
}

static void map_free(struct map *m)
{
	size_t i;

	for (i = 0; i < m->n; i++) {
		free(m->e[i].key);
		free(m->e[i].val);
	}
	free(m->e);
	m->e = NULL;
	m->n = 0;
	m->cap = 0;
}

/* what the XML writes for the characters XML 1.0 cannot hold */
static char *xmlable(const char *s, size_t len)
{
	const unsigned char *p = (const unsigned char *)s;
	char *r = malloc(3 * len + 1), *o = r;
	size_t i;

	if (!r)
		die("malloc");
	for (i = 0; i < len; i++) {
		if (p[i] < 0x20 && p[i] != '\t' && p[i] != '\n' && p[i] != '\r') {
			/* U+2400 + c */
			*o++ = (char)0xe2;
			*o++ = (char)0x90;
			*o++ = (char)(0x80 + p[i]);
		} else if (p[i] == 0xef && i + 2 < len && p[i + 1] == 0xbf &&
			   (p[i + 2] == 0xbe || p[i + 2] == 0xbf)) {
			/* U+FFFE, U+FFFF: U+FFFD */
			*o++ = (char)0xef;
			*o++ = (char)0xbf;
			*o++ = (char)0xbd;
			i += 2;
		} else {
			*o++ = (char)p[i];
		}
	}
	*o = '\0';
	return r;
}

/* a real as Python's str() writes it: the shortest digits that read back */
static char *real_str(double d)
{
	char buf[64];
	int prec, exp;

	if (isnan(d))
		return xstrdup("nan");
	if (isinf(d))
		return xstrdup(d < 0 ? "-inf" : "inf");
	for (prec = 1; prec < 17; prec++) {
		snprintf(buf, sizeof(buf), "%.*e", prec - 1, d);
		if (strtod(buf, NULL) == d)
			break;
	}
	snprintf(buf, sizeof(buf), "%.*e", prec - 1, d);
	exp = atoi(strchr(buf, 'e') + 1);
	if (exp < -4 || exp >= 16)
		return xstrdup(buf);
	snprintf(buf, sizeof(buf), "%.*f", prec - 1 - exp > 0 ? prec - 1 - exp : 0, d);
	if (!strchr(buf, '.'))
		strcat(buf, ".0");
	return xstrdup(buf);
}

static char *scalar(json_t *v)
{
	switch (json_typeof(v)) {
	case JSON_NULL:
		return xstrdup("");
	case JSON_TRUE:
		return xstrdup("true");
	case JSON_FALSE:
		return xstrdup("false");
	case JSON_STRING:
		return xmlable(json_string_value(v), json_string_length(v));
	case JSON_INTEGER:
		return xasprintf("%lld", (long long)json_integer_value(v));
	case JSON_REAL:
		return real_str(json_real_value(v));
	default: {
		/* an object or list in a list of scalars: no XML writes that */
		char *s = json_dumps(v, JSON_COMPACT | JSON_ENCODE_ANY);

		if (!s)
			die("json_dumps");
		return s;
	}
	}
}

/* path -> value; a null is left out, a list of scalars is one string */
static void flat_json(json_t *v, const char *p, struct map *m)
{
	const char *k;
	json_t *x;
	size_t i, len = 0, objects = 0;
	char *s;

	switch (json_typeof(v)) {
	case JSON_NULL:
		return;
	case JSON_OBJECT:
		json_object_foreach(v, k, x) {
			s = xasprintf("%s/%s", p, k);
			flat_json(x, s, m);
			free(s);
		}
		return;
	case JSON_ARRAY:
		json_array_foreach(v, i, x)
			objects += json_is_object(x);
		if (objects && objects == json_array_size(v)) {
			json_array_foreach(v, i, x) {
				s = xasprintf("%s[%zu]", p, i);
				flat_json(x, s, m);
				free(s);
			}
			return;
		}
		s = xstrdup("");
		json_array_foreach(v, i, x) {
			char *a = scalar(x);
			size_t n = strlen(a);
			char *t = realloc(s, len + n + 2);

			if (!t)
				die("realloc");
			s = t;
			if (i)
				s[len++] = ' ';
			memcpy(s + len, a, n + 1);
			len += n;
			free(a);
		}
		map_put(m, xstrdup(p), s);
		return;
	default:
		map_put(m, xstrdup(p), scalar(v));
	}
}

/* a tag or attribute name as ElementTree gives it: {URI}NAME in a namespace */
static char *qname(const xmlChar *name, const xmlNs *ns)
{
	if (ns && ns->href)
		return xasprintf("{%s}%s", (const char *)ns->href, (const char *)name);
	return xstrdup((const char *)name);
}

static xmlNode *first_elem(xmlNode *n)
{
	while (n && n->type != XML_ELEMENT_NODE)
		n = n->next;
	return n;
}

static xmlNode *next_elem(xmlNode *n)
{
	return first_elem(n->next);
}

/* ElementTree's text: the character data before the first child element */
static char *elem_text(xmlNode *e)
{
	char *s = xstrdup("");
	size_t len = 0;
	xmlNode *c;

	for (c = e->children; c && c->type != XML_ELEMENT_NODE; c = c->next) {
		size_t n;
		char *t;

		if ((c->type != XML_TEXT_NODE && c->type != XML_CDATA_SECTION_NODE) ||
		    !c->content)
			continue;
		n = strlen((const char *)c->content);
		t = realloc(s, len + n + 1);
		if (!t)
			die("realloc");
		s = t;
		memcpy(s + len, c->content, n + 1);
		len += n;
	}
	return s;
}

static char *attr_value(xmlAttr *a)
{
	xmlChar *v = xmlNodeGetContent((xmlNode *)a);
	char *r = xstrdup(v ? (const char *)v : "");

	xmlFree(v);
	return r;
}

/* elements that hold the items of a list of theirs directly */
static const struct {
	const char *tag, *item, *key;
} items[] = {
	{ "values", "value", "values" },
	{ "struct", "field", "fields" },
};

/*
 * an object: its attributes; its children are prose (no attributes, no
 * children), lists of objects (no attributes) or objects
 */
static void flat_xml(xmlNode *e, const char *p, struct map *m)
{
	const char *item = NULL, *key = NULL;
	char *tag = qname(e->name, e->ns), *s, *ct;
	xmlNode *c, *x;
	xmlAttr *a;
	size_t i, n = 0;

	for (a = e->properties; a; a = a->next) {
		char *name = qname(a->name, a->ns);

		map_put(m, xasprintf("%s/%s", p, name), attr_value(a));
		free(name);
	}
	if (!strcmp(tag, "constraint")) {
		xmlChar *kind = xmlGetNoNsProp(e, (const xmlChar *)"kind");
		int is_enum = kind && !strcmp((const char *)kind, "enum");

		xmlFree(kind);
		if (is_enum) {
			size_t len = 0;

			s = xstrdup("");
			for (c = first_elem(e->children), i = 0; c; c = next_elem(c), i++) {
				char *t = elem_text(c);
				size_t tn = strlen(t);
				char *r = realloc(s, len + tn + 2);

				if (!r)
					die("realloc");
				s = r;
				if (i)
					s[len++] = ' ';
				memcpy(s + len, t, tn + 1);
				len += tn;
				free(t);
			}
			map_put(m, xasprintf("%s/values", p), s);
			free(tag);
			return;
		}
	}
	for (i = 0; i < ARRAY_SIZE(items); i++) {
		if (!strcmp(tag, items[i].tag)) {
			item = items[i].item;
			key = items[i].key;
		}
	}
	for (c = first_elem(e->children); c; c = next_elem(c)) {
		ct = qname(c->name, c->ns);
		if (item && !strcmp(ct, item)) {
			s = xasprintf("%s/%s[%zu]", p, key, n++);
			flat_xml(c, s, m);
			free(s);
		} else if (c->properties) {
			s = xasprintf("%s/%s", p, ct);
			flat_xml(c, s, m);
			free(s);
		} else if (first_elem(c->children)) {
			for (x = first_elem(c->children), i = 0; x; x = next_elem(x), i++) {
				s = xasprintf("%s/%s[%zu]", p, ct, i);
				flat_xml(x, s, m);
				free(s);
			}
		} else {
			map_put(m, xasprintf("%s/%s", p, ct), elem_text(c));
		}
		free(ct);
	}
	if (key && !n)
		map_put(m, xasprintf("%s/%s", p, key), xstrdup(""));
	free(tag);
}

/* a string as Python's repr() shows it, or None */
static void print_repr(const char *s)
{
	char q;

	if (!s) {
		fputs("None", stdout);
		return;
	}
	q = strchr(s, '\'') && !strchr(s, '"') ? '"' : '\'';
	putchar(q);
	for (; *s; s++) {
		unsigned char c = *s;

		if (c == '\\' || c == q)
			printf("\\%c", c);
		else if (c == '\n')
			fputs("\\n", stdout);
		else if (c == '\r')
			fputs("\\r", stdout);
		else if (c == '\t')
			fputs("\\t", stdout);
		else if (c < 0x20 || c == 0x7f)
			printf("\\x%02x", c);
		else
			putchar(c);
	}
	putchar(q);
}

/* check PATH against its JSON; BAD counts what was printed */
static void check(const char *path, int *bad)
{
	size_t len = strlen(path), i = 0, j = 0;
	struct map a = { 0 }, b = { 0 };
	json_error_t err;
	xmlNode *root, *e;
	json_t *js, *list;
	xmlDoc *doc;
	char *jpath;

	jpath = xasprintf("%.*s.json", (int)(len >= 4 ? len - 4 : 0), path);
	js = json_load_file(jpath, JSON_ALLOW_NUL | JSON_DECODE_ANY, &err);
	if (!js) {
		if (err.line > 0)
			printf("%s:%d: %s\n", jpath, err.line, err.text);
		else
			printf("%s: %s\n", jpath, err.text);
		free(jpath);
		(*bad)++;
		return;
	}
	free(jpath);
	doc = xmlReadFile(path, NULL, XML_PARSE_NONET);
	root = doc ? xmlDocGetRootElement(doc) : NULL;
	if (!root) {
		printf("%s: not an XML document\n", path);
		xmlFreeDoc(doc);
		json_decref(js);
		(*bad)++;
		return;
	}

	if (json_is_array(js)) {
		list = json_incref(js);
	} else {
		list = json_array();
		if (!list || json_array_append(list, js))
			die("json_array");
	}
	flat_json(list, "", &a);
	json_decref(list);
	json_decref(js);
	for (e = first_elem(root->children); e; e = next_elem(e), i++) {
		char *p = xasprintf("[%zu]", i);

		flat_xml(e, p, &b);
		free(p);
	}
	xmlFreeDoc(doc);
	map_sort(&a);
	map_sort(&b);

	if (!a.n) {
		printf("%s no JSON\n", path);
		(*bad)++;
	}
	/* every path of either, in order */
	i = 0;
	while (i < a.n || j < b.n) {
		const struct entry *x = i < a.n ? &a.e[i] : NULL;
		const struct entry *y = j < b.n ? &b.e[j] : NULL;
		int c = !x ? 1 : !y ? -1 : strcmp(x->key, y->key);
		const char *k = c <= 0 ? x->key : y->key;
		const char *av = c <= 0 ? x->val : NULL;
		const char *bv = c >= 0 ? y->val : NULL;

		i += c <= 0;
		j += c >= 0;
		if (av && bv && !strcmp(av, bv))
			continue;
		if (*bad >= MAX_REPORTS)
			continue;
		printf("%s %s JSON: ", path, k);
		print_repr(av);
		fputs(" XML: ", stdout);
		print_repr(bv);
		putchar('\n');
		(*bad)++;
	}
	map_free(&a);
	map_free(&b);
}

int main(int argc, char **argv)
{
	int i, bad = 0;

	if (argc < 2) {
		fprintf(stderr, "usage: xml_json_check FILE.xml...\n");
		return 2;
	}
	LIBXML_TEST_VERSION
	for (i = 1; i < argc; i++)
		check(argv[i], &bad);
	xmlCleanupParser();
	return bad ? 1 : 0;
}
