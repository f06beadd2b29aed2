package webapi

import (
	"strings"
	"unicode"
	"unicode/utf16"

	"github.com/dop251/goja"
	"github.com/rivo/uniseg"
	"golang.org/x/text/collate"
	"golang.org/x/text/language"
	"golang.org/x/text/unicode/norm"
)

// newCollatorCompare returns the compare function of an Intl.Collator
// (intl.js): the Unicode Collation Algorithm with the CLDR tailoring of
// the tag's language (golang.org/x/text/collate, the tables goja's
// localeCompare already uses) and the ECMA-402 options: sensitivity base
// (primary strength), accent (secondary), case (primary plus case),
// variant (tertiary); numeric; ignorePunctuation (alternate shifted);
// caseFirst upper (x/text has no caseFirst, so strings that differ only
// by case compare the other way round).
func newCollatorCompare(rt *goja.Runtime, tag, sensitivity string, numeric, ignorePunctuation, upperFirst bool) goja.Value {
	t, err := language.Parse(tag)
	if err != nil {
		t = language.Und
	}
	var opts []collate.Option
	switch sensitivity {
	case "base":
		opts = append(opts, collate.IgnoreDiacritics, collate.IgnoreCase)
	case "accent":
		opts = append(opts, collate.IgnoreCase)
	case "case":
		// Primary strength plus case: see caseOnly below.
		opts = append(opts, collate.IgnoreDiacritics, collate.IgnoreCase)
	}
	if numeric {
		opts = append(opts, collate.Numeric)
	}
	c := collate.New(t, opts...)
	var caseless, caseOnly *collate.Collator
	if sensitivity == "case" {
		// x/text has no case level: strings equal at the primary level
		// compare again without their accents at the tertiary level.
		caseOnly = collate.New(t)
	}
	if upperFirst && (sensitivity == "variant" || sensitivity == "case") {
		caseless = collate.New(t, append(opts, collate.IgnoreCase)...)
	}
	return rt.ToValue(func(a, b string) int {
		if ignorePunctuation {
			// ICU's alternate "shifted": spaces and punctuation do not
			// count (x/text's shifted option compares everything equal).
			a, b = strings.Map(dropPunct, a), strings.Map(dropPunct, b)
		}
		r := c.CompareString(a, b)
		if r == 0 && caseOnly != nil {
			r = caseOnly.CompareString(stripMarks(a), stripMarks(b))
		}
		if r != 0 && caseless != nil && caseless.CompareString(a, b) == 0 {
			r = -r
		}
		return r
	})
}

func dropPunct(r rune) rune {
	if unicode.IsPunct(r) || unicode.IsSpace(r) {
		return -1
	}
	return r
}

// stripMarks drops the combining marks of s's canonical decomposition
// ("á" is "a").
func stripMarks(s string) string {
	return strings.Map(func(r rune) rune {
		if unicode.Is(unicode.Mn, r) {
			return -1
		}
		return r
	}, norm.NFD.String(s))
}

// segmentLengths splits text as Intl.Segmenter does (UAX #29 grapheme
// clusters, words or sentences, by github.com/rivo/uniseg; no dictionary
// for Thai, Chinese or Japanese words) and returns each segment's length in
// UTF-16 code units, followed for words by 1 when the word is word-like (has
// a letter, a decimal digit, a letter number such as a Roman numeral, or an
// ideograph; not an other number such as ¼, ² or ③, as in ICU) and 0
// otherwise.
func segmentLengths(granularity, text string) []int {
	var out []int
	state := -1
	for text != "" {
		var seg string
		switch granularity {
		case "word":
			seg, text, state = uniseg.FirstWordInString(text, state)
		case "sentence":
			seg, text, state = uniseg.FirstSentenceInString(text, state)
		default:
			seg, text, _, state = uniseg.FirstGraphemeClusterInString(text, state)
		}
		n := 0
		wordLike := 0
		for _, r := range seg {
			n += utf16.RuneLen(r)
			if unicode.IsLetter(r) || unicode.In(r, unicode.Nd, unicode.Nl) {
				wordLike = 1
			}
		}
		out = append(out, n)
		if granularity == "word" {
			out = append(out, wordLike)
		}
	}
	return out
}
