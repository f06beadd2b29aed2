package bangsnap

import (
	"errors"
	"fmt"

	"github.com/bangsnap/bangsnap/xhr"
)

// Errors a caller can branch on with errors.Is. A URL that breaks the AJAX
// crawling scheme's rules is reported as a *mapping.URLError instead, and a
// page that cannot be fetched as a *FetchError.
var (
	// ErrNotHTML: the page's response is not a document (its Content-Type
	// is neither text/html nor an XML type such as application/xhtml+xml,
	// and its bytes do not sniff as one). It is the cause of a *FetchError.
	ErrNotHTML = errors.New("not an HTML document")
	// ErrSnapshotTooLarge: the rendered document serializes to more than
	// 64 MiB (crawlers read far less: Googlebot the first 15 MB).
	ErrSnapshotTooLarge = errors.New("bangsnap: snapshot larger than 64 MiB")
	// ErrScheme: the URL's scheme is not http or https.
	ErrScheme = errors.New("only http and https URLs can be rendered")
)

// A FetchError reports that the page itself could not be fetched: the host
// is unreachable, the request was refused by the request policy, the
// response was too large, or it is not HTML (Err wraps ErrNotHTML). An HTTP
// error status is not a FetchError: the page is rendered and its status
// passed on in the Snapshot.
type FetchError struct {
	URL string // the document URL that was requested
	Err error  // the cause
}

func (e *FetchError) Error() string {
	cause := e.Err
	// A network error names the URL again: say it once.
	var ne *xhr.NetworkError
	if errors.As(cause, &ne) && ne.Err != nil && ne.URL == e.URL {
		cause = ne.Err
	}
	return fmt.Sprintf("bangsnap: fetching %s: %v", e.URL, cause)
}

// Unwrap returns the cause, so that errors.Is(err, ErrNotHTML) and
// errors.As(err, new(*xhr.NetworkError)) work.
func (e *FetchError) Unwrap() error { return e.Err }

// A PartialError is returned by Page.WaitIdle when a budget ended the run
// before the page was quiet.
type PartialError struct {
	Reason  string   // the budget that ran out: "wall-time", "virtual-time", "tasks", "memory"
	Pending []string // what was still outstanding (requests in flight, timers)
}

func (e *PartialError) Error() string {
	if len(e.Pending) == 0 {
		return fmt.Sprintf("bangsnap: page not quiet: %s budget ran out", e.Reason)
	}
	return fmt.Sprintf("bangsnap: page not quiet: %s budget ran out with %d pending (first: %s)", e.Reason, len(e.Pending), e.Pending[0])
}
