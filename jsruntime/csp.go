package jsruntime

import (
	"strings"

	"github.com/bangsnap/bangsnap/internal/ascii"
	"github.com/dop251/goja"
	"golang.org/x/net/html/atom"

	"github.com/bangsnap/bangsnap/dom"
	"github.com/bangsnap/bangsnap/jsruntime/bind"
)

// Content Security Policy, as far as Trusted Types needs it: a document's
// policies come from its Content-Security-Policy (and -Report-Only)
// response headers (Config.CSP, Config.CSPReportOnly) and from the
// <meta http-equiv="Content-Security-Policy"> elements inserted into it;
// only the require-trusted-types-for and trusted-types directives are
// read. Nothing else of CSP is enforced (script-src, connect-src...), and
// violations are logged at debug level, not reported.
// https://w3c.github.io/webappsec-csp/#policy-delivery

// cspPolicy is what bangsnap reads of one policy.
type cspPolicy struct {
	reportOnly bool
	// requireScript is require-trusted-types-for 'script'.
	requireScript bool
	// hasTrustedTypes is a trusted-types directive: names lists its
	// policy names, anyName is *, allowDuplicates 'allow-duplicates'
	// ('none' and an empty directive allow no name).
	hasTrustedTypes  bool
	anyName          bool
	allowDuplicates  bool
	names            []string
	trustedTypesText string
}

// parseCSP parses a serialized policy list (a header value: policies
// separated by commas); a meta element's content is one policy
// (parseCSPPolicy).
// https://w3c.github.io/webappsec-csp/#parse-serialized-policy-list
func parseCSP(value string, reportOnly bool) []cspPolicy {
	var out []cspPolicy
	for _, p := range strings.Split(value, ",") {
		if c, ok := parseCSPPolicy(p, reportOnly); ok {
			out = append(out, c)
		}
	}
	return out
}

// parseCSPPolicy parses one serialized policy; ok is false for a policy
// without directives.
// https://w3c.github.io/webappsec-csp/#parse-serialized-policy
func parseCSPPolicy(text string, reportOnly bool) (cspPolicy, bool) {
	c := cspPolicy{reportOnly: reportOnly}
	seen := map[string]bool{}
	for _, d := range strings.Split(text, ";") {
		fields := strings.FieldsFunc(d, isASCIISpace)
		if len(fields) == 0 {
			continue
		}
		name := ascii.Lower(fields[0])
		if seen[name] {
			continue // a repeated directive is ignored
		}
		seen[name] = true
		switch name {
		case "require-trusted-types-for":
			for _, v := range fields[1:] {
				if v == "'script'" {
					c.requireScript = true
				}
			}
		case "trusted-types":
			c.hasTrustedTypes = true
			c.trustedTypesText = strings.Join(fields, " ")
			none := false
			for _, v := range fields[1:] {
				switch ascii.Lower(v) {
				case "*":
					c.anyName = true
				case "'allow-duplicates'":
					c.allowDuplicates = true
				case "'none'":
					none = true
				default:
					if isTrustedPolicyName(v) {
						c.names = append(c.names, v)
					}
				}
			}
			if none && len(fields) == 2 {
				c.names, c.anyName = nil, false
			}
		}
	}
	return c, len(seen) > 0
}

func isASCIISpace(r rune) bool {
	return r == ' ' || r == '\t' || r == '\n' || r == '\f' || r == '\r'
}

// isTrustedPolicyName reports whether v is a tt-policy-name: ASCII
// letters, digits and -#=_/@.%.
// https://w3c.github.io/trusted-types/dist/spec/#trusted-types-csp-directive
func isTrustedPolicyName(v string) bool {
	for i := 0; i < len(v); i++ {
		c := v[i]
		if !(c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9' || strings.IndexByte("-#=_/@.%", c) >= 0) {
			return false
		}
	}
	return v != ""
}

// allowsPolicy reports whether the trusted-types directive lists name.
func (c *cspPolicy) allowsPolicy(name string) bool {
	if c.anyName {
		return true
	}
	for _, n := range c.names {
		if n == name {
			return true
		}
	}
	return false
}

// addCSP applies policies to the document.
func (w *Window) addCSP(policies []cspPolicy) {
	for _, c := range policies {
		w.tt.csp = append(w.tt.csp, c)
		if c.requireScript {
			w.tt.require = true
			if !c.reportOnly {
				w.tt.enforce = true
			}
		}
	}
}

// metaCSP applies the policy of a <meta http-equiv="Content-Security-Policy">
// inserted into the document: one in the head, not in a noscript, with a
// content attribute. Removing it later changes nothing.
// https://html.spec.whatwg.org/multipage/semantics.html#attr-meta-http-equiv-content-security-policy
func (w *Window) metaCSP(meta *dom.Node) {
	if !isHTMLElement(meta) || meta.DataAtom != atom.Meta || !ascii.EqualFold(meta.Attribute("http-equiv"), "content-security-policy") {
		return
	}
	if p := meta.ParentNode(); p == nil || !isHTMLElement(p) || p.DataAtom != atom.Head {
		return
	}
	content, ok := meta.GetAttribute("content")
	if !ok {
		return
	}
	if c, ok := parseCSPPolicy(content, false); ok {
		w.addCSP([]cspPolicy{c})
	}
}

// cspViolation records a violation of the document's policy (Chromium's
// console message).
func (w *Window) cspViolation(msg string) {
	w.log.Debug("jsruntime: content security policy: " + msg)
}

// cspViolation is Window.cspViolation for the page's window or a worker's
// global (whose page logs it).
func cspViolation(r *bind.Realm, msg string) {
	if wk, ok := r.Host.(*worker); ok {
		wk.w.cspViolation(msg)
		return
	}
	win(r).cspViolation(msg)
}

// initCSP applies the policies of the response headers and of the meta
// elements already in the document (one parsed before the window was
// made), and makes string timer handlers pass the Trusted Types check.
func (w *Window) initCSP() {
	for _, h := range w.cfg.CSP {
		w.addCSP(parseCSP(h, false))
	}
	for _, h := range w.cfg.CSPReportOnly {
		w.addCSP(parseCSP(h, true))
	}
	if head := w.doc.Head(); head != nil {
		for c := head.First(); c != nil; c = c.Next() {
			w.metaCSP(c)
		}
	}
	w.loop.SetStringHandlerCheck(func(v goja.Value, kind string) string {
		return w.trustedString(trustedScript, v, bind.DOMString, trustedSink{iface: "Window", member: kind})
	})
	w.tt.evalError, _ = goja.AssertConstructor(w.global.Get("EvalError"))
	w.loop.SetCompileCheck(w.compileCheck)
	w.installTrustedEval()
}
