package xhr

// A Kind says why a request is made: what the page will do with the
// response. The request [Policy] decides by kind which requests are worth
// making for a snapshot.
//
// https://fetch.spec.whatwg.org/#concept-request-destination
type Kind uint8

// Request kinds.
const (
	KindOther       Kind = iota // anything else (beacons, manifests, …)
	KindDocument                // the page itself, or an iframe's document
	KindScript                  // a classic or module script
	KindXHR                     // XMLHttpRequest
	KindFetch                   // fetch()
	KindImage                   // <img>, CSS images, favicons
	KindStylesheet              // <link rel=stylesheet>, @import
	KindFont                    // @font-face
	KindMedia                   // <audio>, <video>, <track>
	KindWebSocket               // a WebSocket's opening handshake
	KindEventSource             // an EventSource's event stream
	numKinds
)

var kindNames = [numKinds]string{"other", "document", "script", "xhr", "fetch", "image", "stylesheet", "font", "media", "websocket", "eventsource"}

// String returns the kind's name as it appears in the render report
// ("document", "script", "xhr", "fetch", …).
func (k Kind) String() string {
	if k < numKinds {
		return kindNames[k]
	}
	return "other"
}

// resource reports whether k is a kind a snapshot does not need by default:
// images, stylesheets, fonts and media change how a page looks, not the
// markup it builds.
func (k Kind) resource() bool {
	return k == KindImage || k == KindStylesheet || k == KindFont || k == KindMedia
}
