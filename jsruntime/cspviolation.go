package jsruntime

import (
	"strings"

	"github.com/dop251/goja"

	"github.com/bangsnap/bangsnap/dom"
	"github.com/bangsnap/bangsnap/jsruntime/bind"
)

// Reporting a violation of the document's Content Security Policy: a
// securitypolicyviolation event at the document, in a task of its own,
// for each policy a Trusted Types check or a connection (connect-src)
// violates, enforced or report-only. Reports are not sent (report-uri,
// report-to).
// https://w3c.github.io/webappsec-csp/#report-violation

// cspViolationData is a SecurityPolicyViolationEvent's members.
type cspViolationData struct {
	documentURI, referrer, blockedURI string
	effectiveDirective                string
	originalPolicy, sourceFile        string
	sample, disposition               string
	statusCode                        uint16
	lineNumber, columnNumber          uint32
}

// securityPolicyViolationEventIface is SecurityPolicyViolationEvent.
// https://w3c.github.io/webappsec-csp/#securitypolicyviolationevent
var securityPolicyViolationEventIface = &bind.Interface{
	Name: "SecurityPolicyViolationEvent", Parent: "Event", CtorLength: 1,
	Constructor: eventCtor("SecurityPolicyViolationEvent", func(d *eventData, dict eventDict) {
		// The members in lexicographic order, as Chromium reads them.
		v := &cspViolationData{disposition: "enforce"}
		v.blockedURI = dict.String("blockedURI")
		v.columnNumber = dict.UnsignedLong("columnNumber")
		if s := dict.String("disposition"); s != "" {
			v.disposition = s
		}
		v.documentURI = dict.String("documentURI")
		v.effectiveDirective = dict.String("effectiveDirective")
		v.lineNumber = dict.UnsignedLong("lineNumber")
		v.originalPolicy = dict.String("originalPolicy")
		v.referrer = dict.String("referrer")
		v.sample = dict.String("sample")
		v.sourceFile = dict.String("sourceFile")
		v.statusCode = uint16(dict.Long("statusCode"))
		if violated := dict.String("violatedDirective"); v.effectiveDirective == "" {
			v.effectiveDirective = violated
		}
		d.extra().csp = v
	}),
	Attributes: []bind.Attribute{
		cspViolationString("documentURI", func(v *cspViolationData) string { return v.documentURI }),
		cspViolationString("referrer", func(v *cspViolationData) string { return v.referrer }),
		cspViolationString("blockedURI", func(v *cspViolationData) string { return v.blockedURI }),
		cspViolationString("violatedDirective", func(v *cspViolationData) string { return v.effectiveDirective }),
		cspViolationString("effectiveDirective", func(v *cspViolationData) string { return v.effectiveDirective }),
		cspViolationString("originalPolicy", func(v *cspViolationData) string { return v.originalPolicy }),
		cspViolationString("sourceFile", func(v *cspViolationData) string { return v.sourceFile }),
		cspViolationString("sample", func(v *cspViolationData) string { return v.sample }),
		cspViolationString("disposition", func(v *cspViolationData) string { return v.disposition }),
		{Name: "statusCode", Get: dataGet(func(w *Window, d *eventData) goja.Value {
			return w.int(int(cspViolationOf(d).statusCode))
		})},
		{Name: "lineNumber", Get: dataGet(func(w *Window, d *eventData) goja.Value {
			return w.rt.ToValue(cspViolationOf(d).lineNumber)
		})},
		{Name: "columnNumber", Get: dataGet(func(w *Window, d *eventData) goja.Value {
			return w.rt.ToValue(cspViolationOf(d).columnNumber)
		})},
	},
}

var noCSPViolation cspViolationData

func cspViolationOf(d *eventData) *cspViolationData {
	if d.ext == nil || d.ext.csp == nil {
		return &noCSPViolation
	}
	return d.ext.csp
}

func cspViolationString(name string, f func(*cspViolationData) string) bind.Attribute {
	return bind.Attribute{Name: name, Get: dataGet(func(w *Window, d *eventData) goja.Value {
		return w.str(f(cspViolationOf(d)))
	})}
}

// cspSampleLength is how much of the offending value a report's sample
// keeps.
// https://w3c.github.io/webappsec-csp/#create-violation-for-global
const cspSampleLength = 40

// reportCSPViolation reports a violation of policy c's directive: a
// console message (debug level) and, in a task, a securitypolicyviolation
// event at the document, which bubbles to the window. blocked is the
// blocked URL or a keyword ("trusted-types-sink"...); the caller clips
// the sample's value (clipUTF16).
// https://w3c.github.io/webappsec-csp/#report-violation
func (w *Window) reportCSPViolation(c *cspPolicy, directive, blocked, sample, msg string) {
	if c.reportOnly {
		msg = "[Report Only] " + msg
	}
	w.reportCSPViolationAt(c, directive, blocked, sample, msg, true)
}

// reportCSPViolationAt is reportCSPViolation with msg as it is, and the
// running script's position in the report when at is true.
func (w *Window) reportCSPViolationAt(c *cspPolicy, directive, blocked, sample, msg string, at bool) {
	disposition := "enforce"
	if c.reportOnly {
		disposition = "report"
	}
	w.cspViolation(msg)
	v := &cspViolationData{
		documentURI:        cspStripURL(w.URL()),
		blockedURI:         blocked,
		effectiveDirective: directive,
		originalPolicy:     c.text,
		sample:             sample,
		disposition:        disposition,
		statusCode:         200,
	}
	if at {
		v.sourceFile, v.lineNumber, v.columnNumber = w.scriptPosition()
	}
	doc := w.doc
	w.loop.QueueTask(func() {
		ev := dom.NewEvent("securitypolicyviolation", true, false)
		ev.Composed = true
		ev.IsTrusted = true
		d := &eventData{kind: "SecurityPolicyViolationEvent", detail: goja.Null(), view: goja.Null()}
		d.extra().csp = v
		ev.Detail = d
		w.dispatch(doc, ev)
	})
}

// clipUTF16 returns the first n UTF-16 code units of s (a surrogate pair
// cut in two loses its high half, as the string's substring would keep it
// unpaired).
func clipUTF16(s string, n int) string {
	units := 0
	for i, r := range s {
		k := 1
		if r > 0xFFFF {
			k = 2
		}
		if units+k > n {
			return s[:i]
		}
		units += k
	}
	return s
}

// cspStripURL is a URL as a report gives it: without its fragment (nor
// credentials, which bangsnap's pages never have in their URL).
// https://w3c.github.io/webappsec-csp/#strip-url-for-use-in-reports
func cspStripURL(s string) string {
	if i := strings.IndexByte(s, '#'); i >= 0 {
		s = s[:i]
	}
	return s
}

// scriptPosition is the script and position running now, for a report:
// the innermost frame of the JavaScript stack that names a script.
func (w *Window) scriptPosition() (file string, line, col uint32) {
	var buf [8]goja.StackFrame
	for _, f := range w.rt.CaptureCallStack(len(buf), buf[:0]) {
		if name := f.SrcName(); name != "" && strings.Contains(name, ":") {
			p := f.Position()
			return cspStripURL(name), uint32(p.Line), uint32(p.Column)
		}
	}
	return "", 0, 0
}
