package xhr

import (
	"reflect"
	"strings"
	"testing"
)

func TestBlobSlice(t *testing.T) {
	b := NewBlob([][]byte{[]byte("hello "), []byte("world")}, "Text/Plain")
	if b.Type() != "text/plain" || b.Size() != 11 {
		t.Fatalf("blob %q %d", b.Type(), b.Size())
	}
	tests := []struct {
		start, end int64
		want       string
	}{
		{0, 5, "hello"}, {6, 100, "world"}, {-5, 11, "world"}, {-100, 2, "he"}, {5, 2, ""}, {0, -6, "hello"},
	}
	for _, tt := range tests {
		if got := string(b.Slice(tt.start, tt.end, "").Bytes()); got != tt.want {
			t.Errorf("Slice(%d, %d) = %q, want %q", tt.start, tt.end, got, tt.want)
		}
	}
	if NewBlob(nil, "a\u00e9").Type() != "" {
		t.Error("non-ASCII type kept")
	}
}

func TestFormDataMultipartRoundTrip(t *testing.T) {
	fd := NewFormData()
	fd.Append("name", "Ada\nLovelace")
	fd.Append("tag", "a")
	fd.Append("tag", "b")
	fd.AppendBlob("file", NewBlob([][]byte{[]byte("data")}, "text/csv"), nil, "x.csv")
	fd.AppendBlob("raw", NewBlob([][]byte{[]byte("zz")}, ""), nil, "")
	fd.Set("tag", "c")

	body, ct, err := ExtractBody(fd)
	if err != nil {
		t.Fatal(err)
	}
	if !strings.HasPrefix(ct, "multipart/form-data; boundary=----formdata-bangsnap-") {
		t.Fatalf("content type %q", ct)
	}
	if !strings.Contains(string(body), "Ada\r\nLovelace") || !strings.Contains(string(body), `filename="x.csv"`+"\r\nContent-Type: text/csv") {
		t.Errorf("body:\n%s", body)
	}
	back, err := ParseFormData(body, ct)
	if err != nil {
		t.Fatal(err)
	}
	var got []string
	for _, e := range back.Entries() {
		if e.File != nil {
			got = append(got, e.Name+"=file:"+e.File.Name+":"+e.File.Type()+":"+string(e.File.Bytes()))
		} else {
			got = append(got, e.Name+"="+e.Value)
		}
	}
	want := []string{"name=Ada\r\nLovelace", "tag=c", "file=file:x.csv:text/csv:data", "raw=file:blob:application/octet-stream:zz"}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("round trip = %q, want %q", got, want)
	}
}

func TestURLEncoded(t *testing.T) {
	pairs := [][2]string{{"a b", "c&d"}, {"é", "~*"}}
	s := SerializeURLEncoded(pairs)
	if s != "a+b=c%26d&%C3%A9=%7E*" {
		t.Errorf("serialize = %q", s)
	}
	if got := ParseURLEncoded(s); !reflect.DeepEqual(got, pairs) {
		t.Errorf("parse = %q", got)
	}
	if got := ParseURLEncoded("a&&b=%zz&=x"); !reflect.DeepEqual(got, [][2]string{{"a", ""}, {"b", "%zz"}, {"", "x"}}) {
		t.Errorf("lenient parse = %q", got)
	}
}

func TestExtractBody(t *testing.T) {
	tests := []struct {
		in       any
		body, ct string
	}{
		{nil, "", ""},
		{"héllo", "héllo", "text/plain;charset=UTF-8"},
		{[]byte{1, 2}, "\x01\x02", ""},
		{NewBlob([][]byte{[]byte("x")}, "image/png"), "x", "image/png"},
		{URLEncoded("a=1"), "a=1", "application/x-www-form-urlencoded;charset=UTF-8"},
		{DocumentBody{Data: "<p>", HTML: true}, "<p>", "text/html;charset=UTF-8"},
	}
	for _, tt := range tests {
		body, ct, err := ExtractBody(tt.in)
		if err != nil || string(body) != tt.body || ct != tt.ct {
			t.Errorf("ExtractBody(%v) = %q %q %v", tt.in, body, ct, err)
		}
	}
	if _, _, err := ExtractBody(42); err == nil {
		t.Error("int body accepted")
	}
}

func FuzzParseFormData(f *testing.F) {
	fd := NewFormData()
	fd.Append("a", "b")
	f.Add(fd.EncodeMultipart("XyZ"), "multipart/form-data; boundary=XyZ")
	f.Add([]byte("a=1&b=%41"), "application/x-www-form-urlencoded")
	f.Fuzz(func(t *testing.T, body []byte, ct string) {
		fd, err := ParseFormData(body, ct)
		if err == nil && fd == nil {
			t.Fatal("nil FormData without error")
		}
	})
}

func TestFormDataOps(t *testing.T) {
	fd := NewFormData()
	fd.Append("a", "1")
	fd.Append("b", "2")
	fd.Append("a", "3")
	fd.SetBlob("b", NewBlob([][]byte{[]byte("x")}, ""), nil, "")
	if e, ok := fd.Get("a"); !ok || e.Value != "1" {
		t.Errorf("Get = %+v %v", e, ok)
	}
	if all := fd.GetAll("a"); len(all) != 2 || all[1].Value != "3" {
		t.Errorf("GetAll = %+v", all)
	}
	if e, _ := fd.Get("b"); e.File == nil || e.File.Name != "blob" {
		t.Errorf("SetBlob entry %+v", e)
	}
	fd.Delete("a")
	if fd.Has("a") || !fd.Has("b") || len(fd.Entries()) != 1 {
		t.Errorf("after Delete: %+v", fd.Entries())
	}
	fd.Append("q", "a b&c")
	if got := fd.EncodeURLEncoded(); got != "b=blob&q=a+b%26c" {
		t.Errorf("EncodeURLEncoded = %q", got)
	}
	f := NewFile([][]byte{[]byte("é")}, "n.txt", "text/plain", 7)
	fd.AppendBlob("f", nil, f, "renamed.txt")
	if e, _ := fd.Get("f"); e.File.Name != "renamed.txt" || f.Name != "n.txt" || e.File.Text() != "é" || e.File.LastModified != 7 {
		t.Errorf("renamed file entry %+v (original %q)", e.File, f.Name)
	}
}
