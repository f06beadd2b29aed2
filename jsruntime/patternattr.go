package jsruntime

// The pattern attribute is compiled with the v flag
// (https://html.spec.whatwg.org/multipage/input.html#compiled-pattern-regular-expression):
// the pattern alone first, whose failure means the input has no pattern
// constraint, then "^(?:" + pattern + ")$". The page's RegExp takes the v
// flag (regexpsets.go translates its classes, and refuses those the v flag
// does not accept: [\w-], [(]); but goja's u flag, which the translation
// compiles with, accepts outside classes what the u and v flags refuse: a
// lone ] { or }, an identity escape of a character that is no syntax
// character (\a, \-). vFlagSyntaxError finds those; Chromium ignores such a
// pattern.

// vFlagSyntaxError reports whether pattern, outside its character classes,
// has a lone ], { or } (a brace that starts no {n}, {n,} or {n,m}
// quantifier) or an escape the v flag does not know.
func vFlagSyntaxError(pattern string) bool {
	for i := 0; i < len(pattern); i++ {
		switch pattern[i] {
		case '\\':
			if i+1 >= len(pattern) || !validEscape(pattern[i+1]) {
				return true
			}
			i++
			// The braces of \u{…} and \p{…}, the brackets of \k<…>.
			if e := pattern[i]; i+1 < len(pattern) && ((e == 'u' || e == 'p' || e == 'P') && pattern[i+1] == '{' || e == 'k' && pattern[i+1] == '<') {
				end := byte('}')
				if e == 'k' {
					end = '>'
				}
				for i < len(pattern) && pattern[i] != end {
					i++
				}
			}
		case ']', '}':
			return true
		case '{':
			n := quantifierLen(pattern[i:])
			if n == 0 {
				return true
			}
			i += n - 1
		case '[':
			i = nestedClassEnd(pattern, i)
		}
	}
	return false
}

// nestedClassEnd returns the index of the bracket that closes the class opening
// at i, nested classes (v mode) included, or len(p).
func nestedClassEnd(p string, i int) int {
	depth := 0
	for ; i < len(p); i++ {
		switch p[i] {
		case '\\':
			i++
		case '[':
			depth++
		case ']':
			if depth--; depth == 0 {
				return i
			}
		}
	}
	return len(p)
}

// quantifierLen returns the length of the {n}, {n,} or {n,m} quantifier
// s starts with, or 0.
func quantifierLen(s string) int {
	i, digits := 1, 0
	for i < len(s) && s[i] >= '0' && s[i] <= '9' {
		i, digits = i+1, digits+1
	}
	if digits == 0 {
		return 0
	}
	if i < len(s) && s[i] == ',' {
		i++
		for i < len(s) && s[i] >= '0' && s[i] <= '9' {
			i++
		}
	}
	if i < len(s) && s[i] == '}' {
		return i + 1
	}
	return 0
}

// validEscape reports whether \e is an escape the u and v flags know
// outside character classes: the syntax characters, the control, character
// class, property, code unit and code point escapes, back references (by
// number and name) and word boundaries. (\c must be followed by a letter;
// goja checks that.)
// https://tc39.es/ecma262/#prod-AtomEscape
func validEscape(e byte) bool {
	switch e {
	case '^', '$', '\\', '.', '*', '+', '?', '(', ')', '[', ']', '{', '}', '|', '/',
		'f', 'n', 'r', 't', 'v', 'c', '0', 'x', 'u', 'd', 'D', 's', 'S', 'w', 'W', 'p', 'P', 'b', 'B', 'k',
		'1', '2', '3', '4', '5', '6', '7', '8', '9':
		return true
	}
	return false
}
