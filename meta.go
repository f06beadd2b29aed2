package bangsnap

import (
	"net/http"
	"strconv"
	"strings"

	"github.com/bangsnap/bangsnap/internal/ascii"
	"golang.org/x/net/http/httpguts"

	"github.com/bangsnap/bangsnap/dom"
)

// The prerender convention: a page chooses the status and headers of its
// snapshot with meta elements in its rendered DOM (anywhere in the document,
// as prerender.io reads them):
//
//	<meta name="prerender-status-code" content="404">
//	<meta name="prerender-header" content="Location: https://example.com/new">
const (
	metaStatus = "prerender-status-code"
	metaHeader = "prerender-header"
)

// pageMeta is what the page chose with the convention's meta elements.
type pageMeta struct {
	status int         // 0: none (or not a valid status)
	header http.Header // nil: none
}

// readPageMeta collects the convention's meta elements of d. The first valid
// prerender-status-code wins; every valid prerender-header is added in
// document order. A status outside 200-599, a header without a colon, with an
// invalid name or value, or naming a header that describes the transfer
// (Content-Length, Transfer-Encoding, Connection...) is ignored.
func readPageMeta(d *dom.Document) pageMeta {
	var m pageMeta
	d.Node.Descendants(func(n *dom.Node) bool {
		if !n.IsElement() || !n.IsHTML() || n.LocalName() != "meta" {
			return true
		}
		name := ascii.Lower(strings.TrimSpace(n.Attribute("name")))
		switch name {
		case metaStatus:
			if m.status != 0 {
				return true
			}
			if s, err := strconv.Atoi(strings.TrimSpace(n.Attribute("content"))); err == nil && s >= 200 && s <= 599 {
				m.status = s
			}
		case metaHeader:
			k, v, ok := strings.Cut(n.Attribute("content"), ":")
			k, v = strings.TrimSpace(k), strings.TrimSpace(v)
			if !ok || !httpguts.ValidHeaderFieldName(k) || !httpguts.ValidHeaderFieldValue(v) || transferHeader(k) {
				return true
			}
			if m.header == nil {
				m.header = make(http.Header)
			}
			m.header.Add(k, v)
		}
		return true
	})
	return m
}

// transferHeader reports whether name describes the message rather than the
// page (the server computes those itself).
func transferHeader(name string) bool {
	switch http.CanonicalHeaderKey(name) {
	case "Content-Length", "Transfer-Encoding", "Connection", "Keep-Alive", "Upgrade",
		"Trailer", "Te", "Proxy-Connection", "Content-Encoding":
		return true
	}
	return false
}
