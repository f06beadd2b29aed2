// Package idb is the storage engine behind the page's IndexedDB: keys and
// their order, key ranges, key paths, object stores and indexes kept as
// sorted lists, cursor steps over them, transactions with their scheduling
// and an undo log for rollback, and a byte quota. It knows nothing of
// JavaScript: values are opaque to it (the bindings in package jsruntime
// store structured clones), and the bindings turn script values into Keys
// and evaluate key paths.
//
// It must never import goja, dom, loop or any other bangsnap package.
// https://w3c.github.io/IndexedDB/
package idb

import (
	"math"
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"
)

// A Kind is the type of a key, in key order: every number is less than
// every date, which is less than every string, binary and array.
// https://w3c.github.io/IndexedDB/#key-construct
type Kind uint8

// The key kinds. Invalid (the zero value) is no key at all: an unbounded
// end of a range, a record with no key yet.
const (
	Invalid Kind = iota
	Number
	Date
	String
	Binary
	Array
)

// A Key is an IndexedDB key.
type Key struct {
	Kind Kind
	// Num is the value of a Number and the time value of a Date.
	Num float64
	// Str is a String (WTF-8, so lone surrogates survive) or the bytes of
	// a Binary.
	Str string
	// Arr holds the items of an Array.
	Arr []Key
}

// NumberKey, DateKey, StringKey, BinaryKey and ArrayKey make keys.
func NumberKey(f float64) Key  { return Key{Kind: Number, Num: f} }
func DateKey(ms float64) Key   { return Key{Kind: Date, Num: ms} }
func StringKey(s string) Key   { return Key{Kind: String, Str: s} }
func BinaryKey(b []byte) Key   { return Key{Kind: Binary, Str: string(b)} }
func ArrayKey(items []Key) Key { return Key{Kind: Array, Arr: items} }
func (k Key) Valid() bool      { return k.Kind != Invalid }
func (k Key) IsNumber() bool   { return k.Kind == Number }
func (k Key) String() string   { return describe(k) }

// Compare orders two valid keys: -1, 0 or 1.
// https://w3c.github.io/IndexedDB/#compare-two-keys
func Compare(a, b Key) int {
	if a.Kind != b.Kind {
		if a.Kind == Array {
			return 1
		}
		if b.Kind == Array {
			return -1
		}
		if a.Kind < b.Kind {
			return -1
		}
		return 1
	}
	switch a.Kind {
	case Number, Date:
		switch {
		case a.Num < b.Num:
			return -1
		case a.Num > b.Num:
			return 1
		}
		return 0
	case String:
		return compareUTF16(a.Str, b.Str)
	case Binary:
		return strings.Compare(a.Str, b.Str)
	case Array:
		n := min(len(a.Arr), len(b.Arr))
		for i := 0; i < n; i++ {
			if c := Compare(a.Arr[i], b.Arr[i]); c != 0 {
				return c
			}
		}
		switch {
		case len(a.Arr) < len(b.Arr):
			return -1
		case len(a.Arr) > len(b.Arr):
			return 1
		}
	}
	return 0
}

// compareUTF16 compares two WTF-8 strings by their UTF-16 code units, as
// JavaScript does: byte order is code point order, which differs only where
// a supplementary character (two surrogate units, D800..DBFF first) meets a
// character of E000..FFFF.
func compareUTF16(a, b string) int {
	n := min(len(a), len(b))
	i := 0
	for i < n && a[i] == b[i] {
		i++
	}
	if i == len(a) || i == len(b) {
		switch {
		case len(a) < len(b):
			return -1
		case len(a) > len(b):
			return 1
		}
		return 0
	}
	// Back up to the start of the differing characters (same prefix, so
	// the same start in both).
	for i > 0 && !utf8.RuneStart(a[i]) {
		i--
	}
	ua, ub := firstUnit(a[i:]), firstUnit(b[i:])
	switch {
	case ua < ub:
		return -1
	case ua > ub:
		return 1
	}
	// Same first unit, different characters: both supplementary with the
	// same lead surrogate; code point order is unit order there.
	if a[i:] < b[i:] {
		return -1
	}
	return 1
}

// firstUnit is the first UTF-16 code unit of the character at the start of
// s (a WTF-8 lone surrogate is its own unit).
func firstUnit(s string) uint16 {
	if len(s) >= 3 && s[0] == 0xED && s[1] >= 0xA0 {
		return uint16(0xD000 | rune(s[1]&0x3F)<<6 | rune(s[2]&0x3F))
	}
	r, _ := utf8.DecodeRuneInString(s)
	if r >= 0x10000 {
		return uint16(0xD800 + (r-0x10000)>>10)
	}
	return uint16(r)
}

// Size is the bytes k counts for in the quota.
func (k Key) Size() int {
	switch k.Kind {
	case String, Binary:
		return 8 + len(k.Str)
	case Array:
		n := 8
		for _, it := range k.Arr {
			n += it.Size()
		}
		return n
	}
	return 8
}

func describe(k Key) string {
	switch k.Kind {
	case Number, Date:
		if k.Num == math.Trunc(k.Num) && math.Abs(k.Num) < 1e15 {
			return strconv.FormatInt(int64(k.Num), 10)
		}
		return "number"
	case String:
		return `"` + k.Str + `"`
	case Binary:
		return "binary"
	case Array:
		parts := make([]string, len(k.Arr))
		for i, it := range k.Arr {
			parts[i] = describe(it)
		}
		return "[" + strings.Join(parts, ",") + "]"
	}
	return "invalid"
}

// A Range is an IDBKeyRange: a lower and an upper bound, each open or
// closed; an Invalid bound is unbounded.
// https://w3c.github.io/IndexedDB/#range-construct
type Range struct {
	Lower, Upper         Key
	LowerOpen, UpperOpen bool
}

// All is the range holding every key.
var All = Range{}

// Only is the range holding k alone.
func Only(k Key) Range { return Range{Lower: k, Upper: k} }

// Includes reports whether k is in r.
// https://w3c.github.io/IndexedDB/#in
func (r Range) Includes(k Key) bool {
	if r.Lower.Valid() {
		c := Compare(r.Lower, k)
		if c > 0 || c == 0 && r.LowerOpen {
			return false
		}
	}
	if r.Upper.Valid() {
		c := Compare(r.Upper, k)
		if c < 0 || c == 0 && r.UpperOpen {
			return false
		}
	}
	return true
}

// aboveLower reports whether k is not below r's lower bound.
func (r Range) aboveLower(k Key) bool {
	if !r.Lower.Valid() {
		return true
	}
	c := Compare(r.Lower, k)
	return c < 0 || c == 0 && !r.LowerOpen
}

// belowUpper reports whether k is not above r's upper bound.
func (r Range) belowUpper(k Key) bool {
	if !r.Upper.Valid() {
		return true
	}
	c := Compare(r.Upper, k)
	return c > 0 || c == 0 && !r.UpperOpen
}

// A KeyPath is a store's or index's key path: none, one string, or a
// sequence of strings (a compound key path).
// https://w3c.github.io/IndexedDB/#key-path-construct
type KeyPath struct {
	// Paths holds the string (one item, IsArray false) or the sequence.
	Paths   []string
	IsArray bool
}

// None reports whether the key path is absent (out-of-line keys).
func (p KeyPath) None() bool { return !p.IsArray && len(p.Paths) == 0 }

// StringPath makes a key path of one string.
func StringPath(s string) KeyPath { return KeyPath{Paths: []string{s}} }

// Valid reports whether p is a valid key path: each string is empty or
// identifiers joined by dots, and a sequence is not empty.
// https://w3c.github.io/IndexedDB/#valid-key-path
func (p KeyPath) Valid() bool {
	if p.IsArray && len(p.Paths) == 0 {
		return false
	}
	for _, s := range p.Paths {
		if !ValidPathString(s) {
			return false
		}
	}
	return true
}

// ValidPathString reports whether s is a valid key path string.
func ValidPathString(s string) bool {
	if s == "" {
		return true
	}
	for _, part := range strings.Split(s, ".") {
		if !identifierName(part) {
			return false
		}
	}
	return true
}

// identifierName approximates ECMAScript's IdentifierName: a letter, $ or _
// then letters, digits, $, _, ZWNJ and ZWJ.
func identifierName(s string) bool {
	if s == "" {
		return false
	}
	for i, r := range s {
		switch {
		case r == '$' || r == '_':
		case isLetter(r):
		case i > 0 && (isDigit(r) || r == 0x200C || r == 0x200D):
		default:
			return false
		}
	}
	return true
}

func isDigit(r rune) bool {
	return r >= '0' && r <= '9' || r > 0x7f && (unicode.IsDigit(r) || unicode.Is(unicode.Mn, r) || unicode.Is(unicode.Mc, r) || unicode.Is(unicode.Pc, r))
}

func isLetter(r rune) bool {
	return r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z' || r > 0x7f && (unicode.IsLetter(r) || unicode.Is(unicode.Nl, r))
}

// Identifiers returns the dot-separated parts of a key path string.
func Identifiers(s string) []string {
	if s == "" {
		return nil
	}
	return strings.Split(s, ".")
}
