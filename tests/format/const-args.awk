# SPDX-License-Identifier: GPL-2.0
#
# Report printf-style calls that pass a string literal as an argument: the
# text belongs in the format itself (a "%s" filled from a constant is a
# format the reader has to assemble). Prints FILE:LINE: call, one a line.
# A literal inside an expression (cond ? "a" : "b") is not a constant
# argument and is not reported.
#
# usage: awk -f const-args.awk FILE...

function check(text, file, line,    i, c, depth, instr, args, n, a, fmt, j, rest, f, star, start) {
	# split the arguments at top-level commas, strings and parens aware
	n = 0
	a = ""
	depth = 0
	instr = 0
	start = index(text, "(")
	for (i = start + 1; i <= length(text); i++) {
		c = substr(text, i, 1)
		if (instr) {
			a = a c
			if (c == "\\") {
				i++
				a = a substr(text, i, 1)
			} else if (c == "\"") {
				instr = 0
			}
			continue
		}
		if (c == "\"") {
			instr = 1
			a = a c
		} else if (c == "(" || c == "[" || c == "{") {
			depth++
			a = a c
		} else if ((c == ")" || c == "]" || c == "}") && depth > 0) {
			depth--
			a = a c
		} else if (c == ")" && depth == 0) {
			args[++n] = a
			break
		} else if (c == "," && depth == 0) {
			args[++n] = a
			a = ""
		} else {
			a = a c
		}
	}
	# the format: the first argument holding a string literal
	fmt = 0
	for (j = 1; j <= n; j++)
		if (args[j] ~ /"/) {
			fmt = j
			break
		}
	if (!fmt)
		return
	# its text: the literals' contents, concatenated
	f = ""
	rest = args[fmt]
	while (match(rest, /"([^"\\]|\\.)*"/)) {
		f = f substr(rest, RSTART + 1, RLENGTH - 2)
		rest = substr(rest, RSTART + RLENGTH)
	}
	# walk the conversions, each to the argument it takes
	j = fmt + 1
	for (i = 1; i <= length(f); i++) {
		if (substr(f, i, 1) != "%")
			continue
		i++
		if (substr(f, i, 1) == "%")
			continue
		star = 0
		while (substr(f, i, 1) ~ /[-+ #0]/)
			i++
		if (substr(f, i, 1) == "*") {
			star = 1
			j++
			i++
		}
		while (substr(f, i, 1) ~ /[0-9]/)
			i++
		if (substr(f, i, 1) == ".") {
			i++
			if (substr(f, i, 1) == "*") {
				star = 1
				j++
				i++
			}
			while (substr(f, i, 1) ~ /[0-9]/)
				i++
		}
		while (substr(f, i, 1) ~ /[hlLqjzt]/)
			i++
		c = substr(f, i, 1)
		if (c == "p")
			while (substr(f, i + 1, 1) ~ /[A-Za-z]/)
				i++
		rest = args[j]
		gsub(/^[ \t]+|[ \t]+$/, "", rest)
		# "%*s", width, "" pads: the width is the point, not the text
		if (c == "s" && !star && rest ~ /^"([^"\\]|\\.)*"$/)
			printf "%s:%d: %s passes the constant %s through a %%s\n",
			       file, line, substr(text, 1, start - 1), rest
		j++
	}
}

FNR == 1 { collecting = 0 }

{
	if (!collecting && match($0, /(^|[^A-Za-z0-9_])(pr_[a-z_]+|printk|printk_ratelimited|seq_printf|seq_buf_printf|sysfs_emit|sysfs_emit_at|snprintf|scnprintf|sprintf|dev_(err|warn|info|notice|dbg)|kunit_(info|warn|err|log)|WARN|WARN_ONCE|panic)\(/)) {
		collecting = 1
		line = FNR
		buf = substr($0, RSTART + (RSTART > 1 || substr($0, 1, 1) !~ /[A-Za-z_]/))
		sub(/^[^A-Za-z_]*/, "", buf)
	} else if (collecting) {
		l = $0
		sub(/^[ \t]+/, " ", l)
		buf = buf l
	}
	if (collecting && buf ~ /\)[ \t]*;[ \t]*$|\)[ \t]*\)[ \t]*$|\)[ \t]*$/ && balanced(buf)) {
		check(buf, FILENAME, line)
		collecting = 0
	}
}

# Are the parentheses of @s balanced (outside strings)?
function balanced(s,    i, c, depth, instr) {
	depth = 0
	instr = 0
	for (i = 1; i <= length(s); i++) {
		c = substr(s, i, 1)
		if (instr) {
			if (c == "\\")
				i++
			else if (c == "\"")
				instr = 0
		} else if (c == "\"") {
			instr = 1
		} else if (c == "(") {
			depth++
		} else if (c == ")") {
			depth--
		}
	}
	return depth <= 0
}
