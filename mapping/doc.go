// Package mapping implements the URL rules of the AJAX crawling scheme: the
// exact two-way mapping between pretty URLs (http://h/p#!state) and ugly URLs
// (http://h/p?_escaped_fragment_=state), the classification of a URL as
// pretty, ugly or plain, and the <meta name="fragment" content="!"> opt-in
// test for pages without #! URLs.
//
// The scheme is Google's "Making AJAX applications crawlable" full
// specification (2009, deprecated in 2015 but still followed by crawlers and
// prerender middleware):
// https://developers.google.com/webmasters/ajax-crawling/docs/specification
//
// # Rules
//
// All functions work on the raw bytes of the URL string. Scheme, userinfo,
// host, port, path and the existing query are copied byte for byte; nothing
// is normalized or re-encoded. Only the value of the _escaped_fragment_
// parameter is escaped (ToUgly) or unescaped (ToPretty).
//
//   - A URL must be absolute: scheme ":" "//" authority with a non-empty host
//     (RFC 3986 §3). The part before the fragment must not hold spaces or
//     control bytes (0x00-0x20, 0x7F); the fragment may hold any byte.
//   - ToUgly: the fragment must start with "!". Its remainder becomes the
//     value of a new last query parameter _escaped_fragment_, joined with "&"
//     when the URL has a "?" (even an empty query: "http://h/p?#!a" gives
//     "http://h/p?&_escaped_fragment_=a", so that the mapping back is exact),
//     else with "?". The value escapes exactly the bytes 0x00-0x20, 0x23 (#),
//     0x25 (%), 0x26 (&), 0x2B (+) and 0x7F-0xFF as %XX with upper-case hex;
//     non-ASCII text is thus escaped as its UTF-8 bytes, and every other byte
//     stays as it is. A URL whose query already has an _escaped_fragment_
//     parameter has no ugly form (it would hold two).
//   - ToPretty: the query must hold exactly one _escaped_fragment_ parameter
//     and it must be the last one, with nothing after it (not even "&"), and
//     the URL must carry no fragment. The parameter is removed with its "="
//     and the "?" or "&" before it, then "#!" and the unescaped value are
//     appended. Unescaping decodes every %XX (upper- or lower-case hex) and
//     rejects a "%" not followed by two hex digits; "+" stays "+" (it is not
//     a space: ToUgly escapes a literal "+" as %2B).
//   - Parameters are the "&"-separated pieces of the query; a parameter's name
//     is the piece up to its first "=", compared as a whole after %XX
//     decoding: "%5Fescaped_fragment_=x" is the parameter,
//     "x_escaped_fragment_=x" is not. A piece "_escaped_fragment_" without
//     "=" is the parameter with an empty value. ";" is not a separator.
//   - The empty value (?_escaped_fragment_= or ?_escaped_fragment_) is the
//     meta-tag case: the page opted in with <meta name="fragment" content="!">
//     and its pretty URL is the URL without the parameter and without any
//     "#!". Consequently ToUgly("http://h/p#!") is
//     "http://h/p?_escaped_fragment_=" and ToPretty maps that back to
//     "http://h/p".
//
// Round trip: for every URL u that ToUgly accepts, ToPretty(ToUgly(u)) == u,
// except when u's fragment is exactly "!": then the result is u without its
// trailing "#!" (the meta-tag case above).
//
// Errors are *URLError values whose Rule is one of the Err* sentinels, so
// callers branch with errors.Is(err, mapping.ErrNotLast) or errors.As.
//
// This package imports only the standard library and golang.org/x/net/html
// (for OptsIn's tokenizer). It must never import net/http, goja or any other
// bangsnap package: it is the leftmost stage of the pipeline.
package mapping
