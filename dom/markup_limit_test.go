package dom

import (
	"errors"
	"strings"
	"testing"
)

// failingWriter accepts max bytes, then fails every write and counts them.
type failingWriter struct {
	max, n, after int
}

var errFull = errors.New("full")

func (w *failingWriter) Write(p []byte) (int, error) {
	if w.n+len(p) > w.max {
		w.after++
		return 0, errFull
	}
	w.n += len(p)
	return len(p), nil
}

// TestWriteHTMLStopsAtWriterError: once its writer fails, serialization
// stops instead of escaping the rest of the document (a page can grow it to
// many gigabytes of text: a hundred thousand text nodes sharing one string).
func TestWriteHTMLStopsAtWriterError(t *testing.T) {
	d, err := Parse(strings.NewReader("<!doctype html><body>"))
	if err != nil {
		t.Fatal(err)
	}
	text := strings.Repeat("a<b&", 1<<18) // 1 MiB, escaped to more
	body := d.Body()
	for range 2000 {
		if _, err := body.AppendChild(d.CreateTextNode(text)); err != nil {
			t.Fatal(err)
		}
	}
	w := &failingWriter{max: 4 << 20}
	visited := 0 // nodes the serializer went on to (Skip is asked for each)
	opts := SerializeOptions{Skip: func(*Node) bool { visited++; return false }}
	if err := WriteHTML(w, &d.Node, opts); !errors.Is(err, errFull) {
		t.Fatalf("WriteHTML = %v, want the writer's error", err)
	}
	if w.after > 1 {
		t.Errorf("%d writes after the first failure, want none", w.after-1)
	}
	// 4 MiB hold a few of the 2000 text nodes: the serializer must not
	// visit the rest.
	if visited > 100 {
		t.Errorf("the serializer visited %d nodes after its writer failed at 4 MiB", visited)
	}
}
