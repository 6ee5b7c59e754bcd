// SPDX-License-Identifier: GPL-2.0
/*
 * kapi_compat.c - the keys of the original kernel API specification series
 * that this parser spells differently or does not take
 *
 * Specs written for that series should not fail with a bare "unknown key":
 * each of its keys either means the same here (the parser takes it) or is
 * listed below with what to write instead. "<list>-count:" is taken and
 * checked (kapi_check_count()).
 */
#include <stdlib.h>
#include <string.h>

#include "kapi_internal.h"

struct seed_key {
	const char *block;	/* the block it is a sub-key of; NULL: top */
	const char *key;
	bool prefix;		/* any key starting with @key */
	const char *instead;
};

static const struct seed_key seed_keys[] = {
	{ NULL, "api-type", false,
	  "the kind follows from the definition (SYSCALL_DEFINEn() makes a system call spec, any other function a function spec); remove it"
	},
	{ NULL, "api-version", false, "write since-version:" },
	{ NULL, "since", false, "write since-version:" },
	{ NULL, "struct-field", true,
	  "describe the structure in a struct-layout: TAG block, one 'member: ctype; meaning' line per member"
	},
	{ NULL, "struct-type", false,
	  "write struct: TAG in the pointer's param: block and describe TAG in a struct-layout: block"
	},
	{ NULL, "struct", false,
	  "write struct: TAG in the pointer's param: block and describe TAG in a struct-layout: block"
	},
	{ NULL, "struct-count", false,
	  "describe the structure in a struct-layout: TAG block; it needs no count"
	},
	{ NULL, "validation-", true,
	  "write the check on the parameter (constraint-type: with range:, valid-mask:, enum: or align:) or as a constraint: of use"
	},
	{ NULL, "error-code", false,
	  "write 'error: NAME, summary' with desc: below it" },
	{ NULL, "error-condition", false,
	  "write the condition in the desc: of its error: entry" },
	{ NULL, "return-", true,
	  "write return: with type:, check-type:, success: and desc: below it" },
	{ "param", "size", false,
	  "write size-param: with the index of the parameter that holds the size, or describe the structure with struct:"
	},
	{ "param", "constraint", false,
	  "write cdesc: for the words and constraint-type: with range:, valid-mask:, enum: or align: for the check"
	},
	{ "param", "mask", false, "write valid-mask:" },
	{ "param", "valid-values", false, "write enum:" },
	{ "param", "alignment", false, "write align:" },
	{ "param", "struct-type", false,
	  "write struct: TAG and describe TAG in a struct-layout: block" },
	{ "lock", "held-on-exit", false,
	  "a lock held on exit is one acquired: and not released:; remove it" },
	{ "signal", "number", false,
	  "the signal: line names the signal; remove it" },
	{ "signal", "interruptible", false,
	  "say what the signal does to the call with action: and error:" },
	{ "signal", "priority", false,
	  "the order in which signals are looked at is not part of a spec; remove it"
	},
	{ "capability", "priority", false,
	  "the order in which capabilities are checked is not part of a spec; remove it"
	},
};

const char *kapi_seed_instead(const char *block, const char *key)
{
	size_t i;

	for (i = 0; i < KAPI_ARRAY_SIZE(seed_keys); i++) {
		const struct seed_key *k = &seed_keys[i];

		if (!k->block != !block || (block && strcmp(k->block, block)))
			continue;
		if (k->prefix ? !strncmp(key, k->key, strlen(k->key)) :
		    !strcmp(key, k->key))
			return k->instead;
	}
	return NULL;
}

/* "<list>-count: N", checked against the entries the spec has of it. */
void kapi_check_count(struct kapi_parser *p, const struct kapi_parsed_spec *s,
		      const struct kapi_raw_block *b)
{
	static const struct {
		const char *list;
		size_t off;
	} lists[] = {
#define COUNT_OF(name, field) { name, offsetof(struct kapi_parsed_spec, field) }
		COUNT_OF("param", n_params),
		COUNT_OF("error", n_errors),
		COUNT_OF("lock", n_locks),
		COUNT_OF("signal", n_signals),
		COUNT_OF("side-effect", n_side_effects),
		COUNT_OF("state-trans", n_state_transitions),
		COUNT_OF("capability", n_capabilities),
		COUNT_OF("constraint", n_constraints),
#undef COUNT_OF
	};
	char *text = kapi_squash(b->head.s ? b->head.s : ""), *end;
	unsigned long n;
	unsigned int have;
	size_t i;

	for (i = 0; i < KAPI_ARRAY_SIZE(lists); i++)
		if (!strcmp(lists[i].list, b->name))
			break;
	if (i == KAPI_ARRAY_SIZE(lists)) {
		kapi_err(p, b->line, "%s-count: counts nothing; remove it", b->name);
		goto out;
	}
	n = strtoul(text, &end, 10);
	if (!*text || *end || *text == '-') {
		kapi_err(p, b->line, "%s-count: expects a number, got '%s'",
			 b->name, text);
		goto out;
	}
	have = *(const unsigned int *)((const char *)s + lists[i].off);
	if (n != have)
		kapi_err(p, b->line, "%s-count: %lu, but %s %u%s",
			 b->name, n,
			 i ? "the spec lists" : "the prototype has", have,
			 i ? " entries" : " parameters");
out:
	free(text);
}
