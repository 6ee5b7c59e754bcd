/* SPDX-License-Identifier: GPL-2.0 */
/* The few kernel idioms the tool uses, for a host compiler. */
#ifndef KAPI_TOOL_COMPILER_H
#define KAPI_TOOL_COMPILER_H

#ifndef __printf
#define __printf(a, b)	__attribute__((format(printf, a, b)))
#endif

#ifndef __noreturn
#define __noreturn	__attribute__((noreturn))
#define __maybe_unused	__attribute__((unused))
#endif

#ifndef ARRAY_SIZE
#define ARRAY_SIZE(x)	(sizeof(x) / sizeof((x)[0]))
#endif

#endif /* KAPI_TOOL_COMPILER_H */
