package jsruntime

import "strings"

// The specified values of the timeline-trigger family and initial-letter
// (https://drafts.csswg.org/css-animations-2/#timeline-triggers,
// https://drafts.csswg.org/css-inline-3/#sizing-drop-initials), written
// back as Chromium 156 writes them: a bare 0 is a length (0px), a range's
// end is left out when it is its default (normal for an activation range,
// auto for an active range, or the start's own range name), and the
// timeline-trigger shorthand leaves out each part at its initial value
// (a name none, a source auto, the ranges' defaults), none when nothing is
// left. The grammars (cssgrammars.go) have refused what does not parse.

// triggerRangeDefault are the properties normalized here, each with the
// default end of its ranges ("" for the others).
var triggerRangeDefault = map[string]string{
	"timeline-trigger":                        "",
	"timeline-trigger-activation-range":       "normal",
	"timeline-trigger-active-range":           "auto",
	"timeline-trigger-activation-range-start": "",
	"timeline-trigger-activation-range-end":   "",
	"timeline-trigger-active-range-start":     "",
	"timeline-trigger-active-range-end":       "",
}

// triggerValue normalizes a value of one of triggerRangeDefault's
// properties, whose components are parts.
func triggerValue(prop string, parts []string) (string, bool) {
	var items [][]string
	item := []string{}
	for _, p := range parts {
		if p == "," {
			items = append(items, item)
			item = []string{}
			continue
		}
		t, ok := normalizeComponent(prop, p)
		if !ok {
			return "", false
		}
		if t == "0" {
			t = "0px"
		}
		item = append(item, t)
	}
	items = append(items, item)
	out := make([]string, len(items))
	for i, it := range items {
		switch prop {
		case "timeline-trigger":
			out[i] = triggerShorthandItem(it)
		case "timeline-trigger-activation-range", "timeline-trigger-active-range":
			out[i] = strings.Join(triggerRange(it, triggerRangeDefault[prop]), " ")
		default:
			def := "0%"
			if strings.HasSuffix(prop, "-end") {
				def = "100%"
			}
			out[i] = strings.Join(rangeValue(it, def), " ")
		}
	}
	return strings.Join(out, ", "), true
}

// isRangeName tells whether t is a <timeline-range-name>.
func isRangeName(t string) bool {
	switch t {
	case "cover", "contain", "entry", "exit", "entry-crossing", "exit-crossing":
		return true
	}
	return false
}

// triggerRange writes back a range of one or two values: a range name's
// own default length left out (0% at the start, 100% at the end), the
// end left out when it is def or the start's range name.
func triggerRange(it []string, def string) []string {
	n := rangeValueLen(it)
	start := rangeValue(it[:n], "0%")
	if n == len(it) {
		return start
	}
	end := rangeValue(it[n:], "100%")
	if len(end) == 1 && (end[0] == def || end[0] == start[0] && isRangeName(end[0])) {
		return start
	}
	return append(start, end...)
}

// rangeValueLen is the number of components of the range value it starts
// with: a range name and its length, or one component.
func rangeValueLen(it []string) int {
	if len(it) > 1 && isRangeName(it[0]) && !isRangeName(it[1]) && it[1] != "normal" && it[1] != "auto" {
		return 2
	}
	return 1
}

// rangeValue leaves out a range name's length when it is def.
func rangeValue(v []string, def string) []string {
	if len(v) == 2 && v[1] == def {
		return v[:1]
	}
	return v
}

// triggerShorthandItem writes back one timeline-trigger: [ name ]?
// [ source ]? [ activation range ]? [ / active range ]?.
func triggerShorthandItem(it []string) string {
	var name, source string
	i := 0
	if i < len(it) && (it[i] == "none" || strings.HasPrefix(it[i], "--")) {
		name = it[i]
		i++
	}
	if i < len(it) && (it[i] == "auto" || it[i] == "none" || strings.HasPrefix(it[i], "--") ||
		strings.HasPrefix(it[i], "scroll(") || strings.HasPrefix(it[i], "view(")) {
		source = it[i]
		i++
	}
	rest := it[i:]
	activation, active := rest, []string(nil)
	for j, t := range rest {
		if t == "/" {
			activation, active = rest[:j], rest[j+1:]
			break
		}
	}
	var out []string
	if name != "" && name != "none" {
		out = append(out, name)
	}
	if source != "" && source != "auto" {
		out = append(out, source)
	}
	if len(activation) > 0 {
		if r := triggerRange(activation, "normal"); !(len(r) == 1 && r[0] == "normal") {
			out = append(out, r...)
		}
	}
	if len(active) > 0 {
		if r := triggerRange(active, "auto"); !(len(r) == 1 && r[0] == "auto") {
			out = append(out, "/")
			out = append(out, r...)
		}
	}
	if len(out) == 0 {
		return "none"
	}
	return strings.Join(out, " ")
}

// initialLetterValue writes initial-letter's size first ("raise 2" is
// "2 raise").
func initialLetterValue(parts []string) (string, bool) {
	out := make([]string, 0, len(parts))
	for _, p := range parts {
		t, ok := normalizeComponent("initial-letter", p)
		if !ok {
			return "", false
		}
		out = append(out, t)
	}
	if len(out) == 2 && (out[0] == "drop" || out[0] == "raise") {
		out[0], out[1] = out[1], out[0]
	}
	return strings.Join(out, " "), true
}

// isTriggerProp tells whether triggerValue normalizes prop's values.
func isTriggerProp(prop string) bool {
	_, ok := triggerRangeDefault[prop]
	return ok
}
