/* SPDX-License-Identifier: GPL-2.0 */
#undef TRACE_SYSTEM
#define TRACE_SYSTEM kapi

#if !defined(_TRACE_KAPI_H) || defined(TRACE_HEADER_MULTI_READ)
#define _TRACE_KAPI_H

#include <linux/tracepoint.h>

/*
 * A system call broke its specification: a parameter outside its
 * constraint (param >= 0), a return value or errno the spec does not list
 * (param == -1), or a call from a context the spec excludes (param == -2).
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
	TP_printk("%s kind=%d param=%d value=%ld", __get_str(spec),
		  __entry->kind, __entry->param, __entry->value)
);

#endif /* _TRACE_KAPI_H */

#include <trace/define_trace.h>
