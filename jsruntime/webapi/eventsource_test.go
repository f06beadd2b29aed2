package webapi

import (
	"fmt"
	"strings"
	"testing"
	"time"
	"unicode/utf8"
)

// parseStream feeds chunks to a new parser and lists the events it
// dispatched as type:data#id.
func parseStream(p *eventStreamParser, chunks ...string) []string {
	p.reset()
	var out []string
	for _, c := range chunks {
		for _, ev := range p.feed([]byte(c)) {
			out = append(out, fmt.Sprintf("%s:%q#%s", ev.typ, ev.data, ev.lastEventID))
		}
	}
	return out
}

func TestEventStreamParser(t *testing.T) {
	tests := []struct {
		name    string
		chunks  []string
		want    []string
		lastID  string
		retryMS int64 // 0: the default
	}{
		{"simple", []string{"data: a\n\n"}, []string{`message:"a"#`}, "", 0},
		{"multi-line data", []string{"data: a\ndata:b\ndata\n\n"}, []string{`message:"a\nb\n"#`}, "", 0},
		{"one leading space only", []string{"data:  a \n\n"}, []string{`message:" a "#`}, "", 0},
		{"CR, LF and CRLF", []string{"data: a\rdata: b\r\ndata: c\n\r\n"}, []string{`message:"a\nb\nc"#`}, "", 0},
		{"CRLF split across chunks", []string{"data: a\r", "\n", "\r", "\n"}, []string{`message:"a"#`}, "", 0},
		{"line split across chunks", []string{"da", "ta: ab", "c\n", "\n"}, []string{`message:"abc"#`}, "", 0},
		{"BOM dropped", []string{"\xEF\xBB\xBFdata: a\n\n"}, []string{`message:"a"#`}, "", 0},
		{"BOM split", []string{"\xEF", "\xBB", "\xBFdata: a\n\n"}, []string{`message:"a"#`}, "", 0},
		{"second BOM kept", []string{"\xEF\xBB\xBF\xEF\xBB\xBFdata: a\n\n"}, nil, "", 0},
		{"character split", []string{"data: \xE2\x82", "\xAC\n\n"}, []string{`message:"€"#`}, "", 0},
		{"invalid UTF-8", []string{"data: \xFF\xE2\x82x\n\n"}, []string{"message:\"\uFFFD\uFFFDx\"#"}, "", 0},
		{"comments", []string{": hi\n:\ndata: a\n: between\n\n"}, []string{`message:"a"#`}, "", 0},
		{"named event, reset after", []string{"event: tick\ndata: 1\n\ndata: 2\n\n"}, []string{`tick:"1"#`, `message:"2"#`}, "", 0},
		{"empty event name is message", []string{"event\ndata: 1\n\n"}, []string{`message:"1"#`}, "", 0},
		{"id kept", []string{"id: 7\ndata: a\n\ndata: b\n\n"}, []string{`message:"a"#7`, `message:"b"#7`}, "7", 0},
		{"empty id resets", []string{"id: 7\ndata: a\n\nid\ndata: b\n\n"}, []string{`message:"a"#7`, `message:"b"#`}, "", 0},
		{"id with NUL ignored", []string{"id: 7\ndata: a\n\nid: 8\x009\ndata: b\n\n"}, []string{`message:"a"#7`, `message:"b"#7`}, "7", 0},
		{"id without data still sets lastEventId", []string{"id: 3\n\n"}, nil, "3", 0},
		{"no data, no event", []string{"event: x\n\ndata: y\n\n"}, []string{`message:"y"#`}, "", 0},
		{"unknown fields ignored", []string{"foo: bar\ndata: a\nDATA: b\n\n"}, []string{`message:"a"#`}, "", 0},
		{"retry", []string{"retry: 1500\n"}, nil, "", 1500},
		{"retry not digits ignored", []string{"retry: 15x\nretry: -1\nretry:\nretry: 1 \n"}, nil, "", 0},
		{"retry huge clamped", []string{"retry: 99999999999999999999999\n"}, nil, "", int64(time.Duration(1<<62) / time.Millisecond)},
		{"pending event discarded at the end", []string{"data: a\n\ndata: b\n"}, []string{`message:"a"#`}, "", 0},
		{"no final line end", []string{"data: a\n\ndata: b"}, []string{`message:"a"#`}, "", 0},
		{"colon in value", []string{"data: a: b\n\n"}, []string{`message:"a: b"#`}, "", 0},
		{"space before colon is field name", []string{"data : a\n\n"}, nil, "", 0},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var p eventStreamParser
			got := parseStream(&p, tt.chunks...)
			if strings.Join(got, "|") != strings.Join(tt.want, "|") {
				t.Errorf("events %q, want %q", got, tt.want)
			}
			if p.lastEventID != tt.lastID {
				t.Errorf("lastEventID %q, want %q", p.lastEventID, tt.lastID)
			}
			want := defaultReconnect
			if tt.retryMS != 0 {
				want = time.Duration(tt.retryMS) * time.Millisecond
			}
			if p.reconnect != want {
				t.Errorf("reconnect %v, want %v", p.reconnect, want)
			}
		})
	}
}

// A new connection starts a fresh stream but keeps the last event ID (it
// goes in Last-Event-ID and is the events' lastEventId until a new one)
// and the reconnection time.
func TestEventStreamParserReconnect(t *testing.T) {
	var p eventStreamParser
	parseStream(&p, "retry: 10\nid: 5\ndata: a\n\nid: 6\ndata: half")
	got := parseStream(&p, "\xEF\xBB\xBFdata: b\n\n")
	if want := `message:"b"#5`; len(got) != 1 || got[0] != want {
		t.Errorf("after reconnecting: %q, want %q", got, want)
	}
	if p.reconnect != 10*time.Millisecond {
		t.Errorf("reconnect %v", p.reconnect)
	}
}

// However a stream is cut into chunks, the events are the same, and
// nothing panics.
func FuzzEventStreamParser(f *testing.F) {
	f.Add([]byte("\xEF\xBB\xBFid: 1\r\nevent: x\rdata: a\n\n: c\ndata: \xE2\x82\xAC\r\n\r\nretry: 5\n"), uint8(3))
	f.Add([]byte("data\n\ndata:\n\nid\x00\n"), uint8(1))
	f.Fuzz(func(t *testing.T, stream []byte, cut uint8) {
		var whole, pieces eventStreamParser
		a := parseStream(&whole, string(stream))
		var chunks []string
		step := int(cut)%7 + 1
		for i := 0; i < len(stream); i += step {
			chunks = append(chunks, string(stream[i:min(i+step, len(stream))]))
		}
		b := parseStream(&pieces, chunks...)
		if strings.Join(a, "\x00") != strings.Join(b, "\x00") || whole.lastEventID != pieces.lastEventID || whole.reconnect != pieces.reconnect {
			t.Fatalf("whole %q, in chunks of %d %q", a, step, b)
		}
		for _, ev := range a {
			if !utf8.ValidString(ev) {
				t.Fatalf("event %q is not UTF-8", ev)
			}
		}
	})
}
