package jsruntime

import (
	"strconv"
	"strings"
)

// CSS Color 4's lab(), lch(), oklab() and oklch(), serialized as Chromium
// does (specified and computed alike): the function lowercased, each
// percentage turned into its number (oklch(63.7% 0.237 25.331) is
// oklch(0.637 0.237 25.331)), an alpha below 1 after " / ". They are not
// converted to rgb(): Chromium keeps them in their own space. Tailwind 4's
// palette is written in oklch.
// https://drafts.csswg.org/css-color-4/#serializing-lab-lch

// labPercent gives, per function, what 100% means for each of the three
// channels (0 where a percentage is not allowed: a hue).
var labPercent = map[string][3]float64{
	"lab":   {100, 125, 125},
	"lch":   {100, 150, 0},
	"oklab": {1, 0.4, 0.4},
	"oklch": {1, 0.4, 0},
}

// normalizeLabColor normalizes a lab/lch/oklab/oklch color function, or
// reports false when t is not one.
func normalizeLabColor(t string) (string, bool) {
	open := strings.IndexByte(t, '(')
	if open <= 0 || !strings.HasSuffix(t, ")") {
		return "", false
	}
	name := strings.ToLower(strings.TrimSpace(t[:open]))
	pct, ok := labPercent[name]
	if !ok {
		return "", false
	}
	inner := t[open+1 : len(t)-1]
	channels, alpha, hasAlpha := strings.Cut(inner, "/")
	parts := strings.Fields(channels)
	if len(parts) != 3 {
		return "", false
	}
	out := make([]string, 0, 3)
	for i, p := range parts {
		v, ok := labChannel(p, pct[i], i == 2 && pct[2] == 0)
		if !ok {
			return "", false
		}
		out = append(out, v)
	}
	s := name + "(" + strings.Join(out, " ")
	if hasAlpha {
		a, ok := labAlpha(strings.TrimSpace(alpha))
		if !ok {
			return "", false
		}
		if a < 1 {
			s += " / " + formatNumber(a)
		}
	}
	return s + ")", true
}

// labChannel reads one channel: none, a number, a percentage of hundred,
// or (hue) an angle in degrees.
func labChannel(p string, hundred float64, hue bool) (string, bool) {
	p = strings.ToLower(p)
	if p == "none" {
		return p, true
	}
	if hue {
		p = strings.TrimSuffix(p, "deg")
	}
	if n, ok := strings.CutSuffix(p, "%"); ok {
		if hundred == 0 {
			return "", false
		}
		f, err := strconv.ParseFloat(n, 64)
		if err != nil {
			return "", false
		}
		return formatNumber(f * hundred / 100), true
	}
	f, err := strconv.ParseFloat(p, 64)
	if err != nil {
		return "", false
	}
	return formatNumber(f), true
}

func labAlpha(p string) (float64, bool) {
	scale := 1.0
	if n, ok := strings.CutSuffix(p, "%"); ok {
		p, scale = n, 0.01
	}
	f, err := strconv.ParseFloat(p, 64)
	if err != nil {
		return 0, false
	}
	return min(max(f*scale, 0), 1), true
}
