// SPDX-License-Identifier: GPL-2.0
/*
 * pairwise - a small covering-array generator for Kconfig combinations.
 *
 * Reads a description on stdin:
 *
 *	factor NAME VALUE...		one option and the values it takes
 *	when NAME=VALUE then NAME=VALUE	a row with the first must have the second
 *	when NAME=VALUE then NAME!=VALUE	... must not have the second
 *	seed NAME=VALUE...		a row already built (every factor named)
 *
 * and prints rows, one per line as "NAME=VALUE ...", such that every value
 * of every factor (-t 1) or every pair of values of two factors (-t 2, the
 * default) that some valid row can hold is held by at least one printed
 * row or seed. Seeds are not printed. Rows are chosen greedily: each is
 * the valid row that covers the most tuples not yet covered, the first
 * such in enumeration order. Greedy
 * choices depend on where the scan starts, so it is run from every valid
 * row as the start and the shortest set wins (the earliest start on a tie):
 * the output depends only on the input, so a set of builds chosen today is
 * chosen again tomorrow.
 *
 * The search enumerates every row, which is fine for the few dozen rows
 * Kconfig option sets give; more than MAX_SPACE rows to look at or
 * MAX_ROWS valid ones are refused.
 */
#include <errno.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define MAX_FACTORS	32
#define MAX_VALUES	8
#define MAX_RULES	128
#define MAX_ROWS	65536
#define MAX_LINE	1024
#define MAX_SEEDS	16
#define MAX_SPACE	(1L << 24)

struct factor {
	char *name;
	char *values[MAX_VALUES];
	int nvalues;
};

/*
 * when factor if_f has value if_v, factor then_f must have value then_v
 * (must not, with negate)
 */
struct rule {
	int if_f, if_v, then_f, then_v;
	bool negate;
};

static struct factor factors[MAX_FACTORS];
static int nfactors;
static struct rule rules[MAX_RULES];
static int nrules;
static int seeds[MAX_SEEDS][MAX_FACTORS];
static int nseeds;
static int lineno;

static void die(const char *fmt, ...)
{
	va_list ap;

	fprintf(stderr, "pairwise: ");
	if (lineno)
		fprintf(stderr, "<stdin>:%d: ", lineno);
	va_start(ap, fmt);
	vfprintf(stderr, fmt, ap);
	va_end(ap);
	fputc('\n', stderr);
	exit(1);
}

static char *xstrdup(const char *s)
{
	char *d = strdup(s);

	if (!d)
		die("out of memory");
	return d;
}

static int find_factor(const char *name)
{
	int i;

	for (i = 0; i < nfactors; i++)
		if (!strcmp(factors[i].name, name))
			return i;
	return -1;
}

/*
 * "NAME=VALUE" (or "NAME!=VALUE" when negate is not NULL) into factor and
 * value indices, or a located error
 */
static void parse_assign(char *tok, int *f, int *v, bool *negate)
{
	char *eq = tok ? strchr(tok, '=') : NULL;
	int i;

	if (!eq)
		die("expected NAME=VALUE, got '%s'", tok ? tok : "");
	*eq = '\0';
	if (negate) {
		*negate = eq > tok && eq[-1] == '!';
		if (*negate)
			eq[-1] = '\0';
	}
	*f = find_factor(tok);
	if (*f < 0)
		die("unknown factor '%s' (declare it with 'factor' first)", tok);
	for (i = 0; i < factors[*f].nvalues; i++)
		if (!strcmp(factors[*f].values[i], eq + 1)) {
			*v = i;
			return;
		}
	die("factor %s has no value '%s'", tok, eq + 1);
}

static bool valid(const int *row)
{
	int i;

	for (i = 0; i < nrules; i++)
		if (row[rules[i].if_f] == rules[i].if_v &&
		    (row[rules[i].then_f] == rules[i].then_v) == rules[i].negate)
			return false;
	return true;
}

static void parse(FILE *in)
{
	char line[MAX_LINE], *tok, *save;
	int i;

	while (fgets(line, sizeof(line), in)) {
		lineno++;
		if (!strchr(line, '\n') && !feof(in))
			die("line longer than %d characters", MAX_LINE - 2);
		tok = strtok_r(line, " \t\n", &save);
		if (!tok || *tok == '#')
			continue;
		if (!strcmp(tok, "factor")) {
			struct factor *f;

			if (nfactors == MAX_FACTORS)
				die("more than %d factors", MAX_FACTORS);
			if (nseeds)
				die("factor after a seed (a seed names every factor)");
			tok = strtok_r(NULL, " \t\n", &save);
			if (!tok)
				die("factor without a name");
			if (find_factor(tok) >= 0)
				die("factor %s declared twice", tok);
			f = &factors[nfactors];
			f->name = xstrdup(tok);
			while ((tok = strtok_r(NULL, " \t\n", &save))) {
				if (f->nvalues == MAX_VALUES)
					die("factor %s has more than %d values", f->name, MAX_VALUES);
				for (i = 0; i < f->nvalues; i++)
					if (!strcmp(f->values[i], tok))
						die("factor %s lists value %s twice", f->name, tok);
				f->values[f->nvalues++] = xstrdup(tok);
			}
			if (!f->nvalues)
				die("factor %s has no values", f->name);
			nfactors++;
		} else if (!strcmp(tok, "when")) {
			struct rule *r;

			if (nrules == MAX_RULES)
				die("more than %d rules", MAX_RULES);
			r = &rules[nrules++];
			parse_assign(strtok_r(NULL, " \t\n", &save), &r->if_f, &r->if_v, NULL);
			tok = strtok_r(NULL, " \t\n", &save);
			if (!tok || strcmp(tok, "then"))
				die("expected 'then' after the condition");
			parse_assign(strtok_r(NULL, " \t\n", &save), &r->then_f, &r->then_v,
				     &r->negate);
			if (strtok_r(NULL, " \t\n", &save))
				die("trailing text after the rule");
		} else if (!strcmp(tok, "seed")) {
			int *row, named = 0, f, v;

			if (nseeds == MAX_SEEDS)
				die("more than %d seeds", MAX_SEEDS);
			row = seeds[nseeds++];
			for (f = 0; f < MAX_FACTORS; f++)
				row[f] = -1;
			while ((tok = strtok_r(NULL, " \t\n", &save))) {
				parse_assign(tok, &f, &v, NULL);
				if (row[f] >= 0)
					die("seed names %s twice", factors[f].name);
				row[f] = v;
				named++;
			}
			if (named != nfactors)
				die("a seed names %d of the %d factors", named, nfactors);
		} else {
			die("unknown directive '%s' (factor, when, seed)", tok);
		}
	}
	if (ferror(in))
		die("reading stdin: %s", strerror(errno));
	lineno = 0;
	if (!nfactors)
		die("no factors");
	for (i = 0; i < nseeds; i++)
		if (!valid(seeds[i]))
			die("seed %d breaks a rule", i + 1);
}

/*
 * A tuple is one value (t = 1: index f * MAX_VALUES + v) or two values of
 * factors f < g (t = 2: the index of (f, v) times the number of single
 * indices, plus the index of (g, w)).
 */
#define NSINGLE		(MAX_FACTORS * MAX_VALUES)
#define NTUPLE		(NSINGLE * NSINGLE)

static unsigned char feasible[NTUPLE], covered[NTUPLE];

/* apply fn to each tuple of row; returns the sum of what fn returns */
static int for_each_tuple(const int *row, int t, int (*fn)(int tuple))
{
	int f, g, sum = 0;

	for (f = 0; f < nfactors; f++) {
		int a = f * MAX_VALUES + row[f];

		if (t == 1) {
			sum += fn(a);
			continue;
		}
		for (g = f + 1; g < nfactors; g++)
			sum += fn(a * NSINGLE + g * MAX_VALUES + row[g]);
	}
	return sum;
}

static int mark_feasible(int tuple)
{
	feasible[tuple] = 1;
	return 0;
}

static int is_new(int tuple)
{
	return feasible[tuple] && !covered[tuple];
}

static int mark_covered(int tuple)
{
	int was_new = is_new(tuple);

	covered[tuple] = 1;
	return was_new;
}

/* one greedy pass scanning from row start; the chosen rows into pick */
static int greedy(int (*rows)[MAX_FACTORS], int nrows, int start, int t, int *pick)
{
	int n = 0, left = 0, i;

	memset(covered, 0, sizeof(covered));
	for (i = 0; i < nseeds; i++)
		for_each_tuple(seeds[i], t, mark_covered);
	for (i = 0; i < NTUPLE; i++)
		left += feasible[i] && !covered[i];
	while (left > 0) {
		int best = -1, best_gain = 0;

		for (i = 0; i < nrows; i++) {
			int r = (start + i) % nrows;
			int gain = for_each_tuple(rows[r], t, is_new);

			if (gain > best_gain) {
				best = r;
				best_gain = gain;
			}
		}
		left -= for_each_tuple(rows[best], t, mark_covered);
		pick[n++] = best;
	}
	return n;
}

int main(int argc, char **argv)
{
	static int rows[MAX_ROWS][MAX_FACTORS], pick[MAX_ROWS], best[MAX_ROWS];
	int row[MAX_FACTORS] = { 0 };
	int nrows = 0, nbest = 0, t = 2, i, f, s;
	long space;

	if (argc == 3 && !strcmp(argv[1], "-t") &&
	    (!strcmp(argv[2], "1") || !strcmp(argv[2], "2")))
		t = argv[2][0] - '0';
	else if (argc != 1) {
		fprintf(stderr, "usage: pairwise [-t 1|2] < DESCRIPTION\n");
		return 2;
	}
	parse(stdin);
	for (f = 0, space = 1; f < nfactors; f++) {
		space *= factors[f].nvalues;
		if (space > MAX_SPACE)
			die("more than %ld rows to enumerate", MAX_SPACE);
	}

	/* every valid row, in odometer order (first factor slowest) */
	for (;;) {
		if (valid(row)) {
			if (nrows == MAX_ROWS)
				die("more than %d valid rows: too many to enumerate", MAX_ROWS);
			memcpy(rows[nrows++], row, sizeof(row));
			for_each_tuple(row, t, mark_feasible);
		}
		for (f = nfactors - 1; f >= 0; f--) {
			if (++row[f] < factors[f].nvalues)
				break;
			row[f] = 0;
		}
		if (f < 0)
			break;
	}
	if (!nrows)
		die("the rules leave no valid row");

	/* quadratic in the rows: bounded, as MAX_ROWS is for the enumeration */
	for (s = 0; s < nrows && s < 4096; s++) {
		int n = greedy(rows, nrows, s, t, pick);

		if (!nbest || n < nbest) {
			nbest = n;
			memcpy(best, pick, n * sizeof(*pick));
		}
	}
	for (i = 0; i < nbest; i++) {
		for (f = 0; f < nfactors; f++)
			printf("%s%s=%s", f ? " " : "", factors[f].name,
			       factors[f].values[rows[best[i]][f]]);
		putchar('\n');
	}
	return fflush(stdout) ? 1 : 0;
}
