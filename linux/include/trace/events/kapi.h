/* SPDX-License-Identifier: GPL-2.0 */
#undef TRACE_SYSTEM
#define TRACE_SYSTEM kapi

#if !defined(_TRACE_KAPI_H) || defined(TRACE_HEADER_MULTI_READ)
#define _TRACE_KAPI_H

#include <linux/tracepoint.h>
#include <linux/kapi_checks.h>

#define KAPI_TP_ENUM(sym, name)		TRACE_DEFINE_ENUM(sym);
#define KAPI_TP_SYM(sym, name)		{ sym, name },
#define KAPI_TP_SYMe(sym, name)		{ sym, name }

KAPI_VIOLATION_LIST(KAPI_TP_ENUM, KAPI_TP_ENUM)

/*
 * A system call broke its specification: a parameter outside its
 * constraint (param >= 0), a return value or errno the spec does not list
 * (param == -1), a call from a context the spec excludes (param == -2), or
 * a rule over several parameters (param == -3, value the index of the
 * spec's constraint).
 */
TRACE_EVENT(kapi_violation,
	TP_PROTO(const char *spec, int kind, int param, long value),
	TP_ARGS(spec, kind, param, value),
	TP_STRUCT__entry(
		__string(spec, spec)
		__field(int, kind)
		__field(int, param)
		__field(long, value)
	),
	TP_fast_assign(
		__assign_str(spec);
		__entry->kind = kind;
		__entry->param = param;
		__entry->value = value;
	),
	TP_printk("%s kind=%s param=%d value=%ld", __get_str(spec),
		  __print_symbolic(__entry->kind,
				   KAPI_VIOLATION_LIST(KAPI_TP_SYM, KAPI_TP_SYMe)),
		  __entry->param, __entry->value)
);

#endif /* _TRACE_KAPI_H */

#include <trace/define_trace.h>
