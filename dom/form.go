package dom

import (
	"math"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/bangsnap/bangsnap/internal/ascii"
	"golang.org/x/net/html"
	"golang.org/x/net/html/atom"
	"golang.org/x/net/idna"
)

// Form control state (https://html.spec.whatwg.org/multipage/form-control-infrastructure.html),
// kept apart from attributes as browsers do: typing (or script setting
// .value) changes the value without touching the value attribute, which
// stays the default value, and serialization writes attributes only.

type formState struct {
	// value is the element's value when dirtyValue or storedValue is
	// set; otherwise an input in the value mode has the sanitized value
	// attribute as its value, derived on each read.
	value      string
	dirtyValue bool
	// storedValue: value holds a clean (not dirty) input's value that no
	// longer follows the value attribute, because a type change or a
	// range's min, max or step change sanitized the value it had then
	// (https://html.spec.whatwg.org/multipage/input.html#concept-fe-value).
	// Setting the value attribute clears it.
	storedValue  bool
	checked      bool
	dirtyChecked bool
	// storedChecked: checked holds a clean (not dirty) control's
	// checkedness, no longer its checked attribute's: a radio button
	// its group unchecked (the checked attribute, added or removed,
	// sets it again while the control is not dirty).
	storedChecked bool
	selected      bool
	dirtySelected bool // selected holds the option's selectedness (else its selected attribute does)
	// optionDirty is an option's dirtiness: script or the user set its
	// selectedness, so its selected attribute no longer changes it.
	// https://html.spec.whatwg.org/multipage/form-elements.html#concept-option-dirtiness
	optionDirty bool
	// parserForm is the form the HTML parser associated a listed element
	// with through its form element pointer when that form is not an
	// ancestor of it (`<table><form><tr><td><input>`, `<div><form></div>
	// <input>`): its form owner while the parser inserted flag holds, that
	// is until the element and the form are no longer in one tree or its
	// form attribute changes (StreamParser).
	// https://html.spec.whatwg.org/multipage/form-control-infrastructure.html#parser-inserted-flag
	parserForm *Node
	// indeterminate is a checkbox's indeterminate IDL flag (no attribute).
	indeterminate bool
	// noSelection: script deselected every option of a select (value set
	// to no option's value, selectedIndex -1), so none is selected by default.
	noSelection bool
	// shown is the option whose children a select's selectedcontent
	// element was last given (nil: none; see refreshSelectedContent).
	shown *Node
	// sel is a text field's selection (see textselection.go) and selValue
	// the value it was set for. Its direction counts only when selDirSet;
	// until then the field has its document's (see noDirection).
	sel       TextSelection
	selValue  string
	selDirSet bool
	// textChanged: a textarea's children have changed (see nullValue).
	textChanged bool
}

func (n *Node) form() *formState {
	r := n.rareData()
	if r.form == nil {
		r.form = &formState{}
	}
	return r.form
}

func (n *Node) formState() *formState {
	if n.rare == nil {
		return nil
	}
	return n.rare.form
}

// InputType returns an input element's type keyword, "text" by default;
// the attribute is matched ASCII case-insensitively and untrimmed, so
// " hidden" is the text state.
// https://html.spec.whatwg.org/multipage/input.html#attr-input-type
func (n *Node) InputType() string {
	return inputTypeKeyword(n.Attribute("type"))
}

func inputTypeKeyword(attr string) string {
	t := ascii.Lower(attr)
	switch t {
	case "hidden", "search", "tel", "url", "email", "password", "date", "month", "week", "time",
		"datetime-local", "number", "range", "color", "checkbox", "radio", "file", "submit",
		"image", "reset", "button":
		return t
	}
	return "text"
}

// valueMode returns the input's value mode: "value", "default",
// "default/on" or "filename" (https://html.spec.whatwg.org/multipage/input.html#dom-input-value).
func (n *Node) valueMode() string {
	return valueModeOf(n.InputType())
}

func valueModeOf(typ string) string {
	switch typ {
	case "hidden", "submit", "image", "reset", "button":
		return "default"
	case "checkbox", "radio":
		return "default/on"
	case "file":
		return "filename"
	}
	return "value"
}

// Value returns the value of an input, textarea, select, option, button
// or other element with a value (the value attribute otherwise).
func (n *Node) Value() string {
	if !n.IsHTML() {
		return ""
	}
	switch n.DataAtom {
	case atom.Input:
		switch n.valueMode() {
		case "default":
			return n.Attribute("value")
		case "default/on":
			if v, ok := n.GetAttribute("value"); ok {
				return v
			}
			return "on"
		case "filename":
			return ""
		}
		if f := n.formState(); f != nil && (f.dirtyValue || f.storedValue) {
			return f.value
		}
		return n.cleanValue(n.InputType(), "", "", false)
	case atom.Textarea:
		if f := n.formState(); f != nil && f.dirtyValue {
			return f.value
		}
		// The raw value follows the child text content: only Text
		// children count (https://html.spec.whatwg.org/multipage/form-elements.html#the-textarea-element).
		return normalizeNewlines(n.childTextContent())
	case atom.Select:
		for _, o := range n.Options() {
			if o.Selected() {
				return o.Value()
			}
		}
		return ""
	case atom.Option:
		if v, ok := n.GetAttribute("value"); ok {
			return v
		}
		return n.OptionText()
	}
	return n.Attribute("value")
}

// SetInputType sets an input's type attribute as input.type = t does;
// the type change steps run on any change of the attribute (inputTypeChanged).
func (n *Node) SetInputType(t string) error {
	return n.SetAttribute("type", t)
}

// inputAttrChanged runs an input element's steps for a change of its
// attribute key (in no namespace) from old (hadOld) to its current value,
// as Chromium 156 runs them (testdata/wpt/domdiff48-input-type-change.html).
func (n *Node) inputAttrChanged(key, old string, hadOld bool) {
	switch key {
	case "type":
		oldType := "text"
		if hadOld {
			oldType = inputTypeKeyword(old)
		}
		if oldType != n.InputType() {
			n.inputTypeChanged(oldType)
			if n.InputType() == "radio" {
				n.radioAttrChanged(key)
			}
		}
	case "checked", "name", "form":
		if f := n.formState(); key == "checked" && f != nil && !f.dirtyChecked {
			// a clean control's checkedness follows the attribute again
			f.storedChecked = false
		}
		if n.InputType() == "radio" {
			n.radioAttrChanged(key)
		}
	case "value":
		// A clean value follows the value attribute again.
		if f := n.formState(); f != nil && !f.dirtyValue {
			f.storedValue, f.value = false, ""
		}
	case "min", "max", "step":
		if n.InputType() != "range" {
			return
		}
		// The value sanitization algorithm runs on the value it had.
		n.storeSanitized(n.valueBefore(key, old, hadOld))
	case "multiple":
		if n.InputType() == "email" {
			// Chromium sets the sanitized value as the user would, which
			// makes it dirty: the value attribute no longer changes it.
			v := n.sanitize(n.valueBefore(key, old, hadOld))
			f := n.form()
			f.value, f.dirtyValue, f.storedValue = v, true, false
		}
	}
}

// valueBefore returns an input's value as it was before its attribute key
// changed from old (hadOld).
func (n *Node) valueBefore(key, old string, hadOld bool) string {
	if f := n.formState(); f != nil && (f.dirtyValue || f.storedValue) {
		return f.value
	}
	return n.cleanValue(n.InputType(), key, old, hadOld)
}

// cleanValue is the value of an input of type typ whose value is clean
// (its dirty value flag unset): its value attribute, sanitized, reading
// the attribute key as old (hadOld) when key is not empty. An email
// input's address domains are converted to ASCII there, as Chromium does
// for a value that comes from the value attribute (not one script sets).
func (n *Node) cleanValue(typ, key, old string, hadOld bool) string {
	v := n.sanitizeAs(typ, n.Attribute("value"), key, old, hadOld)
	if typ == "email" {
		multiple := n.HasAttribute("multiple")
		if key == "multiple" {
			multiple = hadOld
		}
		v = emailDomainsToASCII(v, multiple)
	}
	return v
}

// emailDomainsToASCII converts the domain of the address v, or of each
// comma-separated address when multiple, to ASCII (punycode) as Chromium
// does for an email input's value attribute; an address with no @, an
// ASCII domain or one that does not convert stays as it was.
func emailDomainsToASCII(v string, multiple bool) string {
	if isASCIIString(v) {
		return v
	}
	parts := []string{v}
	if multiple {
		parts = strings.Split(v, ",")
	}
	for i, p := range parts {
		at := strings.IndexByte(p, '@')
		if at < 0 {
			continue
		}
		host := p[at+1:]
		if isASCIIString(host) {
			continue
		}
		if h, err := emailIDNA.ToASCII(host); err == nil {
			parts[i] = p[:at+1] + h
		}
	}
	return strings.Join(parts, ",")
}

func isASCIIString(s string) bool {
	for i := 0; i < len(s); i++ {
		if s[i] >= 0x80 {
			return false
		}
	}
	return true
}

// emailIDNA is UTS #46 ToASCII, nontransitional, with the STD3 rules (a
// "domain" holding "," or "@" does not convert, as in Chromium), as
// Chromium converts an email address's domain.
var emailIDNA = idna.New(
	idna.MapForLookup(),
	idna.BidiRule(),
	idna.CheckJoiners(true),
	idna.Transitional(false),
	idna.StrictDomainName(true),
	idna.VerifyDNSLength(false),
)

// storeSanitized makes the value the sanitization of v, keeping the dirty
// value flag.
func (n *Node) storeSanitized(v string) {
	f := n.form()
	f.value = n.sanitize(v)
	if !f.dirtyValue {
		f.storedValue = true
	}
}

// inputTypeChanged runs the input element's type change steps, from the
// type oldType to the current one: a value that was typed or set becomes
// the value attribute of a type in the default or default/on mode, a
// value-mode type takes the value attribute, and from one value-mode type
// to another the value is kept, sanitized for the new type.
// https://html.spec.whatwg.org/multipage/input.html#the-input-element:attr-input-type-4
func (n *Node) inputTypeChanged(oldType string) {
	old, mode := valueModeOf(oldType), n.valueMode()
	f := n.formState()
	if f != nil && !hasTextSelection(oldType) && n.HasTextSelection() {
		// The selection APIs start applying: the cursor goes to the start.
		f.sel, f.selDirSet = TextSelection{}, false
	}
	switch {
	case old == "value" && mode == "value":
		v := ""
		clean := f == nil || !f.dirtyValue && !f.storedValue
		if clean {
			v = n.sanitizeAs(oldType, n.Attribute("value"), "", "", false)
		} else {
			v = f.value
		}
		n.storeSanitized(v)
		if clean && n.InputType() == "email" {
			// the clean value, taken from the value attribute, converts
			f = n.form()
			f.value = emailDomainsToASCII(f.value, n.HasAttribute("multiple"))
		}
	case old == "value":
		// Chromium writes only a dirty value into the attribute (the
		// standard: any value that is not empty).
		if f != nil {
			v, dirty := f.value, f.dirtyValue
			f.value, f.dirtyValue, f.storedValue = "", false, false
			if dirty && v != "" && mode != "filename" {
				_ = n.SetAttribute("value", v)
			}
		}
	case f != nil:
		// From the default, default/on or filename mode the value is the
		// value attribute, sanitized.
		f.value, f.dirtyValue, f.storedValue = "", false, false
	}
}

// nullValue reports a text field whose value Chromium holds as a null
// string, which no value equals, so that setting it to "" still moves the
// selection to the end and resets its direction: an input in the value
// mode with no value attribute and no value set (one a type change kept
// is null still), a textarea with no value set whose children have never
// changed.
func (n *Node) nullValue() bool {
	f := n.formState()
	if f != nil && f.dirtyValue {
		return false
	}
	if n.DataAtom == atom.Textarea {
		return n.FirstChild == nil && (f == nil || !f.textChanged)
	}
	return n.valueMode() == "value" && !n.HasAttribute("value")
}

// SetValue sets the value as script's .value = v does.
func (n *Node) SetValue(v string) error {
	if !n.IsHTML() {
		return nil
	}
	switch n.DataAtom {
	case atom.Input:
		switch n.valueMode() {
		case "default", "default/on":
			return n.SetAttribute("value", v)
		case "filename":
			if v != "" {
				return newError(InvalidStateError, "This input element accepts a filename, which may only be programmatically set to the empty string.")
			}
			return nil
		}
		old, null := n.Value(), n.nullValue()
		f := n.form()
		f.value, f.dirtyValue = n.sanitize(v), true
		if f.value != old || null {
			n.valueChangedSelection(f)
			n.changedUnrecorded() // :placeholder-shown, :invalid...
		}
	case atom.Textarea:
		old, null := n.Value(), n.nullValue()
		f := n.form()
		f.value, f.dirtyValue = normalizeNewlines(v), true
		if f.value != old || null {
			n.valueChangedSelection(f)
			n.changedUnrecorded() // :placeholder-shown, :invalid...
		}
	case atom.Select:
		found := false
		for _, o := range n.Options() {
			sel := !found && o.Value() == v
			if sel {
				found = true
			}
			of := o.form()
			of.selected, of.dirtySelected = sel, true
			if sel {
				of.optionDirty = true
			}
		}
		n.form().noSelection = !found
		n.updateSelectedContent()
		n.changedUnrecorded()
	default:
		return n.SetAttribute("value", v)
	}
	return nil
}

// CSSColorToHex, when set (by the bindings, which parse CSS), converts a
// CSS color to the #rrggbb form a color input's value takes.
var CSSColorToHex func(s string) (string, bool)

func normalizeNewlines(s string) string {
	if !strings.Contains(s, "\r") {
		return s
	}
	return strings.ReplaceAll(strings.ReplaceAll(s, "\r\n", "\n"), "\r", "\n")
}

// sanitize applies the value sanitization algorithm of the input's type;
// a range input's value is clamped to its min and max.
// https://html.spec.whatwg.org/multipage/input.html#range-state-(type=range)
func (n *Node) sanitize(v string) string {
	return n.sanitizeAs(n.InputType(), v, "", "", false)
}

// sanitizeAs applies the value sanitization algorithm of type typ to v,
// reading the attribute key as old (hadOld) instead of its current value
// when key is not empty.
func (n *Node) sanitizeAs(typ, v, key, old string, hadOld bool) string {
	attr := func(name string) (string, bool) {
		if name == key {
			return old, hadOld
		}
		return n.GetAttribute(name)
	}
	switch typ {
	case "email":
		if _, multiple := attr("multiple"); multiple {
			// Each comma-separated address is trimmed.
			// https://html.spec.whatwg.org/multipage/input.html#email-state-(type=email):value-sanitization-algorithm-2
			parts := strings.Split(sanitizeValue("text", v), ",")
			for i, p := range parts {
				parts[i] = strings.TrimFunc(p, isASCIIWhitespace)
			}
			return strings.Join(parts, ",")
		}
		return sanitizeValue(typ, v)
	case "range":
	default:
		return sanitizeValue(typ, v)
	}
	lo, hi := 0.0, 100.0
	minAttr, _ := attr("min")
	maxAttr, _ := attr("max")
	stepAttr, _ := attr("step")
	if f, err := strconv.ParseFloat(minAttr, 64); err == nil && validFloat(minAttr) {
		lo = f
	}
	if f, err := strconv.ParseFloat(maxAttr, 64); err == nil && validFloat(maxAttr) {
		hi = f
	}
	if hi < lo {
		hi = lo
	}
	val := lo + (hi-lo)/2
	if validFloat(v) {
		if f, err := strconv.ParseFloat(v, 64); err == nil {
			val = max(lo, min(hi, f))
		}
	}
	// A step mismatch snaps to the nearest allowed value (the greater one
	// on a tie) within min and max; the default step is 1 and the step
	// base is the min attribute, else the value attribute (a range's
	// "33" with step="10" stays 33, as in Chromium), else 0.
	// https://html.spec.whatwg.org/multipage/input.html#the-step-attribute
	// https://html.spec.whatwg.org/multipage/input.html#concept-input-min-zero
	if step, ok := rangeStep(stepAttr); ok {
		base := 0.0
		if validFloat(minAttr) {
			base = lo
		} else if va, _ := attr("value"); validFloat(va) {
			if f, err := strconv.ParseFloat(va, 64); err == nil {
				base = f
			}
		}
		k := math.Floor((val-base)/step + 0.5)
		snapped := base + k*step
		if snapped > hi {
			snapped -= step
		} else if snapped < lo {
			snapped += step
		}
		if snapped >= lo && snapped <= hi {
			val = snapped
		}
		val = math.Round(val*1e12) / 1e12 // no binary noise from k*step
	}
	return strconv.FormatFloat(val, 'f', -1, 64)
}

// rangeStep returns a range input's allowed value step, ok false for
// step="any" (https://html.spec.whatwg.org/multipage/input.html#concept-input-step).
func rangeStep(attr string) (step float64, ok bool) {
	if ascii.Lower(attr) == "any" {
		return 0, false
	}
	if validFloat(attr) {
		if f, err := strconv.ParseFloat(attr, 64); err == nil && f > 0 {
			return f, true
		}
	}
	return 1, true
}

// sanitizeValue applies the value sanitization algorithm of the simple
// input types (https://html.spec.whatwg.org/multipage/input.html#value-sanitization-algorithm).
func sanitizeValue(typ, v string) string {
	switch typ {
	case "text", "search", "tel", "password":
		if strings.ContainsAny(v, "\r\n") {
			v = strings.NewReplacer("\r", "", "\n", "").Replace(v)
		}
	case "url", "email":
		v = strings.NewReplacer("\r", "", "\n", "").Replace(v)
		v = strings.TrimFunc(v, isASCIIWhitespace)
	case "number":
		if !validFiniteFloat(v) {
			return ""
		}
	case "range":
		if !validFiniteFloat(v) {
			return "50" // the default value of the default range 0..100
		}
	case "color":
		if len(v) == 7 && v[0] == '#' && isHexDigits(v[1:]) {
			return ascii.Lower(v)
		}
		// Chromium takes any CSS color ("red", "#abc", "rgb(1,2,3)").
		if CSSColorToHex != nil {
			if h, ok := CSSColorToHex(v); ok {
				return h
			}
		}
		return "#000000"
	case "date", "month", "week", "time":
		if !validDateValue(typ, v) {
			return ""
		}
	case "datetime-local":
		if !validDateValue(typ, v) {
			return ""
		}
		return normalizeLocalDateTime(v)
	}
	return v
}

// normalizeLocalDateTime returns the valid normalized local date and time
// string of a valid one: a "T" between date and time, and the time in its
// shortest form (no zero seconds or fraction, no trailing zeros).
// https://html.spec.whatwg.org/multipage/common-microsyntaxes.html#valid-normalised-local-date-and-time-string
func normalizeLocalDateTime(v string) string {
	i := strings.IndexAny(v, "T ")
	d, t := v[:i], v[i+1:]
	if sec, frac, ok := strings.Cut(t, "."); ok {
		frac = strings.TrimRight(frac, "0")
		if frac == "" {
			t = sec
		} else {
			t = sec + "." + frac
		}
	}
	if strings.HasSuffix(t, ":00") && len(t) == 8 {
		t = t[:5]
	}
	return d + "T" + t
}

func isHexDigits(s string) bool {
	for i := 0; i < len(s); i++ {
		c := s[i]
		if !('0' <= c && c <= '9' || 'a' <= c && c <= 'f' || 'A' <= c && c <= 'F') {
			return false
		}
	}
	return true
}

// validDateValue reports a valid date, month, week, time or local date and
// time string (https://html.spec.whatwg.org/multipage/common-microsyntaxes.html#dates-and-times).
func validDateValue(typ, v string) bool {
	parse := func(layout, s string) bool {
		_, err := time.Parse(layout, s)
		return err == nil
	}
	validTime := func(s string) bool {
		if len(s) < 5 {
			return false
		}
		if len(s) == 5 {
			return parse("15:04", s)
		}
		if len(s) == 8 {
			return parse("15:04:05", s)
		}
		if len(s) > 9 && len(s) <= 12 && s[8] == '.' && isDigits(s[9:]) {
			return parse("15:04:05", s[:8])
		}
		return false
	}
	switch typ {
	case "date":
		y, rest, ok := parseYearMonth(v)
		if !ok || len(rest) != 3 || rest[0] != '-' || !isDigits(rest[1:]) {
			return false
		}
		m, _ := strconv.Atoi(v[len(v)-5 : len(v)-3])
		day, _ := strconv.Atoi(rest[1:])
		return day >= 1 && day <= daysIn(y, m)
	case "month":
		_, rest, ok := parseYearMonth(v)
		return ok && rest == ""
	case "week":
		ys, w, ok := strings.Cut(v, "-W")
		y, okY := parseYear(ys)
		if !ok || !okY || len(w) != 2 || !isDigits(w) {
			return false
		}
		wk, _ := strconv.Atoi(w)
		return wk >= 1 && wk <= weeksIn(y)
	case "time":
		return validTime(v)
	case "datetime-local":
		d, t, ok := strings.Cut(v, "T")
		if !ok {
			d, t, ok = strings.Cut(v, " ")
		}
		return ok && validDateValue("date", d) && validTime(t)
	}
	return true
}

// parseYear parses a year of four or more digits, greater than zero
// (https://html.spec.whatwg.org/multipage/common-microsyntaxes.html#parse-a-month-component).
func parseYear(s string) (int, bool) {
	if len(s) < 4 || len(s) > 9 || !isDigits(s) {
		return 0, false
	}
	y, _ := strconv.Atoi(s)
	return y, y > 0
}

// parseYearMonth parses the "yyyy-mm" start of v and returns the rest.
func parseYearMonth(v string) (year int, rest string, ok bool) {
	ys, after, found := strings.Cut(v, "-")
	y, okY := parseYear(ys)
	if !found || !okY || len(after) < 2 || !isDigits(after[:2]) {
		return 0, "", false
	}
	m, _ := strconv.Atoi(after[:2])
	return y, after[2:], m >= 1 && m <= 12
}

// daysIn returns the number of days of month m of year y.
func daysIn(y, m int) int {
	return time.Date(y, time.Month(m)+1, 0, 0, 0, 0, 0, time.UTC).Day()
}

// weeksIn returns 53 when year y has a week 53 (it starts on a Thursday,
// or on a Wednesday in a leap year), else 52.
// https://html.spec.whatwg.org/multipage/common-microsyntaxes.html#week-number-of-the-last-day
func weeksIn(y int) int {
	wd := time.Date(y, time.January, 1, 0, 0, 0, 0, time.UTC).Weekday()
	if wd == time.Thursday || (wd == time.Wednesday && daysIn(y, 2) == 29) {
		return 53
	}
	return 52
}

func isDigits(s string) bool {
	for i := 0; i < len(s); i++ {
		if s[i] < '0' || s[i] > '9' {
			return false
		}
	}
	return s != ""
}

// DefaultValue returns the default value: the value attribute of an input,
// the text of a textarea.
func (n *Node) DefaultValue() string {
	if n.Is(atom.Textarea) {
		return n.childTextContent() // the child text content, as Chromium
	}
	return n.Attribute("value")
}

// SetDefaultValue sets the default value.
func (n *Node) SetDefaultValue(v string) {
	if n.Is(atom.Textarea) {
		n.SetTextContent(v)
		return
	}
	_ = n.SetAttribute("value", v)
}

// Checked returns the checkedness of a checkbox or radio input.
func (n *Node) Checked() bool {
	if f := n.formState(); f != nil && (f.dirtyChecked || f.storedChecked) {
		return f.checked
	}
	if !n.Is(atom.Input) || !n.HasAttribute("checked") {
		return false
	}
	if n.InputType() == "radio" && n.Attribute("name") != "" {
		// Inserting a checked radio button unchecks the others of its
		// group, so of several parsed checked ones the last wins.
		// https://html.spec.whatwg.org/multipage/input.html#radio-button-state-(type=radio)
		return !n.laterCheckedInGroup()
	}
	return true
}

// laterCheckedInGroup reports whether a radio button after n in tree order,
// in n's group, is checked by its attribute (not by script).
func (n *Node) laterCheckedInGroup() bool {
	if !n.radioGrouped() {
		return false
	}
	name := n.Attribute("name")
	form := n.FormOwner()
	found, seen := false, false
	n.Root().Descendants(func(o *Node) bool {
		if found {
			return false
		}
		if o == n {
			seen = true
			return true
		}
		if seen && o.Is(atom.Input) && o.HasAttribute("checked") && o.InputType() == "radio" && o.Attribute("name") == name && o.FormOwner() == form {
			if f := o.formState(); f == nil || !f.dirtyChecked && !f.storedChecked {
				found = true
			}
		}
		return true
	})
	return found
}

// ResetControl runs a form control's reset algorithm: its value and
// checkedness go back to their defaults, a select's options to their
// selected attributes.
// https://html.spec.whatwg.org/multipage/form-control-infrastructure.html#concept-form-reset-control
func (n *Node) ResetControl() {
	if !n.IsHTML() {
		return
	}
	switch n.DataAtom {
	case atom.Input, atom.Textarea:
		if f := n.formState(); f != nil {
			f.dirtyValue, f.storedValue, f.dirtyChecked, f.storedChecked, f.value = false, false, false, false, ""
		}
	case atom.Select:
		for _, o := range n.Options() {
			if f := o.formState(); f != nil {
				f.dirtySelected, f.optionDirty = false, false
			}
		}
		if f := n.formState(); f != nil {
			f.noSelection = false
		}
		n.updateSelectedContent()
	}
	// The selectedness, checkedness and values reset here are read by
	// live lists (selectedOptions) and :checked, which no record reports.
	n.changedUnrecorded()
}

// SetChecked sets the checkedness, unchecking the other radio buttons of
// the group (https://html.spec.whatwg.org/multipage/input.html#radio-button-group).
// Indeterminate reports an input's indeterminate IDL flag, which only
// script sets and a checkbox click clears.
// https://html.spec.whatwg.org/multipage/input.html#dom-input-indeterminate
func (n *Node) Indeterminate() bool {
	f := n.formState()
	return f != nil && f.indeterminate
}

// SetIndeterminate sets the indeterminate IDL flag.
func (n *Node) SetIndeterminate(b bool) {
	if b || n.formState() != nil {
		f := n.form()
		if f.indeterminate != b {
			n.changedUnrecorded() // :indeterminate
		}
		f.indeterminate = b
	}
}

// SetChecked sets the checkedness of a checkbox or radio input. A radio
// button checked unchecks the others of its group; in a detached tree
// without a form, where insertion and parsing leave groups alone, Chromium
// 156 unchecks the radio buttons of the same name in that tree when one
// that was not checked becomes checked (by script or a click).
func (n *Node) SetChecked(c bool) {
	radio := c && n.Is(atom.Input) && n.InputType() == "radio"
	detachedTurnedOn := radio && !n.radioGrouped() && !n.Checked()
	f := n.form()
	if f.checked != c || !f.dirtyChecked {
		n.changedUnrecorded() // :checked
	}
	f.checked, f.dirtyChecked = c, true
	if radio {
		n.uncheckGroup(detachedTurnedOn)
	}
}

// isListedElement reports the listed form-associated elements, which
// have a form attribute
// (https://html.spec.whatwg.org/multipage/forms.html#category-listed).
func isListedElement(a atom.Atom) bool {
	switch a {
	case atom.Button, atom.Fieldset, atom.Input, atom.Object, atom.Output, atom.Select, atom.Textarea:
		return true
	}
	return false
}

// radioGrouped reports whether a radio button is in a radio button group
// with others when inserted or parsed checked: as in Chromium, only when
// connected or in a form (the radio buttons of a detached tree without a
// form stay independent then; SetChecked groups them).
// https://html.spec.whatwg.org/multipage/input.html#radio-button-group
func (n *Node) radioGrouped() bool {
	return n.IsConnected() || n.FormOwner() != nil
}

// uncheckGroup unchecks the radio buttons of n's group but n and those
// in keep; detached takes the group of a detached tree without a form
// too.
func (n *Node) uncheckGroup(detached bool, keep ...*Node) {
	name := n.Attribute("name")
	if name == "" || !detached && !n.radioGrouped() {
		return
	}
	form := n.FormOwner()
	n.Root().Descendants(func(o *Node) bool {
		if o != n && o.Is(atom.Input) && o.InputType() == "radio" && o.Attribute("name") == name && o.FormOwner() == form && !slices.Contains(keep, o) {
			// As in Chromium 156, one that was checked (its checked
			// attribute's checkedness lost to a later one's counts)
			// is unchecked as by script, which makes it dirty; the
			// others keep their dirty checkedness flag (clean, a
			// checked attribute added later checks them again).
			was := o.Checked()
			of := o.form()
			if was || !of.dirtyChecked && !of.storedChecked && o.HasAttribute("checked") {
				of.checked, of.dirtyChecked = false, true
			} else {
				of.checked, of.storedChecked = false, true
			}
		}
		return true
	})
}

// FormOwner returns the element's form owner: for a connected listed
// element with a form attribute the form with that ID in its tree (nil
// when there is none), otherwise the nearest ancestor form element, or nil.
// https://html.spec.whatwg.org/multipage/form-control-infrastructure.html#reset-the-form-owner
func (n *Node) FormOwner() *Node {
	// A form attribute names the owner of a connected control only; a
	// disconnected one has its nearest ancestor form, as Chromium.
	if n.IsHTML() && isListedElement(n.DataAtom) && n.IsConnected() {
		if id, ok := n.GetAttribute("form"); ok {
			if f := n.Root().GetElementByID(id); f != nil && f.Is(atom.Form) {
				return f
			}
			return nil
		}
	}
	if f := n.formState(); f != nil && f.parserForm != nil {
		if f.parserForm.Root() == n.Root() {
			return f.parserForm
		}
		// The form was taken out of the element's tree: the owner was
		// reset (the form's removal steps), for good.
		n.clearParserForm()
	}
	for p := n.ParentNode(); p != nil; p = p.ParentNode() {
		if p.Is(atom.Form) {
			return p
		}
	}
	return nil
}

// Options returns a select's list of options: its option descendants in
// tree order, not looking inside an option, an hr, a datalist, a nested
// select or an optgroup within an optgroup (Chromium's customizable select content
// model: options may sit in divs and spans between the select and them).
// https://html.spec.whatwg.org/multipage/form-elements.html#concept-select-option-list
func (n *Node) Options() []*Node {
	var out []*Node
	n.appendOptions(&out, false)
	return out
}

func (n *Node) appendOptions(out *[]*Node, inOptgroup bool) {
	for k := n.FirstElementChild(); k != nil; k = k.NextElementSibling() {
		if !k.IsHTML() {
			k.appendOptions(out, inOptgroup)
			continue
		}
		switch k.DataAtom {
		case atom.Option:
			*out = append(*out, k)
		case atom.Hr, atom.Select, atom.Datalist:
		case atom.Optgroup:
			if !inOptgroup {
				k.appendOptions(out, true)
			}
		default:
			k.appendOptions(out, inOptgroup)
		}
	}
}

// OptionSelect returns the select whose list of options holds option n,
// or nil (see Options).
func (n *Node) OptionSelect() *Node { return n.ownerSelect() }

func (n *Node) ownerSelect() *Node {
	optgroups := 0
	for p := n.ParentElement(); p != nil; p = p.ParentElement() {
		if !p.IsHTML() {
			continue
		}
		switch p.DataAtom {
		case atom.Select:
			return p
		case atom.Option, atom.Hr, atom.Datalist:
			return nil
		case atom.Optgroup:
			if optgroups++; optgroups > 1 {
				return nil
			}
		}
	}
	return nil
}

// optgroupSelect returns the select whose list of options takes the
// options of optgroup n, or nil (see Options).
func (n *Node) optgroupSelect() *Node {
	for p := n.ParentElement(); p != nil; p = p.ParentElement() {
		if !p.IsHTML() {
			continue
		}
		switch p.DataAtom {
		case atom.Select:
			return p
		case atom.Option, atom.Hr, atom.Datalist, atom.Optgroup:
			return nil
		}
	}
	return nil
}

// Selected returns an option's selectedness. In a single select where no
// option is selected, the first one that is not disabled counts as
// selected, as browsers display it
// (https://html.spec.whatwg.org/multipage/form-elements.html#selectedness-setting-algorithm).
func (n *Node) Selected() bool {
	s := n.ownerSelect()
	return n.selectedAs(s != nil && s.HasAttribute("multiple"))
}

// selectedAs is Selected for a select whose multiple attribute is as
// given (the select's state before that attribute changed).
func (n *Node) selectedAs(multiple bool) bool {
	if n.explicitSelected() {
		return n.selectedWins(multiple)
	}
	s := n.ownerSelect()
	if s == nil || multiple || s.selectDisplaySize() != 1 {
		return false
	}
	for _, o := range s.Options() {
		if o.explicitSelected() {
			return false
		}
	}
	if f := s.formState(); f != nil && f.noSelection {
		return false
	}
	for _, o := range s.Options() {
		if !o.OptionDisabled() {
			return o == n
		}
	}
	return false
}

// OptionDisabled reports an option's disabled state: its own disabled
// attribute, or that of the optgroup it is in (the nearest optgroup
// ancestor below its select: with Chromium's customizable select an
// option may sit in a div inside the optgroup).
// https://html.spec.whatwg.org/multipage/form-elements.html#concept-option-disabled
func (n *Node) OptionDisabled() bool {
	if n.HasAttribute("disabled") {
		return true
	}
	for p := n.ParentElement(); p != nil; p = p.ParentElement() {
		if !p.IsHTML() {
			continue
		}
		switch p.DataAtom {
		case atom.Optgroup:
			return p.HasAttribute("disabled")
		case atom.Select, atom.Datalist, atom.Option, atom.Hr:
			return false
		}
	}
	return false
}

// SelectValueMissing reports whether a select has nothing chosen for its
// required constraint: no option selected, or, in a single select of
// display size 1, its placeholder label option (the first option of the
// list, with an empty value, not in an optgroup: Chromium takes one in a
// div too) selected.
// https://html.spec.whatwg.org/multipage/form-elements.html#placeholder-label-option
func (n *Node) SelectValueMissing() bool {
	opts := n.Options()
	for i, o := range opts {
		if !o.Selected() {
			continue
		}
		if i > 0 || n.HasAttribute("multiple") || n.selectDisplaySize() != 1 {
			return false
		}
		if o.Value() != "" {
			return false
		}
		for p := o.ParentElement(); p != nil && p != n; p = p.ParentElement() {
			if p.Is(atom.Optgroup) {
				return false
			}
		}
		return true
	}
	return true
}

// selectDisplaySize is a single select's display size: its size
// attribute when a valid non-negative integer above zero, else 1. Only a
// select of display size 1 selects its first option by default.
// https://html.spec.whatwg.org/multipage/form-elements.html#concept-select-size
func (n *Node) selectDisplaySize() int {
	v, _ := n.GetAttribute("size")
	if size := selectSize(v); size > 0 {
		return size
	}
	return 1
}

// selectSize is a size attribute's value as a number, 0 when it is absent
// (""), not a non-negative integer or too large.
func selectSize(v string) int {
	v = strings.TrimLeft(v, "\t\n\f\r ")
	end := 0
	for end < len(v) && v[end] >= '0' && v[end] <= '9' {
		end++
	}
	if size, err := strconv.Atoi(v[:end]); err == nil {
		return size
	}
	return 0
}

func (n *Node) explicitSelected() bool {
	if f := n.formState(); f != nil && f.dirtySelected {
		return f.selected
	}
	return n.Is(atom.Option) && n.HasAttribute("selected")
}

// selectedWins: in a single select, only the last explicitly selected
// option is selected.
func (n *Node) selectedWins(multiple bool) bool {
	s := n.ownerSelect()
	if s == nil || multiple {
		return true
	}
	var last *Node
	for _, o := range s.Options() {
		if o.explicitSelected() {
			last = o
		}
	}
	return last == n
}

// SetSelected sets an option's selectedness; in a single select it
// deselects the others.
func (n *Node) SetSelected(sel bool) {
	if s := n.ownerSelect(); sel && s != nil && !s.HasAttribute("multiple") {
		for _, o := range s.Options() {
			of := o.form()
			of.selected, of.dirtySelected = false, true
		}
	}
	f := n.form()
	f.selected, f.dirtySelected, f.optionDirty = sel, true, true
	if s := n.ownerSelect(); s != nil {
		if sf := s.formState(); sf != nil {
			sf.noSelection = false
		}
		s.updateSelectedContent()
	}
	n.changedUnrecorded() // selectedOptions and :checked change
}

// SetSelectednessClean sets an option's selectedness without making it
// dirty, as the Option constructor does: its selected attribute, added or
// removed later, still decides its selectedness.
// https://html.spec.whatwg.org/multipage/form-elements.html#dom-option
func (n *Node) SetSelectednessClean(sel bool) {
	f := n.form()
	f.selected, f.dirtySelected = sel, true
	n.changedUnrecorded()
}

// optionSelectedAttrChanged: an option whose dirtiness is false takes its
// selected attribute's presence as its selectedness; newly selected in a
// single select, it deselects the others.
// https://html.spec.whatwg.org/multipage/form-elements.html#the-option-element:concept-option-selectedness-3
func (n *Node) optionSelectedAttrChanged(has bool) {
	f := n.formState()
	if f == nil || !f.dirtySelected || f.optionDirty {
		// not overridden: the attribute already decides
		if s := n.ownerSelect(); s != nil {
			s.refreshSelectedContent()
		}
		return
	}
	f.selected = has
	s := n.ownerSelect()
	if s == nil {
		return
	}
	s.optionSelectednessSet(n, has && !s.HasAttribute("multiple"))
}

// keepDefaultSelection stores the selectedness of the option a single
// select s selects by default (no option explicitly selected: the first
// one not disabled, in a select of display size 1), so that it no longer
// follows the options' disabled states or the select's size, and an
// option removed from the select keeps it.
func (s *Node) keepDefaultSelection() {
	if s.HasAttribute("multiple") || s.selectDisplaySize() != 1 {
		return
	}
	if f := s.formState(); f != nil && f.noSelection {
		return
	}
	var first *Node
	for _, o := range s.Options() {
		if o.explicitSelected() {
			return
		}
		if first == nil && !o.OptionDisabled() {
			first = o
		}
	}
	if first != nil {
		first.SetSelectednessClean(true)
	}
}

// optionsRemoving runs before element k is removed from n: when k may
// hold options of a select (an option, an optgroup, or an element inside
// the select), the select's default selection is stored first, as the
// selectedness setting algorithm stores it in browsers, so an option
// selected by default keeps its selectedness out of the select and takes
// the selection back when inserted again (`o.replaceWith("x", first)`
// where first was selected by default: Chromium 156 keeps first
// selected).
func optionsRemoving(n, k *Node) {
	if k.Type != html.ElementNode {
		return
	}
	var s *Node
	if k.Is(atom.Option) || k.Is(atom.Optgroup) {
		s = k.ownerSelect()
	} else if holdsOption(k) {
		// Only an element with options in it can take options out of a
		// select: the walk up is spared for the others (removing a leaf
		// from the bottom of a deep chain walked the whole chain).
	up:
		for p := n; p != nil && p.Type == html.ElementNode; p = p.ParentElement() {
			if !p.IsHTML() {
				continue
			}
			switch p.DataAtom {
			case atom.Select:
				s = p
				break up
			case atom.Option, atom.Hr, atom.Datalist:
				break up
			}
		}
	}
	if s != nil {
		s.keepDefaultSelection()
	}
}

// holdsOption reports whether an HTML option element is among k's
// descendants.
func holdsOption(k *Node) bool {
	found := false
	k.Descendants(func(d *Node) bool {
		found = d.Type == html.ElementNode && d.DataAtom == atom.Option && d.IsHTML()
		return !found
	})
	return found
}

// optionSelectednessSet is what follows a change of option n's
// selectedness in select s: with only, n stays the single selected
// option; the select has had a selection, and its selectedcontent is
// filled again.
func (s *Node) optionSelectednessSet(n *Node, only bool) {
	if only {
		for _, o := range s.Options() {
			if o != n {
				of := o.form()
				of.selected, of.dirtySelected = false, true
			}
		}
	}
	if sf := s.formState(); sf != nil {
		sf.noSelection = false
	}
	s.updateSelectedContent()
}

// selectMultipleChanged keeps a select's first selected option, alone,
// when its multiple attribute comes or goes (what Chromium, Firefox and
// WebKit do; the standard says nothing).
func (n *Node) selectMultipleChanged(wasMultiple bool) {
	var first *Node
	opts := n.Options()
	for _, o := range opts {
		if o.selectedAs(wasMultiple) {
			first = o
			break
		}
	}
	if first == nil {
		n.selectSelectionReset()
		return
	}
	for _, o := range opts {
		of := o.form()
		of.selected, of.dirtySelected = o == first, true
	}
	n.updateSelectedContent()
}

// selectSelectionReset runs when a select's multiple attribute comes or
// goes, or its size changes as a number: a select a script left with no
// option selected (selectedIndex -1, an unknown value) selects again by
// default, the first option not disabled when single with display size 1,
// as Chromium 156 does (testdata/wpt/lead68-select-reset.html).
func (n *Node) selectSelectionReset() {
	if f := n.formState(); f != nil && f.noSelection {
		f.noSelection = false
		n.updateSelectedContent()
		return
	}
	n.refreshSelectedContent()
}

// SelectedIndex returns the index of a select's first selected option, or -1.
func (n *Node) SelectedIndex() int {
	for i, o := range n.Options() {
		if o.Selected() {
			return i
		}
	}
	return -1
}

// SetSelectedIndex selects the i-th option of a select (none for -1).
func (n *Node) SetSelectedIndex(i int) {
	for j, o := range n.Options() {
		of := o.form()
		of.selected, of.dirtySelected = j == i, true
		if j == i {
			of.optionDirty = true
		}
	}
	n.form().noSelection = i < 0 || i >= len(n.Options())
	n.updateSelectedContent()
	n.changedUnrecorded()
}

// OptionText returns an option's text: its text with ASCII whitespace
// stripped and collapsed, script elements skipped.
func (n *Node) OptionText() string {
	var b strings.Builder
	n.Descendants(func(d *Node) bool {
		if d.Type == html.TextNode && !(d.Parent != nil && isScriptElement(node(d.Parent))) {
			b.WriteString(d.Data)
		}
		return true
	})
	return strings.Join(strings.FieldsFunc(b.String(), isASCIIWhitespace), " ")
}

// isScriptElement reports an HTML or SVG script element.
func isScriptElement(n *Node) bool {
	return n.Type == html.ElementNode && n.Data == "script" && (n.Namespace == "" || n.NamespaceURI() == SVGNamespace)
}

// copyFormState copies form state for cloneNode (the cloning steps of
// input and textarea). Options and selects have none: a clone's
// selectedness comes from its selected attribute, and a select's options
// are selected by default again, whatever script set on the original (as
// in Chromium 156: `o.selected = true` on an option without the attribute
// leaves its clone unselected).
// https://html.spec.whatwg.org/multipage/form-elements.html#concept-option-selectedness
func (n *Node) copyFormState(to *Node) {
	if f := n.formState(); f != nil {
		c := *f
		c.selected, c.dirtySelected, c.optionDirty, c.noSelection = false, false, false, false
		// a clone's selection is at the start, as in Chromium, with its
		// document's direction (it is made there)
		c.sel, c.selValue, c.selDirSet = TextSelection{}, "", false
		to.rareData().form = &c
	}
}

// selectedContent returns a select's enabled selectedcontent element, or
// nil (https://html.spec.whatwg.org/multipage/form-elements.html#get-a-select's-enabled-selectedcontent).
func (n *Node) selectedContent() *Node {
	if !n.Is(atom.Select) || n.HasAttribute("multiple") {
		return nil
	}
	var found *Node
	n.Descendants(func(d *Node) bool {
		if isSelectedContent(d) {
			found = d
			return false
		}
		return true
	})
	return found
}

func isSelectedContent(d *Node) bool {
	return d.Type == html.ElementNode && d.DataAtom == 0 && d.Namespace == "" && d.Data == "selectedcontent"
}

// selectedContentInserted: a selectedcontent element that becomes
// connected inside a select (inserted itself, or with its select) shows
// the select's selected option, as Chromium fills it; one inserted into
// a disconnected select waits for its select's next change.
func selectedContentInserted(nodes ...*Node) {
	var done *Node
	for _, k := range nodes {
		if k.Type != html.ElementNode {
			continue
		}
		visit := func(d *Node) bool {
			if !isSelectedContent(d) {
				return true
			}
			for p := d.ParentElement(); p != nil; p = p.ParentElement() {
				if p.Is(atom.Select) {
					if p != done {
						done = p
						p.updateSelectedContent()
						if p == k || k.Contains(p) {
							// the select became connected too: Chromium
							// updates it again for its own insertion
							p.updateSelectedContent()
						}
					}
					break
				}
			}
			return true
		}
		if visit(k) {
			k.Descendants(visit)
		}
	}
}

// updateSelectedContent mirrors the selected option's children into the
// select's selectedcontent element (customizable select,
// https://html.spec.whatwg.org/multipage/form-elements.html#update-a-select's-selectedcontent).
func (n *Node) updateSelectedContent() {
	if d := n.doc; d.scHold > 0 {
		// inside an insertion: after its record (see insert)
		d.scHeld = append(d.scHeld, n)
		return
	}
	sc := n.selectedContent()
	if sc == nil {
		return
	}
	// Chromium fills every selectedcontent element of the select, in
	// tree order (those a previous one's contents held are gone by then).
	var all []*Node
	n.Descendants(func(d *Node) bool {
		if isSelectedContent(d) {
			all = append(all, d)
		}
		return true
	})
	var sel *Node
	for _, o := range n.Options() {
		if o.Selected() {
			sel = o
			break
		}
	}
	n.form().shown = sel
	for _, sc := range all {
		if sc != all[0] && !n.Contains(sc) {
			continue
		}
		if sel == nil {
			sc.replaceAll(nil)
			continue
		}
		f := n.doc.CreateDocumentFragment()
		for k := sel.First(); k != nil; k = k.Next() {
			linkLast(&f.Node, &k.cloneInto(n.doc, true).Node)
		}
		sc.replaceAll(f)
	}
}

// refreshSelectedContent updates a select's selectedcontent element when
// the option selected now is not the one it shows: after a change of the
// select's size or multiple attribute, or of an option's selected
// attribute, that moved the selection by default. Chromium leaves the
// element alone (no mutation) when the selection stays.
func (n *Node) refreshSelectedContent() {
	var shown *Node
	if f := n.formState(); f != nil {
		shown = f.shown
	}
	var sel *Node
	for _, o := range n.Options() {
		if o.Selected() {
			sel = o
			break
		}
	}
	if sel != shown && n.selectedContent() != nil {
		n.updateSelectedContent()
	}
}

// optionPopped is what the parser does when it pops option n off the
// stack of open elements: maybe clone an option into selectedcontent
// (https://html.spec.whatwg.org/multipage/form-elements.html#maybe-clone-an-option-into-selectedcontent):
// when n is its select's selected option, the select's selectedcontent
// shows it, now that its children are parsed.
func (n *Node) optionPopped() {
	s := n.ownerSelect()
	if s == nil || !n.Selected() || s.selectedContent() == nil {
		return
	}
	s.updateSelectedContent()
}

// updateAllSelectedContent runs updateSelectedContent for every select
// under root that has a selectedcontent element.
func updateAllSelectedContent(root *Node) {
	var selects []*Node
	root.Descendants(func(d *Node) bool {
		if d.IsHTML() && d.Data == "selectedcontent" {
			for p := d.ParentNode(); p != nil; p = p.ParentNode() {
				if p.Is(atom.Select) {
					selects = append(selects, p)
					break
				}
			}
		}
		if c := d.templateContents(); c != nil {
			updateAllSelectedContent(c)
		}
		return true
	})
	for _, s := range selects {
		s.updateSelectedContent()
	}
}

// noteElement records, during a parse, whether a selectedcontent element
// was produced, so that the common parse skips the extra walk.
func (c *converter) noteElement(n *Node) {
	if n.Namespace == "" && n.DataAtom == 0 && n.Data == "selectedcontent" {
		c.selectedContent = true
		if n.doc != nil {
			n.doc.selectedContents = true
		}
	}
}

// validFloat reports a valid floating-point number
// (https://html.spec.whatwg.org/multipage/common-microsyntaxes.html#valid-floating-point-number):
// -?digits(.digits)?([eE][+-]?digits)?
func validFloat(s string) bool {
	i := 0
	if i < len(s) && s[i] == '-' {
		i++
	}
	digits := func() bool {
		start := i
		for i < len(s) && '0' <= s[i] && s[i] <= '9' {
			i++
		}
		return i > start
	}
	intPart := digits()
	if i < len(s) && s[i] == '.' {
		i++
		if !digits() {
			return false
		}
	} else if !intPart {
		return false
	}
	if i < len(s) && (s[i] == 'e' || s[i] == 'E') {
		i++
		if i < len(s) && (s[i] == '+' || s[i] == '-') {
			i++
		}
		if !digits() {
			return false
		}
	}
	return i == len(s)
}

// validFiniteFloat reports whether s is a valid floating-point number
// whose value is finite: "2e308" has the syntax but overflows, and
// Chromium's number and range sanitization drop it as not a number.
func validFiniteFloat(s string) bool {
	if !validFloat(s) {
		return false
	}
	f, err := strconv.ParseFloat(s, 64)
	return err == nil && !math.IsInf(f, 0)
}

// optionsInserted: an option that enters a single select's list of
// options selected (by its selected attribute or its selectedness)
// deselects the others there, as Chromium does: the last one inserted
// wins, not the last in tree order, and of several inserted at once the
// last selected one. nodes were inserted into parent; only options,
// optgroups and what goes straight into a select are looked into, to keep
// other insertions cheap.
//
// Otherwise the select's selectedness setting algorithm runs as the
// standard has it: a select that had no option selected (selectedIndex
// -1) selects its first one again, and the option that was selected by
// default stays selected when an option is inserted before it.
// https://html.spec.whatwg.org/multipage/form-elements.html#selectedness-setting-algorithm
func optionsInserted(parent *Node, nodes ...*Node) {
	var last, first *Node
	for _, n := range nodes {
		if n.Type != html.ElementNode || !n.IsHTML() {
			continue
		}
		switch {
		case n.DataAtom == atom.Option:
			if first == nil {
				first = n
			}
			if n.explicitSelected() {
				last = n
			}
		case n.DataAtom == atom.Hr || n.DataAtom == atom.Select:
		case n.DataAtom == atom.Optgroup || parent.Is(atom.Select):
			var opts []*Node
			n.appendOptions(&opts, n.DataAtom == atom.Optgroup)
			for _, o := range opts {
				if first == nil {
					first = o
				}
				if o.explicitSelected() {
					last = o
				}
			}
		}
	}
	if last != nil {
		last.optionInserted()
		return
	}
	if first == nil {
		return
	}
	s := first.ownerSelect()
	if s == nil || s.HasAttribute("multiple") || s.selectDisplaySize() != 1 {
		return
	}
	if sf := s.formState(); sf != nil && sf.noSelection {
		sf.noSelection = false
		s.updateSelectedContent()
		return
	}
	opts := s.Options()
	for _, o := range opts {
		if o.explicitSelected() {
			return
		}
	}
	// The option selected by default before the insertion (the first
	// one not disabled that was there before) keeps its selectedness when
	// an inserted one comes before it.
	inserted := func(o *Node) bool {
		for _, n := range nodes {
			if n == o || n.Contains(o) {
				return true
			}
		}
		return false
	}
	var now *Node
	for _, o := range opts {
		if o.OptionDisabled() {
			continue
		}
		if now == nil {
			now = o
		}
		if !inserted(o) {
			if o != now {
				o.SetSelectednessClean(true)
			}
			return
		}
	}
}

// optionRemoved runs the selectedness setting algorithm of the select an
// option or optgroup was removed from (parent is that select, or an
// optgroup in it): a single select that had no option selected
// (selectedIndex -1) selects its first one again.
// https://html.spec.whatwg.org/multipage/form-elements.html#the-option-element:html-element-removing-steps
func optionRemoved(parent *Node) {
	s := parent
	if s.Is(atom.Optgroup) {
		s = s.ParentElement()
	}
	if s == nil || !s.Is(atom.Select) || s.HasAttribute("multiple") || s.selectDisplaySize() != 1 {
		return
	}
	if sf := s.formState(); sf != nil && sf.noSelection {
		sf.noSelection = false
		s.updateSelectedContent()
	}
}

func (n *Node) optionInserted() {
	if !n.explicitSelected() {
		return
	}
	s := n.ownerSelect()
	if s == nil || s.HasAttribute("multiple") {
		return
	}
	s.optionSelectednessSet(n, true)
}

// radiosInserted runs the insertion steps of the radio buttons that the
// insertion of nodes into parent (connected: parent is in the document
// tree) put in a group, those nodes and their descendants: as in
// Chromium, one that is checked, by script or by its checked attribute,
// unchecks the others of its group, so the last checked one inserted
// wins, and of several inserted together the last in tree order.
// https://html.spec.whatwg.org/multipage/input.html#radio-button-state-(type=radio)
func radiosInserted(parent *Node, connected bool, nodes ...*Node) {
	if !connected && !parent.IsConnected() {
		// a detached tree groups the radio buttons of a form only
		inForm := false
		for p := parent; p != nil && !inForm; p = p.ParentNode() {
			inForm = p.Is(atom.Form)
		}
		if !inForm {
			return
		}
	}
	var radios []*Node
	add := func(o *Node) bool {
		if o.Is(atom.Input) && o.InputType() == "radio" {
			radios = append(radios, o)
		}
		return true
	}
	for _, k := range nodes {
		if k.Type == html.ElementNode {
			add(k)
			if k.FirstChild != nil {
				k.Descendants(add)
			}
		}
	}
	for i, r := range radios {
		if r.checkedAsInserted() {
			r.uncheckGroup(false, radios[i+1:]...)
		}
	}
}

// checkedAsInserted reports a radio button's checkedness as its group sees
// it when it is inserted: set by script or a click (dirty), or else its
// checked attribute, though a radio button after it in tree order may have
// one too (Checked: the last inserted wins).
func (n *Node) checkedAsInserted() bool {
	if f := n.formState(); f != nil && (f.dirtyChecked || f.storedChecked) {
		return f.checked
	}
	return n.HasAttribute("checked")
}

// radioAttrChanged runs a radio button's steps for a change of its checked,
// name, form or type attribute: one whose checkedness turns true by its
// checked attribute (not dirty), or that is checked and changes name, form
// owner or type, unchecks the others of its group.
// https://html.spec.whatwg.org/multipage/input.html#radio-button-state-(type=radio)
func (n *Node) radioAttrChanged(key string) {
	if key == "checked" {
		if n.checkedAsInserted() {
			n.uncheckGroup(false)
		}
		return
	}
	if n.Checked() {
		n.uncheckGroup(false)
	}
}
