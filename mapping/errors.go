package mapping

import (
	"errors"
	"strconv"
)

// The rules a URL can break. A *URLError's Rule is one of these.
var (
	// ErrInvalidURL: the URL does not have valid syntax (a bad port, a space
	// or control byte before the fragment, an unclosed IPv6 literal).
	ErrInvalidURL = errors.New("invalid URL")
	// ErrNotAbsolute: the URL has no scheme or no host.
	ErrNotAbsolute = errors.New("not an absolute URL with a scheme and a host")
	// ErrNoBangFragment: ToUgly was given a URL whose fragment does not start
	// with "!" (or that has no fragment); it has no ugly form.
	ErrNoBangFragment = errors.New("no #! fragment")
	// ErrNoParam: ToPretty was given a URL whose query has no
	// _escaped_fragment_ parameter.
	ErrNoParam = errors.New("no _escaped_fragment_ query parameter")
	// ErrDuplicateParam: the query has more than one _escaped_fragment_
	// parameter, or ToUgly was given a URL whose query already has one.
	ErrDuplicateParam = errors.New("more than one _escaped_fragment_ query parameter")
	// ErrNotLast: the _escaped_fragment_ parameter is not the last thing in
	// the query.
	ErrNotLast = errors.New("_escaped_fragment_ is not the last query parameter")
	// ErrUglyFragment: the URL has an _escaped_fragment_ parameter and also a
	// fragment, so it has no single pretty form.
	ErrUglyFragment = errors.New("URL with _escaped_fragment_ also has a fragment")
	// ErrBadEscape: the _escaped_fragment_ value holds a "%" that is not
	// followed by two hexadecimal digits.
	ErrBadEscape = errors.New("malformed %XX escape in _escaped_fragment_ value")
)

// A URLError reports a URL that breaks one of the scheme's rules.
type URLError struct {
	// URL is the input as given.
	URL string
	// Rule is the broken rule: one of the Err* sentinels of this package.
	Rule error
	// Detail, when not empty, says where the rule broke (for example which
	// byte), for people; programs branch on Rule.
	Detail string
}

func (e *URLError) Error() string {
	// %q-style quoting keeps the message on one line whatever the URL holds.
	msg := "mapping: " + strconv.Quote(e.URL) + ": " + e.Rule.Error()
	if e.Detail != "" {
		msg += " (" + e.Detail + ")"
	}
	return msg
}

// Unwrap returns Rule, so that errors.Is(err, ErrNotLast) works.
func (e *URLError) Unwrap() error { return e.Rule }

// ruleError is a broken rule found by the zero-allocation scanners, before
// it becomes a *URLError for a public caller.
type ruleError struct {
	rule   error
	detail string
	at     int // byte offset the detail refers to, or -1
}

func (r ruleError) urlError(url string) *URLError {
	d := r.detail
	if r.at >= 0 {
		if d != "" {
			d += " "
		}
		d += "at byte " + strconv.Itoa(r.at)
	}
	return &URLError{URL: url, Rule: r.rule, Detail: d}
}
