package webapi

import "github.com/bangsnap/bangsnap/internal/whatwgurl"

// The URL parser lives in internal/whatwgurl, where dom (the document base
// URL) can use it too; webapi binds it to JavaScript (url_bind.go).

// A URL is a parsed URL record of the WHATWG URL standard.
type URL = whatwgurl.URL

// ErrInvalidURL is returned (wrapped) by ParseURL for input the URL parser
// rejects.
var ErrInvalidURL = whatwgurl.ErrInvalidURL

// ParseURL parses input against base (which may be nil) with the WHATWG
// "API URL parser". The error wraps ErrInvalidURL.
func ParseURL(input string, base *URL) (*URL, error) { return whatwgurl.Parse(input, base) }

// ParseURLString parses input against the URL string base ("" for none).
func ParseURLString(input, base string) (*URL, error) { return whatwgurl.ParseString(input, base) }
