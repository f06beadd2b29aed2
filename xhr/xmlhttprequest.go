package xhr

import (
	"bytes"
	"context"
	"net/http"
	"net/url"
	"strconv"
	"strings"
	"time"

	"github.com/bangsnap/bangsnap/internal/ascii"
	"github.com/bangsnap/bangsnap/loop"
)

// ReadyState is XMLHttpRequest.readyState.
//
// https://xhr.spec.whatwg.org/#states
type ReadyState uint8

const (
	Unsent          ReadyState = 0
	Opened          ReadyState = 1
	HeadersReceived ReadyState = 2
	Loading         ReadyState = 3
	Done            ReadyState = 4
)

// An Event is what an XHR reports to its wrapper, to be dispatched as a
// DOM event on the XMLHttpRequest: "readystatechange" is a plain Event, the
// others ("loadstart", "progress", "load", "error", "abort", "timeout",
// "loadend") are ProgressEvents with Loaded, Total and LengthComputable.
// Upload events go to the upload object.
type Event struct {
	Type             string
	Loaded, Total    int64
	LengthComputable bool
	Upload           bool
}

// XHR is the implementation of one XMLHttpRequest object. Use it only on
// the loop goroutine. Methods return a *DOMError for what the standard
// throws.
//
// Asynchronous requests run on their own goroutine as loop operations; the
// response's stages (headers, body, end) each become a task, and the events
// are reported through OnEvent in the standard's order. The timeout runs on
// the loop's virtual clock. A synchronous request blocks the loop while it
// runs, as it blocks a browser tab.
//
// The upload object's events fire when UploadListeners reports listeners
// at send() (the upload listener flag): loadstart, then progress, load and
// loadend (or the error event and loadend) once the request body is sent,
// before the response's headers.
//
// Not implemented: incremental delivery of a body (the whole body arrives
// as one chunk), and upload progress while the body is being sent.
//
// https://xhr.spec.whatwg.org/
type XHR struct {
	// OnEvent receives the events to dispatch; set it before Send.
	OnEvent func(Event)
	// BaseURL resolves the URL given to Open; nil means the client's
	// document URL.
	BaseURL *url.URL
	// blob is the blob URL entry of a blob: URL given to Open.
	blob *Blob
	// UploadListeners reports whether the upload object has event
	// listeners (asked at send(); nil means none).
	UploadListeners func() bool
	// Connect, when not nil, checks the URLs the request connects to.
	Connect ConnectCheck
	// OnTiming, when set, receives the Timing of a response whose body
	// has ended, before the events of its end fire.
	OnTiming func(Timing)

	ctx    context.Context
	loop   *loop.Loop
	client *Client

	state           ReadyState
	sendFlag        bool
	async           bool
	method          string
	url             *url.URL
	headers         *Headers // author request headers
	timeout         time.Duration
	withCredentials bool
	responseType    string
	overrideMIME    string

	res      *Result // nil while there is no response (or a network error)
	received []byte
	timedOut bool

	// https://xhr.spec.whatwg.org/#upload-complete-flag and
	// #upload-listener-flag; reqLen is the request body's length.
	uploadComplete, uploadListener bool
	reqLen                         int64

	gen       uint64 // bumped whenever the ongoing fetch is terminated
	op        *loop.Op
	body      *BodyStream // the response body being received
	cancel    context.CancelFunc
	timer     int
	sendStart time.Time

	// progressTimer runs for ProgressInterval after a progress event;
	// progressDeferred is set when a chunk came meanwhile (its event fires
	// when the timer does, or before the end).
	progressTimer    int
	progressDeferred bool
}

// ProgressInterval is the least time between two progress events of an
// XMLHttpRequest, as in Chromium (the standard says "roughly 50ms"): the
// first chunk fires one at once, the chunks that come within the interval
// one when it ends, and the end of the body one only if a chunk came since
// the last.
//
// https://xhr.spec.whatwg.org/#the-send()-method processResponse step 11
const ProgressInterval = 50 * time.Millisecond

// NewXHR returns the implementation of a new XMLHttpRequest of the page
// whose loop is l, making its requests through c; ctx bounds them (the
// render's context).
func NewXHR(ctx context.Context, l *loop.Loop, c *Client) *XHR {
	if ctx == nil {
		ctx = context.Background()
	}
	return &XHR{ctx: ctx, loop: l, client: c, headers: NewHeaders(GuardNone)}
}

// ReadyState returns readyState.
func (x *XHR) ReadyState() ReadyState { return x.state }

func (x *XHR) fire(typ string, loaded, total int64) {
	if x.OnEvent != nil {
		x.OnEvent(Event{Type: typ, Loaded: loaded, Total: total, LengthComputable: total != 0})
	}
}

func (x *XHR) fireUpload(typ string, loaded, total int64) {
	if x.OnEvent != nil {
		x.OnEvent(Event{Type: typ, Loaded: loaded, Total: total, LengthComputable: total != 0, Upload: true})
	}
}

// uploadEnd is processRequestEndOfBody: the upload events once the request
// body is sent.
// https://xhr.spec.whatwg.org/#the-send()-method step 11.7
func (x *XHR) uploadEnd() {
	if x.uploadComplete {
		return
	}
	x.uploadComplete = true
	if x.uploadListener {
		x.fireUpload("progress", x.reqLen, x.reqLen)
		x.fireUpload("load", x.reqLen, x.reqLen)
		x.fireUpload("loadend", x.reqLen, x.reqLen)
	}
}

func (x *XHR) fireReadyStateChange() {
	if x.OnEvent != nil {
		x.OnEvent(Event{Type: "readystatechange"})
	}
}

// Open is open(method, url, async, username, password); user and pass are
// nil when not given.
//
// https://xhr.spec.whatwg.org/#the-open()-method
func (x *XHR) Open(method, rawURL string, async bool, user, pass *string) error {
	if err := CheckOpenMethod(method); err != nil {
		return err
	}
	method = normalizeMethod(method)
	base := x.BaseURL
	if base == nil {
		base = x.client.DocumentURL()
	}
	u, err := resolveURL(base, rawURL)
	if err != nil {
		return &DOMError{Name: "SyntaxError", Message: "invalid URL " + rawURL, Err: err}
	}
	if !async && (x.timeout != 0 || x.responseType != "") {
		return domError("InvalidAccessError", "synchronous requests cannot have a timeout or a responseType")
	}
	if u.Host != "" && (user != nil || pass != nil) {
		name, pw := "", ""
		if u.User != nil {
			name = u.User.Username()
			pw, _ = u.User.Password()
		}
		if user != nil {
			name = *user
		}
		if pass != nil {
			pw = *pass
		}
		u.User = url.UserPassword(name, pw)
	}
	x.terminate()
	x.sendFlag = false
	x.method, x.url, x.async = method, u, async
	x.blob = x.client.ResolveBlobURL(u)
	x.headers = NewHeaders(GuardNone)
	x.res, x.received, x.timedOut = nil, nil, false
	if x.state != Opened {
		x.state = Opened
		x.fireReadyStateChange()
	}
	return nil
}

// CheckOpenMethod is open()'s check of its method (steps 2-3): a
// SyntaxError for one that is not a token, a SecurityError for CONNECT,
// TRACE and TRACK. A wrapper that parses the URL itself calls it first, as
// the method is checked before the URL.
func CheckOpenMethod(method string) error {
	if !isToken(method) {
		return domError("SyntaxError", "'%s' is not a valid HTTP method.", latin1(method))
	}
	if isForbiddenMethod(method) {
		return domError("SecurityError", "'%s' HTTP method is unsupported.", latin1(method))
	}
	return nil
}

// SetRequestHeader is setRequestHeader(name, value): forbidden headers
// are ignored, repeated ones combined.
//
// https://xhr.spec.whatwg.org/#the-setrequestheader()-method
func (x *XHR) SetRequestHeader(name, value string) error {
	if x.state != Opened || x.sendFlag {
		return domError("InvalidStateError", "The object's state must be OPENED.")
	}
	value = normalizeHeaderValue(value)
	if !isToken(name) {
		return domError("SyntaxError", "'%s' is not a valid HTTP header field name.", latin1(name))
	}
	if !isHeaderValue(value) {
		return domError("SyntaxError", "'%s' is not a valid HTTP header field value.", latin1(value))
	}
	if isForbiddenRequestHeader(name, value) {
		return nil
	}
	x.headers.combine(name, value)
	return nil
}

// Timeout returns the timeout (0: none).
func (x *XHR) Timeout() time.Duration { return x.timeout }

// SetTimeout sets timeout; while a request is in flight the new timeout
// counts from the request's start.
//
// https://xhr.spec.whatwg.org/#the-timeout-attribute
func (x *XHR) SetTimeout(d time.Duration) error {
	if !x.async && x.state != Unsent {
		return domError("InvalidAccessError", "synchronous requests cannot have a timeout")
	}
	x.timeout = d
	if x.sendFlag && x.async {
		x.armTimer()
	}
	return nil
}

// WithCredentials returns withCredentials.
func (x *XHR) WithCredentials() bool { return x.withCredentials }

// SetWithCredentials sets withCredentials.
func (x *XHR) SetWithCredentials(v bool) error {
	if x.state != Unsent && x.state != Opened || x.sendFlag {
		return domError("InvalidStateError", "withCredentials cannot change after send()")
	}
	x.withCredentials = v
	return nil
}

// ResponseType returns responseType.
func (x *XHR) ResponseType() string { return x.responseType }

// SetResponseType sets responseType; values outside the enumeration are
// ignored, as WebIDL does.
//
// https://xhr.spec.whatwg.org/#the-responsetype-attribute
func (x *XHR) SetResponseType(t string) error {
	switch t {
	case "", "arraybuffer", "blob", "document", "json", "text":
	default:
		return nil
	}
	if x.state == Loading || x.state == Done {
		return domError("InvalidStateError", "responseType cannot change once loading")
	}
	if !x.async && x.state != Unsent {
		return domError("InvalidAccessError", "synchronous requests cannot have a responseType")
	}
	x.responseType = t
	return nil
}

// OverrideMimeType is overrideMimeType(mime).
//
// https://xhr.spec.whatwg.org/#the-overridemimetype()-method
func (x *XHR) OverrideMimeType(mime string) error {
	if x.state == Loading || x.state == Done {
		return domError("InvalidStateError", "overrideMimeType must be called before loading")
	}
	if e, _ := parseMIME(mime); e == "" {
		mime = "application/octet-stream"
	}
	x.overrideMIME = mime
	return nil
}

// Send is send(body); body is anything ExtractBody accepts.
//
// https://xhr.spec.whatwg.org/#the-send()-method
func (x *XHR) Send(body any) error {
	if x.state != Opened || x.sendFlag {
		return domError("InvalidStateError", "The object's state must be OPENED.")
	}
	if x.method == "GET" || x.method == "HEAD" {
		body = nil
	}
	var data []byte
	if body != nil {
		b, ct, err := ExtractBody(body)
		if err != nil {
			return &DOMError{Name: "TypeError", Message: err.Error(), Err: err}
		}
		data = b
		if cur, has := x.headers.get("Content-Type"); has {
			_, isDoc := body.(DocumentBody)
			_, isStr := body.(string)
			if isDoc || isStr {
				x.headers.set("Content-Type", withUTF8Charset(cur))
			}
		} else if ct != "" {
			x.headers.set("Content-Type", ct)
		}
	}
	// Credentials in the URL become an Authorization header; the URL
	// itself (which the render report records) does not keep them.
	reqURL := *x.url
	reqURL.User = nil
	hreq, err := http.NewRequestWithContext(x.ctx, x.method, reqURL.String(), bytes.NewReader(data))
	if err != nil {
		return &DOMError{Name: "SyntaxError", Message: err.Error(), Err: err}
	}
	if body == nil {
		hreq.Body = http.NoBody
	}
	hreq.Header = x.headers.HTTPHeader()
	if x.url.User != nil && hreq.Header.Get("Authorization") == "" {
		pw, _ := x.url.User.Password()
		hreq.SetBasicAuth(x.url.User.Username(), pw)
	}
	p := Params{Kind: KindXHR, Mode: ModeCORS, Credentials: CredentialsSameOrigin, Now: x.loop.Now(), Blob: x.blob}
	if x.withCredentials {
		p.Credentials = CredentialsInclude
	}
	x.timedOut = false
	refused := false
	var connected func()
	if x.Connect != nil {
		var allowed bool
		allowed, p.ConnectAllowed, connected = x.Connect(x.url)
		refused = !allowed
	}

	if !x.async {
		x.uploadComplete, x.uploadListener = true, false // no upload events
		if refused {
			x.state, x.sendFlag, x.res = Done, false, nil
			return &DOMError{Name: "NetworkError", Message: syncLoadFailed(&reqURL), Err: &NetworkError{URL: reqURL.String(), Err: ErrConnectRefused}}
		}
		err := x.sendSync(hreq, p)
		if connected != nil {
			connected()
		}
		return err
	}
	x.sendFlag = true
	x.uploadComplete = body == nil
	x.uploadListener = x.UploadListeners != nil && x.UploadListeners()
	x.reqLen = int64(len(data))
	gen0 := x.gen
	x.fire("loadstart", 0, 0)
	if !x.uploadComplete && x.uploadListener && x.gen == gen0 && x.sendFlag {
		x.fireUpload("loadstart", 0, x.reqLen)
	}
	if x.state != Opened || !x.sendFlag || x.gen != gen0 {
		return nil // the page called open() or abort() from loadstart
	}
	x.gen++
	gen := x.gen
	p.Ticket = x.client.Ticket() // the page's order, not the goroutine's
	ctx, cancel := context.WithCancel(x.ctx)
	x.cancel = cancel
	label := "XHR " + x.method + " " + truncateURL(reqURL.String())
	op := x.loop.Begin(label)
	x.op = op
	x.sendStart = x.loop.Now()
	x.armTimer()
	if refused {
		// A network error, in a task of its own, without the network.
		op.Complete(func() {
			x.processResponse(gen, nil, nil, &NetworkError{URL: reqURL.String(), Err: ErrConnectRefused})
		})
		return nil
	}
	p.Stream = true
	go func() {
		res, err := x.client.doGuarded(ctx, hreq.WithContext(ctx), p)
		var bs *BodyStream
		if err == nil && res.wire != nil {
			bs = newBodyStream(x.loop, label+" (body)", op, res.wire)
			res.wire = nil
		}
		op.Complete(func() {
			if connected != nil {
				connected()
			}
			x.processResponse(gen, res, bs, err)
		})
		if bs != nil {
			bs.run()
		}
	}()
	return nil
}

// withUTF8Charset sets each charset parameter of an author Content-Type to
// UTF-8 (send() step 4.3) the way Chromium does: the value is replaced in
// place, keeping the parameter's name, spacing and quotes, unless it is
// already exactly "UTF-8".
func withUTF8Charset(ct string) string {
	parts := strings.Split(ct, ";")
	for i := 1; i < len(parts); i++ {
		name, value, ok := strings.Cut(parts[i], "=")
		if !ok || !ascii.EqualFold(strings.TrimSpace(name), "charset") {
			continue
		}
		v := strings.TrimSpace(value)
		quoted := len(v) >= 2 && v[0] == '"' && v[len(v)-1] == '"'
		if quoted {
			v = v[1 : len(v)-1]
		}
		if v == "UTF-8" {
			continue
		}
		lead := value[:len(value)-len(strings.TrimLeft(value, " \t"))]
		trail := value[len(strings.TrimRight(value, " \t")):]
		nv := "UTF-8"
		if quoted {
			nv = `"UTF-8"`
		}
		parts[i] = name + "=" + lead + nv + trail
	}
	return strings.Join(parts, ";")
}

// syncLoadFailed is Chromium's message for a synchronous request that
// failed.
func syncLoadFailed(u *url.URL) string {
	return "Failed to execute 'send' on 'XMLHttpRequest': Failed to load '" + u.String() + "'."
}

func (x *XHR) sendSync(hreq *http.Request, p Params) error {
	// The loop is blocked: the request ends with the loop's budget.
	ctx, cancel := x.loop.BlockingContext(x.ctx)
	defer cancel()
	res, err := x.client.doGuarded(ctx, hreq.WithContext(ctx), p)
	if err != nil {
		x.state, x.sendFlag, x.res = Done, false, nil
		return &DOMError{Name: "NetworkError", Message: syncLoadFailed(hreq.URL), Err: err}
	}
	x.res, x.received = res, res.Body
	x.sendFlag = true
	x.endOfBody()
	return nil
}

// armTimer (re)starts the timeout timer, counted from the request's start.
func (x *XHR) armTimer() {
	if x.timer != 0 {
		x.loop.ClearTimer(x.timer)
		x.timer = 0
	}
	if x.timeout <= 0 {
		return
	}
	gen := x.gen
	left := x.sendStart.Add(x.timeout).Sub(x.loop.Now())
	x.timer = x.loop.SetTimer(left, false, func() {
		x.timer = 0
		if gen != x.gen || !x.sendFlag {
			return
		}
		x.timedOut = true
		x.terminate()
		x.requestError("timeout")
	})
}

// terminate stops the ongoing fetch, if any: its completion, when it comes,
// is ignored.
func (x *XHR) terminate() {
	x.gen++
	if x.cancel != nil {
		x.cancel()
		x.cancel = nil
	}
	if x.op != nil {
		x.op.Cancel()
		x.op = nil
	}
	if x.body != nil {
		x.body.Cancel() // closes the connection
		x.body = nil
	}
	if x.timer != 0 {
		x.loop.ClearTimer(x.timer)
		x.timer = 0
	}
	x.stopProgress()
}

// stopProgress forgets a deferred progress event.
func (x *XHR) stopProgress() {
	if x.progressTimer != 0 {
		x.loop.ClearTimer(x.progressTimer)
		x.progressTimer = 0
	}
	x.progressDeferred = false
}

// trackProgress is the body chunk steps' events, throttled as Chromium
// does: readystatechange (LOADING) then progress, at once when none fired
// in the last ProgressInterval, else once when it ends (for all the chunks
// that came meanwhile).
func (x *XHR) trackProgress() {
	if x.progressTimer != 0 {
		x.progressDeferred = true
		return
	}
	gen := x.gen
	var step func()
	step = func() {
		x.progressTimer = x.loop.SetTimer(ProgressInterval, false, func() {
			x.progressTimer = 0
			if gen != x.gen || !x.progressDeferred || x.state != Loading {
				x.progressDeferred = false
				return
			}
			x.progressDeferred = false
			step()
		})
		x.fireReadyStateChange()
		if gen != x.gen || x.state != Loading {
			return
		}
		x.fire("progress", int64(len(x.received)), x.length())
	}
	step()
}

// processResponse runs at the response's headers (a task of the request's
// operation): the headers stage now, then the body's chunks as they arrive
// and its end, each a task of its own, as the fetch standard queues them.
//
// https://xhr.spec.whatwg.org/#the-send()-method processResponse
func (x *XHR) processResponse(gen uint64, res *Result, bs *BodyStream, err error) {
	if gen != x.gen {
		if bs != nil {
			bs.Cancel()
		}
		return
	}
	x.op = nil
	if err != nil {
		x.terminate()
		x.requestError("error")
		return
	}
	x.body = bs
	x.uploadEnd()
	if gen != x.gen {
		return
	}
	x.res = res
	x.state = HeadersReceived
	x.fireReadyStateChange()
	if x.state != HeadersReceived || gen != x.gen {
		return
	}
	if bs != nil {
		x.readBody(gen)
		return
	}
	// A body that is all here (a data: or blob: URL): one chunk.
	x.loop.QueueTask(func() {
		if gen != x.gen {
			return
		}
		if len(res.Body) > 0 {
			x.bodyChunk(res.Body)
			if gen != x.gen {
				return
			}
		}
		x.loop.QueueTask(func() {
			if gen == x.gen {
				x.endOfBody()
			}
		})
	})
}

// readBody asks for the next chunk of the response body.
func (x *XHR) readBody(gen uint64) {
	x.body.Read(func(data []byte, eof bool, err error) {
		if gen != x.gen {
			return
		}
		if err != nil {
			x.body = nil
			x.terminate()
			x.requestError("error")
			return
		}
		if len(data) > 0 {
			x.bodyChunk(data)
			if gen != x.gen {
				return
			}
		}
		if !eof {
			x.readBody(gen)
			return
		}
		x.body = nil
		if x.cancel != nil {
			x.cancel()
			x.cancel = nil
		}
		if len(data) == 0 {
			x.endOfBody()
			return
		}
		x.loop.QueueTask(func() {
			if gen == x.gen {
				x.endOfBody()
			}
		})
	})
}

// bodyChunk is processBodyChunk: the bytes are added to the response and
// the events fire (trackProgress).
func (x *XHR) bodyChunk(data []byte) {
	if len(x.received) == 0 {
		x.received = data
	} else {
		x.received = append(x.received, data...)
	}
	x.state = Loading
	x.trackProgress()
}

// length is the response's Content-Length, 0 when unknown.
func (x *XHR) length() int64 {
	if x.res == nil {
		return 0
	}
	n, err := strconv.ParseInt(x.res.Header.Get("Content-Length"), 10, 64)
	if err != nil || n < 0 {
		return 0
	}
	return n
}

// endOfBody is "handle response end-of-body".
//
// https://xhr.spec.whatwg.org/#handle-response-end-of-body
func (x *XHR) endOfBody() {
	if x.timer != 0 {
		x.loop.ClearTimer(x.timer)
		x.timer = 0
	}
	transmitted, length := int64(len(x.received)), x.length()
	if x.OnTiming != nil && x.res != nil {
		x.OnTiming(TimingOf(x.res, transmitted))
	}
	if x.async {
		// The progress event deferred by the throttle, if any (without its
		// readystatechange); none when nothing came since the last one, or
		// for an empty body, as in Chromium.
		deferred := x.progressDeferred
		x.stopProgress()
		if deferred {
			x.fire("progress", transmitted, length)
		}
	}
	x.state = Done
	x.sendFlag = false
	x.fireReadyStateChange()
	x.fire("load", transmitted, length)
	x.fire("loadend", transmitted, length)
}

// requestError is the request error steps for event "error", "abort" or
// "timeout".
//
// https://xhr.spec.whatwg.org/#request-error-steps
func (x *XHR) requestError(event string) {
	x.state = Done
	x.sendFlag = false
	x.res, x.received = nil, nil
	x.fireReadyStateChange()
	if !x.uploadComplete {
		x.uploadComplete = true
		if x.uploadListener {
			x.fireUpload(event, 0, 0)
			x.fireUpload("loadend", 0, 0)
		}
	}
	x.fire(event, 0, 0)
	x.fire("loadend", 0, 0)
}

// Abort is abort().
//
// https://xhr.spec.whatwg.org/#the-abort()-method
func (x *XHR) Abort() {
	x.terminate()
	if x.state == Opened && x.sendFlag || x.state == HeadersReceived || x.state == Loading {
		x.requestError("abort")
	}
	if x.state == Done {
		x.state = Unsent
		x.res, x.received = nil, nil
	}
}

// Status returns status (0 before the headers or after an error).
func (x *XHR) Status() int {
	if x.res == nil {
		return 0
	}
	return x.res.Status
}

// StatusText returns statusText.
func (x *XHR) StatusText() string {
	if x.res == nil {
		return ""
	}
	return x.res.StatusText
}

// ResponseURL returns responseURL: the final URL after redirects, without
// fragment.
func (x *XHR) ResponseURL() string {
	if x.res == nil {
		return ""
	}
	return urlWithoutFragment(x.res.URL)
}

func (x *XHR) visibleHeaders() http.Header {
	if x.res == nil {
		return nil
	}
	return visibleResponseHeaders(x.res.Header, x.res.CORS, x.withCredentials)
}

// GetResponseHeader returns getResponseHeader(name): the values combined
// with ", ", and false for null.
//
// https://xhr.spec.whatwg.org/#the-getresponseheader()-method
func (x *XHR) GetResponseHeader(name string) (string, bool) {
	vs := x.visibleHeaders().Values(name)
	if len(vs) == 0 {
		return "", false
	}
	return strings.Join(vs, ", "), true
}

// GetAllResponseHeaders returns getAllResponseHeaders(): lower-cased
// names, sorted, values combined, "name: value\r\n" each.
//
// https://xhr.spec.whatwg.org/#the-getallresponseheaders()-method
func (x *XHR) GetAllResponseHeaders() string {
	h := x.visibleHeaders()
	if h == nil {
		return ""
	}
	var b strings.Builder
	for _, e := range HeadersFromHTTP(h, GuardImmutable).Entries() {
		if e[0] == "set-cookie" {
			continue
		}
		b.WriteString(e[0])
		b.WriteString(": ")
		b.WriteString(e[1])
		b.WriteString("\r\n")
	}
	return b.String()
}

// MIMEType returns the essence of the final MIME type, lower-cased and
// without parameters ("text/html"): what decides how responseXML and
// responseType "document" parse the response. See ContentType for the
// whole type.
//
// https://xhr.spec.whatwg.org/#final-mime-type
func (x *XHR) MIMEType() string {
	essence, _ := parseMIME(x.ContentType())
	return essence
}

// ContentType returns the final MIME type with its parameters: the
// override, else the response's Content-Type, else "text/xml" (the type of
// a Blob response).
//
// https://xhr.spec.whatwg.org/#final-mime-type
func (x *XHR) ContentType() string {
	if x.overrideMIME != "" {
		return x.overrideMIME
	}
	if x.res != nil {
		if ct := x.res.Header.Get("Content-Type"); ct != "" {
			if e, _ := parseMIME(ct); e != "" {
				return ct
			}
		}
	}
	return "text/xml"
}

// Charset returns the final charset: the override's, else the response's
// ("" when none).
//
// https://xhr.spec.whatwg.org/#final-charset
func (x *XHR) Charset() string {
	if x.overrideMIME != "" {
		if _, p := parseMIME(x.overrideMIME); p["charset"] != "" {
			return p["charset"]
		}
	}
	if x.res != nil {
		_, p := parseMIME(x.res.Header.Get("Content-Type"))
		return p["charset"]
	}
	return ""
}

// ResponseText returns responseText (InvalidStateError unless responseType
// is "" or "text").
//
// https://xhr.spec.whatwg.org/#the-responsetext-attribute
func (x *XHR) ResponseText() (string, error) {
	if x.responseType != "" && x.responseType != "text" {
		return "", domError("InvalidStateError", "responseText is only available if responseType is '' or 'text'")
	}
	if x.state != Loading && x.state != Done {
		return "", nil
	}
	label := x.Charset()
	if label == "" && x.responseType == "" {
		// An XML response without a charset is decoded as its XML
		// declaration says (text response step 5).
		if isXMLMIME(x.MIMEType()) {
			label = xmlDeclaredEncoding(x.received)
		}
	}
	return DecodeText(x.received, label), nil
}

// ResponseBytes returns the body received so far, for the wrapper to build
// response as arraybuffer, blob (with MIMEType), json (DecodeUTF8 then
// JSON.parse) or document. It is nil before Done for those types, as
// response is null then. The caller must not modify the bytes.
//
// https://xhr.spec.whatwg.org/#the-response-attribute
func (x *XHR) ResponseBytes() []byte {
	if x.responseType != "" && x.responseType != "text" && x.state != Done {
		return nil
	}
	return x.received
}

// HasResponse reports whether there is a response (not a network error,
// not before the headers).
func (x *XHR) HasResponse() bool { return x.res != nil }
