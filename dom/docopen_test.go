package dom

import (
	"errors"
	"testing"
)

func TestDocumentOpenWriteClose(t *testing.T) {
	tests := []struct {
		name   string
		run    func(d *Document) error
		want   string // the document element's outer HTML, "" for none
		titled string
	}{
		{"open empties", func(d *Document) error { return d.Open() }, "", ""},
		{"write without open replaces", func(d *Document) error { return d.Write("<b>a</b>") }, "<html><head></head><body><b>a</b></body></html>", ""},
		{"writes accumulate", func(d *Document) error {
			if err := d.Open(); err != nil {
				return err
			}
			for _, s := range []string{"<title>x", "</title><p>", "y"} {
				if err := d.Write(s); err != nil {
					return err
				}
			}
			return d.Close()
		}, "<html><head><title>x</title></head><body><p>y</p></body></html>", "x"},
		{"write after close opens again", func(d *Document) error {
			_ = d.Write("<i>1</i>")
			_ = d.Close()
			return d.Write("<u>2</u>")
		}, "<html><head></head><body><u>2</u></body></html>", ""},
		{"close alone keeps the document", func(d *Document) error { return d.Close() }, "<html><head><title>t</title></head><body></body></html>", "t"},
		{"a doctype alone makes no html element until close", func(d *Document) error {
			if err := d.Open(); err != nil {
				return err
			}
			if err := d.Write("<!DOCTYPE html><!--c-->\n"); err != nil {
				return err
			}
			if n := d.ChildCount(); n != 2 || d.DocumentElement() != nil {
				return errors.New("an html element before close")
			}
			return d.Close()
		}, "<html><head></head><body></body></html>", ""},
		{"open then close leaves the implied tree", func(d *Document) error {
			if err := d.Open(); err != nil {
				return err
			}
			return d.Close()
		}, "<html><head></head><body></body></html>", ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			d := NewHTMLDocument("t", true)
			if err := tt.run(d); err != nil {
				t.Fatal(err)
			}
			got := ""
			if e := d.DocumentElement(); e != nil {
				got = e.OuterHTML()
			}
			if got != tt.want || d.Title() != tt.titled {
				t.Errorf("got %q title %q, want %q title %q", got, d.Title(), tt.want, tt.titled)
			}
		})
	}
}

func TestDocumentOpenXML(t *testing.T) {
	d := NewDocument()
	d.xml = true
	for name, err := range map[string]error{"open": d.Open(), "write": d.Write("x"), "close": d.Close()} {
		var de *DOMError
		if !errors.As(err, &de) || de.Name != InvalidStateError {
			t.Errorf("%s: got %v, want InvalidStateError", name, err)
		}
	}
}

func TestDocumentOpenErasesListeners(t *testing.T) {
	d := NewHTMLDocument("", false)
	b := d.Body()
	b.Listeners().AddEventListener("x", ListenerFunc(func(*Event) {}), ListenerOptions{})
	if !b.Listeners().HasListeners("x") {
		t.Fatal("listener not added")
	}
	if err := d.Open(); err != nil {
		t.Fatal(err)
	}
	if b.Listeners().HasListeners("x") {
		t.Error("document.open kept a descendant's listener")
	}
}
