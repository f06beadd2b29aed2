package bangsnap

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"mime"
	"net/http"
	"strings"

	"github.com/bangsnap/bangsnap/internal/ascii"

	"github.com/bangsnap/bangsnap/jsruntime"
	"github.com/bangsnap/bangsnap/xhr"
)

// Images and style sheets of the page. By default a render fetches no image: jsruntime
// treats every image with a valid URL as loaded (see jsruntime.Config.Images).
// When images are fetched, each one goes through the render's client as a
// request of kind image (policy, cookies, report), and its natural size is
// read from the bytes; an HTTP error or bytes that are no image fire the
// image's error event, as in a browser.
//
// Style sheets are fetched unless Options.SkipStylesheets, as requests of
// kind stylesheet; jsruntime cascades their rules (see
// jsruntime.Config.Stylesheets). So are, as requests of kind font, the
// font files of the faces a script loads (see jsruntime.Config.Fonts).

// stylesheetLoader returns the page's style sheet loader: nil (none
// fetched) when skip is set.
func (s *session) stylesheetLoader(skip bool) jsruntime.StylesheetLoader {
	if skip {
		return nil
	}
	return jsruntime.StylesheetLoaderFunc(s.loadStylesheet)
}

// loadStylesheet fetches a style sheet for the page, on its own goroutine,
// and decodes it: the response's charset, else its @charset rule, else
// UTF-8. A request the policy refuses is declined (the link loads, empty);
// a response that is not a success is an error (the link fires error).
// https://drafts.csswg.org/css-syntax/#input-byte-stream
func (s *session) loadStylesheet(ctx context.Context, rawURL string) (string, error) {
	req, err := http.NewRequestWithContext(ctx, http.MethodGet, rawURL, nil)
	if err != nil {
		return "", err
	}
	res, err := s.client.Do(ctx, req, xhr.Params{Kind: xhr.KindStylesheet, Mode: xhr.ModeNoCORS})
	var blocked *xhr.BlockedError
	if errors.As(err, &blocked) {
		return "", fmt.Errorf("%w: %w", jsruntime.ErrNotFetched, err)
	}
	if err != nil {
		return "", err
	}
	if res.Status < 200 || res.Status > 299 {
		return "", fmt.Errorf("style sheet %s: HTTP status %d", rawURL, res.Status)
	}
	return xhr.DecodeText(res.Body, cssCharset(res.Header.Get("Content-Type"), res.Body)), nil
}

// cssCharset is the encoding label of a style sheet: the Content-Type's
// charset, else the sheet's leading @charset "label"; rule, else "".
func cssCharset(ct string, body []byte) string {
	if _, params, err := mime.ParseMediaType(ct); err == nil && params["charset"] != "" {
		return params["charset"]
	}
	const at = `@charset "`
	if bytes.HasPrefix(body, []byte(at)) {
		rest := body[len(at):]
		if end := bytes.IndexByte(rest, '"'); end > 0 && end < 64 && bytes.HasPrefix(rest[end:], []byte(`";`)) {
			return string(rest[:end])
		}
	}
	return ""
}

// resourceKinds returns the request kinds a render fetches besides
// documents, scripts, XHR and fetch (the xhr.Policy's Resources).
func resourceKinds(o Options) []xhr.Kind {
	var kinds []xhr.Kind
	if o.FetchImages {
		kinds = append(kinds, xhr.KindImage)
	}
	if !o.SkipStylesheets {
		kinds = append(kinds, xhr.KindStylesheet, xhr.KindFont)
	}
	// The only media requests jsruntime makes are text tracks' WebVTT
	// files, whose cues scripts read (audio and video are never fetched).
	kinds = append(kinds, xhr.KindMedia)
	return kinds
}

// fontLoader returns the page's font loader: nil (no font fetched) with
// skip, as style sheets are not.
func (s *session) fontLoader(skip bool) jsruntime.FontLoader {
	if skip {
		return nil
	}
	return jsruntime.FontLoaderFunc(s.loadFont)
}

// loadFont fetches a font file for the page, on its own goroutine: only
// the faces a script loads, or asks document.fonts about, are fetched
// (jsruntime/fontfacecss.go). A request the policy refuses is declined
// (the face loads); a response that is not a success is an error.
// Fonts are requested in CORS mode, as @font-face requests them.
// https://drafts.csswg.org/css-fonts/#font-fetching-requirements
func (s *session) loadFont(ctx context.Context, rawURL string) ([]byte, error) {
	req, err := http.NewRequestWithContext(ctx, http.MethodGet, rawURL, nil)
	if err != nil {
		return nil, err
	}
	res, err := s.client.Do(ctx, req, xhr.Params{Kind: xhr.KindFont, Mode: xhr.ModeCORS})
	var blocked *xhr.BlockedError
	if errors.As(err, &blocked) {
		return nil, fmt.Errorf("%w: %w", jsruntime.ErrNotFetched, err)
	}
	if err != nil {
		return nil, err
	}
	if res.Status < 200 || res.Status > 299 {
		return nil, fmt.Errorf("font %s: HTTP status %d", rawURL, res.Status)
	}
	return res.Body, nil
}

// imageLoader returns the page's image loader: nil (no image fetched)
// unless fetchImages.
func (s *session) imageLoader(fetchImages bool) jsruntime.ImageLoader {
	if !fetchImages {
		return nil
	}
	return jsruntime.ImageLoaderFunc(s.loadImage)
}

// loadImage fetches an image for the page and reads its size, on its own
// goroutine. A request the policy refuses is declined (the image gets the
// default answer); a response that is not a success, or whose bytes are no
// image, is an error.
// https://html.spec.whatwg.org/multipage/images.html#update-the-image-data (step 24)
func (s *session) loadImage(ctx context.Context, rawURL string) (jsruntime.ImageInfo, error) {
	req, err := http.NewRequestWithContext(ctx, http.MethodGet, rawURL, nil)
	if err != nil {
		return jsruntime.ImageInfo{}, err
	}
	res, err := s.client.Do(ctx, req, xhr.Params{Kind: xhr.KindImage, Mode: xhr.ModeNoCORS})
	var blocked *xhr.BlockedError
	if errors.As(err, &blocked) {
		return jsruntime.ImageInfo{}, fmt.Errorf("%w: %w", jsruntime.ErrNotFetched, err)
	}
	if err != nil {
		return jsruntime.ImageInfo{}, err
	}
	if res.Status < 200 || res.Status > 299 {
		return jsruntime.ImageInfo{}, fmt.Errorf("image %s: HTTP status %d", rawURL, res.Status)
	}
	info, ok := jsruntime.SniffImage(res.Header.Get("Content-Type"), res.Body)
	if !ok && strings.HasPrefix(ascii.Lower(res.Header.Get("Content-Type")), "image/") {
		// An image format bangsnap does not read: loaded, of unknown
		// size.
		return jsruntime.ImageInfo{}, nil
	}
	if !ok {
		return jsruntime.ImageInfo{}, fmt.Errorf("image %s: %w", rawURL, errNotImage)
	}
	return info, nil
}

// errNotImage reports bytes that are no image format bangsnap knows.
var errNotImage = errors.New("not a decodable image")
