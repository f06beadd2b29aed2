package server

import (
	"bytes"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"net/http"
	"os"
	"path/filepath"
	"strings"

	"golang.org/x/net/http/httpguts"
)

// maxSnapshotFile bounds the size of a pre-generated snapshot read from disk,
// and maxMetaFile that of its sidecar.
const (
	maxSnapshotFile = 32 << 20
	maxMetaFile     = 64 << 10
)

// metaSuffix names a snapshot file's sidecar: NAME.html.meta.
const metaSuffix = ".meta"

// A snapshotMeta is the sidecar of a snapshot file whose answer is not a
// plain 200 text/html: its status and headers, and the SHA-256 of the file
// it belongs to, so that a sidecar and a file written at different moments
// are never served together.
type snapshotMeta struct {
	Status int         `json:"status"`
	Header http.Header `json:"header,omitempty"`
	SHA256 string      `json:"sha256"`
}

// defaultFileHeader is the header of a snapshot file without a sidecar.
func defaultFileHeader() http.Header {
	return http.Header{"Content-Type": {"text/html; charset=utf-8"}}
}

// fromDir returns the pre-generated snapshot for key from
// Options.SnapshotDir, or nil when there is none (or it is not usable: then
// the page is rendered as if there were none, and a line is logged).
func (s *Service) fromDir(key string) *entry {
	if s.opts.SnapshotDir == "" {
		return nil
	}
	name := filepath.Join(s.opts.SnapshotDir, SnapshotFileName(key))
	f, err := os.Open(name)
	if err != nil {
		if !errors.Is(err, fs.ErrNotExist) {
			s.log.Warn("snapshot dir", "file", name, "err", err)
		}
		return nil
	}
	defer f.Close()
	fi, err := f.Stat()
	if err != nil || !fi.Mode().IsRegular() || fi.Size() > maxSnapshotFile {
		s.log.Warn("snapshot dir: not a usable file", "file", name)
		return nil
	}
	body := make([]byte, fi.Size())
	if _, err := io.ReadFull(f, body); err != nil {
		s.log.Warn("snapshot dir", "file", name, "err", err)
		return nil
	}
	status, h, err := readSnapshotMeta(name+metaSuffix, body)
	if err != nil {
		s.log.Warn("snapshot dir: bad sidecar, the file is not served", "file", name+metaSuffix, "err", err)
		return nil
	}
	return newEntry(key, status, h, body, fi.ModTime())
}

// readSnapshotMeta reads the sidecar of a snapshot file whose content is
// body: the status and headers to serve it with (200 text/html when there
// is no sidecar). A sidecar that cannot be read, is not valid, or belongs to
// other content is an error.
func readSnapshotMeta(name string, body []byte) (int, http.Header, error) {
	f, err := os.Open(name)
	if errors.Is(err, fs.ErrNotExist) {
		return http.StatusOK, defaultFileHeader(), nil
	}
	if err != nil {
		return 0, nil, err
	}
	defer f.Close()
	b, err := io.ReadAll(io.LimitReader(f, maxMetaFile+1))
	if err != nil {
		return 0, nil, err
	}
	if len(b) > maxMetaFile {
		return 0, nil, fmt.Errorf("larger than %d bytes", maxMetaFile)
	}
	m, err := parseSnapshotMeta(b)
	if err != nil {
		return 0, nil, err
	}
	if sum := sha256.Sum256(body); m.SHA256 != hex.EncodeToString(sum[:]) {
		return 0, nil, errors.New("its sha256 is not that of the file (written by another run, or the file was changed)")
	}
	if m.Header == nil {
		m.Header = http.Header{}
	}
	return m.Status, m.Header, nil
}

// parseSnapshotMeta decodes and checks a sidecar.
func parseSnapshotMeta(b []byte) (*snapshotMeta, error) {
	var m snapshotMeta
	d := json.NewDecoder(bytes.NewReader(b))
	d.DisallowUnknownFields()
	if err := d.Decode(&m); err != nil {
		return nil, fmt.Errorf("not a sidecar: %w", err)
	}
	if d.More() {
		return nil, errors.New("not a sidecar: data after its JSON object")
	}
	if m.Status < 200 || m.Status > 599 || m.Status == http.StatusNotModified {
		return nil, fmt.Errorf("status %d cannot be served", m.Status)
	}
	if len(m.SHA256) != 64 {
		return nil, errors.New("no sha256 of its file")
	}
	for k, vs := range m.Header {
		if !httpguts.ValidHeaderFieldName(k) {
			return nil, fmt.Errorf("header name %q is not valid", k)
		}
		for _, v := range vs {
			if !httpguts.ValidHeaderFieldValue(v) {
				return nil, fmt.Errorf("header %s: value %q is not valid", k, v)
			}
		}
	}
	return &m, nil
}

// isSnapshotFileName reports whether name (a base name) is one that
// SnapshotFileName gives, or the sidecar of one: what pruning a snapshot
// directory may remove. Other files are never touched.
func isSnapshotFileName(name string) bool {
	name = strings.TrimSuffix(name, metaSuffix)
	stem, ok := strings.CutSuffix(name, ".html")
	if !ok || stem == "" {
		return false
	}
	if hexPart, ok := strings.CutPrefix(stem, "sha256-"); ok && len(hexPart) == 64 {
		for i := 0; i < len(hexPart); i++ {
			if c := hexPart[i]; !('0' <= c && c <= '9' || 'a' <= c && c <= 'f') {
				return false
			}
		}
		return true
	}
	// A key is an ugly URL: its name holds the escaped parameter.
	if len(stem) > 200 || !strings.Contains(stem, "_escaped_fragment_=") {
		return false
	}
	for i := 0; i < len(stem); i++ {
		c := stem[i]
		switch {
		case 'A' <= c && c <= 'Z' || 'a' <= c && c <= 'z' || '0' <= c && c <= '9' || c == '.' || c == '_' || c == '=' || c == '-':
		case c == '%' && i+2 < len(stem) && isUpperHex(stem[i+1]) && isUpperHex(stem[i+2]):
			i += 2
		default:
			return false
		}
	}
	return true
}

func isUpperHex(c byte) bool { return '0' <= c && c <= '9' || 'A' <= c && c <= 'F' }
