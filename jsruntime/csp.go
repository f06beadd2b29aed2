package jsruntime

import (
	"net/url"
	"strings"
	"sync"

	"github.com/bangsnap/bangsnap/internal/ascii"
	"github.com/dop251/goja"
	"golang.org/x/net/html/atom"

	"github.com/bangsnap/bangsnap/dom"
	"github.com/bangsnap/bangsnap/jsruntime/bind"
	"github.com/bangsnap/bangsnap/xhr"
)

// Content Security Policy, as far as Trusted Types needs it: a document's
// policies come from its Content-Security-Policy (and -Report-Only)
// response headers (Config.CSP, Config.CSPReportOnly) and from the
// <meta http-equiv="Content-Security-Policy"> elements inserted into it;
// only the require-trusted-types-for, trusted-types and connect-src
// (default-src in its absence: fetch, XMLHttpRequest and their redirects,
// WebSocket, EventSource, sendBeacon) and worker-src (and its fallbacks,
// for the page's Worker and SharedWorker scripts) directives are read.
// Nothing else of CSP is enforced (script-src for scripts, img-src...). Violations are logged at debug
// level and fire securitypolicyviolation events (cspviolation.go); no
// report is sent.
// https://w3c.github.io/webappsec-csp/#policy-delivery

// cspPolicy is what bangsnap reads of one policy.
type cspPolicy struct {
	reportOnly bool
	// text is the serialized policy (a report's originalPolicy).
	text string
	// connect is the source list of connect-src, else of default-src;
	// hasConnect says whether there is one.
	connect    []string
	hasConnect bool
	// worker is the source list of worker-src, else of child-src,
	// script-src or default-src, the first there is; workerFrom names
	// the directive it comes from ("" when there is none).
	worker     []string
	workerFrom string
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
	c := cspPolicy{reportOnly: reportOnly, text: strings.Trim(text, " \t\n\f\r")}
	seen := map[string]bool{}
	connectSeen := false
	workerRank := 0
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
		case "connect-src", "default-src":
			if connectSeen && name == "default-src" {
				continue
			}
			connectSeen = name == "connect-src"
			c.connect, c.hasConnect = fields[1:], true
		}
		// worker-src falls back to child-src, script-src, default-src.
		// https://w3c.github.io/webappsec-csp/#directive-fallback-list
		if r := workerFallback[name]; r > workerRank {
			workerRank = r
			c.worker, c.workerFrom = fields[1:], name
		}
	}
	return c, len(seen) > 0
}

// workerFallback ranks the directives a worker's URL is checked against:
// the highest a policy has is used.
var workerFallback = map[string]int{"default-src": 1, "script-src": 2, "child-src": 3, "worker-src": 4}

// workerAllowed checks a worker's script URL (Worker, SharedWorker)
// against the document's worker-src directives (or their fallbacks):
// each policy it violates reports it (console message, event), and it is
// refused when one of them is enforced.
// https://w3c.github.io/webappsec-csp/#directive-worker-src
func (w *Window) workerAllowed(u *url.URL) bool {
	allowed := true
	var self *url.URL
	for i := range w.tt.csp {
		c := &w.tt.csp[i]
		if c.workerFrom == "" {
			continue
		}
		if self == nil {
			self = w.cspSelf()
		}
		if cspSourceListMatches(c.worker, u, self) {
			continue
		}
		directive, _ := cspDirectiveText(c.text, c.workerFrom)
		msg := "Creating a worker from '" + u.String() + "' violates the following Content Security Policy directive: \"" + directive + "\". "
		if c.workerFrom != "worker-src" {
			msg += "Note that 'worker-src' was not explicitly set, so '" + c.workerFrom + "' is used as a fallback. "
		}
		msg += c.outcome()
		if !c.reportOnly {
			allowed = false
		}
		w.reportCSPViolationAt(c, "worker-src", cspBlockedURI(u), "", msg, true)
	}
	return allowed
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
	if !ok || w.tt.metas[meta] {
		return // each element's policy is applied once (a rescan sees it again)
	}
	if w.tt.metas == nil {
		w.tt.metas = make(map[*dom.Node]bool)
	}
	w.tt.metas[meta] = true
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

// ConnectAllowed checks a connection to rawURL (fetch, XMLHttpRequest,
// WebSocket, EventSource, sendBeacon; webapi.Config.ConnectAllowed)
// against the connect-src directives (default-src in their absence) of
// the document's policies: each one that does not allow it reports a
// violation (console message and event, with the running script's
// position), and the connection is refused when one of them is
// enforced. A document without such a directive costs a loop over its
// policies.
// https://w3c.github.io/webappsec-csp/#directive-connect-src
func (w *Window) ConnectAllowed(rawURL string) bool {
	if len(w.tt.csp) == 0 {
		return true
	}
	u, err := url.Parse(rawURL)
	if err != nil {
		return true // the request fails anyway
	}
	return w.reportConnect(w.connectPolicies(), u, rawURL, true)
}

// connectPolicies are the document's policies with a connect-src (or
// default-src) directive, nil when there is none; the slice is not
// appended to afterwards (a later <meta> policy grows w.tt.csp only), so
// a request may keep it.
func (w *Window) connectPolicies() []cspPolicy {
	var out []cspPolicy
	for i := range w.tt.csp {
		if w.tt.csp[i].hasConnect {
			out = append(out, w.tt.csp[i])
		}
	}
	return out
}

// reportConnect reports the violations of policies by a connection to u
// (shown as rawURL in the console) and says whether it is allowed; at
// is whether the report carries the running script's position (not for
// a redirect, as in Chromium).
func (w *Window) reportConnect(policies []cspPolicy, u *url.URL, rawURL string, at bool) bool {
	allowed := true
	self := w.cspSelf()
	for i := range policies {
		c := &policies[i]
		if cspSourceListMatches(c.connect, u, self) {
			continue
		}
		directive, fallback := cspDirectiveText(c.text, "connect-src")
		msg := "Connecting to '" + rawURL + "' violates the following Content Security Policy directive: \"" + directive + "\". "
		if fallback {
			msg += "Note that 'connect-src' was not explicitly set, so 'default-src' is used as a fallback. "
		}
		msg += c.outcome()
		if !c.reportOnly {
			allowed = false
		}
		w.reportCSPViolationAt(c, "connect-src", cspBlockedURI(u), "", msg, at)
	}
	return allowed
}

// cspSelf is the document's URL, which 'self' matches.
func (w *Window) cspSelf() *url.URL {
	if self, _ := url.Parse(w.URL()); self != nil {
		return self
	}
	return &url.URL{}
}

// connectCheck is the xhr.ConnectCheck of the page's fetches (fetch
// true: Chromium logs one more message) and XMLHttpRequests.
func (w *Window) connectCheck(fetch bool) xhr.ConnectCheck {
	return func(u *url.URL) (bool, func(*url.URL) bool, func()) {
		if len(w.tt.csp) == 0 {
			return true, nil, nil
		}
		policies := w.connectPolicies()
		if policies == nil {
			return true, nil, nil
		}
		if !w.reportConnect(policies, u, u.String(), true) {
			if fetch {
				w.cspViolation("Fetch API cannot load " + u.String() + ". Refused to connect because it violates the document's Content Security Policy.")
			}
			return false, nil, nil
		}
		check, report := w.connectRedirects(policies, u)
		return true, check, report
	}
}

// connectRedirects returns the check of a request's redirects against
// policies (xhr.Params.ConnectAllowed). It runs off the loop: it only matches, against the
// policies as they are now; a violation is reported (for the request's
// first URL, as Chromium gives it) when report is called on the loop,
// after the request ended.
func (w *Window) connectRedirects(policies []cspPolicy, first *url.URL) (check func(*url.URL) bool, report func()) {
	self := w.cspSelf()
	var mu sync.Mutex
	var hops []*url.URL
	check = func(u *url.URL) bool {
		allowed, violated := true, false
		for i := range policies {
			if !cspSourceListMatches(policies[i].connect, u, self) {
				violated = true
				if !policies[i].reportOnly {
					allowed = false
				}
			}
		}
		if violated {
			mu.Lock()
			hops = append(hops, u)
			mu.Unlock()
		}
		return allowed
	}
	report = func() {
		mu.Lock()
		seen := hops
		hops = nil
		mu.Unlock()
		for _, u := range seen {
			for i := range policies {
				c := &policies[i]
				if cspSourceListMatches(c.connect, u, self) {
					continue
				}
				blocked := cspBlockedURI(first)
				directive, _ := cspDirectiveText(c.text, "connect-src")
				msg := "Connecting to '" + u.String() + "' violates the following Content Security Policy directive: \"" + directive + "\". "
				msg += c.outcome()
				w.reportCSPViolationAt(c, "connect-src", blocked, "", msg, false)
			}
		}
	}
	return check, report
}

// cspBlockedURI is a blocked URL as a report gives it: without its
// fragment, and only its scheme when that is not HTTP(S) ("data",
// "blob").
// https://w3c.github.io/webappsec-csp/#strip-url-for-use-in-reports
// outcome is the last sentence of Chromium's console message for a
// violation of c: blocked, or only logged under a report-only policy.
func (c *cspPolicy) outcome() string {
	if c.reportOnly {
		return "The policy is report-only, so the violation has been logged but no further action has been taken."
	}
	return "The action has been blocked."
}

func cspBlockedURI(u *url.URL) string {
	switch ascii.Lower(u.Scheme) {
	case "http", "https", "ws", "wss":
	default:
		return ascii.Lower(u.Scheme)
	}
	return cspStripURL(u.String())
}

// cspDirectiveText is the directive name of policy text as written
// (name and value), or its default-src when it has none (fallback).
func cspDirectiveText(text, name string) (directive string, fallback bool) {
	for _, d := range strings.Split(text, ";") {
		fields := strings.FieldsFunc(d, isASCIISpace)
		if len(fields) == 0 {
			continue
		}
		switch ascii.Lower(fields[0]) {
		case name:
			return strings.Join(fields, " "), false
		case "default-src":
			if directive == "" {
				directive, fallback = strings.Join(fields, " "), true
			}
		}
	}
	return directive, fallback
}

// cspSourceListMatches reports whether u matches a source list, for a
// document at self.
// https://w3c.github.io/webappsec-csp/#match-url-to-source-list
func cspSourceListMatches(list []string, u, self *url.URL) bool {
	for _, e := range list {
		if cspSourceMatches(e, u, self) {
			return true
		}
	}
	return false
}

// cspSourceMatches reports whether u matches one source expression
// ('none', keywords, nonces and hashes match no URL).
// https://w3c.github.io/webappsec-csp/#match-url-to-source-expression
func cspSourceMatches(e string, u, self *url.URL) bool {
	scheme := ascii.Lower(u.Scheme)
	switch {
	case e == "*":
		switch scheme {
		case "http", "https", "ws", "wss":
			return true
		}
		return scheme == ascii.Lower(self.Scheme)
	case ascii.EqualFold(e, "'self'"):
		if scheme == ascii.Lower(self.Scheme) && ascii.EqualFold(u.Host, self.Host) {
			return true
		}
		if !ascii.EqualFold(u.Hostname(), self.Hostname()) {
			return false
		}
		selfScheme := ascii.Lower(self.Scheme)
		upgrade := selfScheme == "http" && (scheme == "https" || scheme == "ws" || scheme == "wss") ||
			selfScheme == "https" && scheme == "wss"
		return upgrade && (u.Port() == self.Port() || cspDefaultPort(scheme) == portOr(u) && cspDefaultPort(selfScheme) == portOr(self))
	case strings.HasPrefix(e, "'"):
		return false
	}
	// scheme-source: "https:".
	if strings.HasSuffix(e, ":") && !strings.Contains(e, "/") {
		return cspSchemeMatches(ascii.Lower(strings.TrimSuffix(e, ":")), scheme)
	}
	// host-source: [scheme "://"] host [":" port] [path].
	rest := e
	srcScheme := ""
	if i := strings.Index(rest, "://"); i >= 0 {
		srcScheme, rest = ascii.Lower(rest[:i]), rest[i+3:]
	}
	path := ""
	if i := strings.IndexByte(rest, '/'); i >= 0 {
		rest, path = rest[:i], rest[i:]
	}
	host, port := rest, ""
	if i := strings.LastIndexByte(rest, ':'); i >= 0 {
		host, port = rest[:i], rest[i+1:]
	}
	if srcScheme != "" {
		if !cspSchemeMatches(srcScheme, scheme) {
			return false
		}
	} else if !cspSchemeMatches(ascii.Lower(self.Scheme), scheme) {
		return false
	}
	uhost := ascii.Lower(u.Hostname())
	host = ascii.Lower(host)
	if strings.HasPrefix(host, "*.") {
		if !strings.HasSuffix(uhost, host[1:]) {
			return false
		}
	} else if host != uhost {
		return false
	}
	switch {
	case port == "*":
	case port == "":
		if portOr(u) != cspDefaultPort(scheme) {
			return false
		}
	case port != portOr(u) && !(port == "80" && portOr(u) == "443" && (scheme == "https" || scheme == "wss")):
		return false
	}
	if path != "" && path != "/" {
		p := u.EscapedPath()
		if strings.HasSuffix(path, "/") {
			return strings.HasPrefix(p, path)
		}
		return p == path
	}
	return true
}

// cspSchemeMatches is the scheme-part match of a source's scheme a with
// a URL's b: the same, or a secure upgrade of it.
// https://w3c.github.io/webappsec-csp/#scheme-part-match
func cspSchemeMatches(a, b string) bool {
	switch {
	case a == b:
		return true
	case a == "http":
		return b == "https"
	case a == "ws":
		return b == "wss" || b == "http" || b == "https"
	case a == "wss":
		return b == "https"
	}
	return false
}

func cspDefaultPort(scheme string) string {
	switch scheme {
	case "http", "ws":
		return "80"
	case "https", "wss":
		return "443"
	}
	return ""
}

// portOr is u's port, or its scheme's default port.
func portOr(u *url.URL) string {
	if p := u.Port(); p != "" {
		return p
	}
	return cspDefaultPort(ascii.Lower(u.Scheme))
}
