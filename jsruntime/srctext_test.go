package jsruntime

import "testing"

func TestDecodeMappings(t *testing.T) {
	got := decodeMappings(";;AAAA,SAAS;AACjC")
	want := []mapSeg{{2, 0, 0, 0}, {2, 9, 0, 9}, {3, 0, 1, 0}}
	if len(got) != len(want) {
		t.Fatalf("decodeMappings = %v, want %v", got, want)
	}
	for i := range want {
		if got[i].gl != want[i].gl || got[i].gc != want[i].gc || got[i].ol != want[i].ol {
			t.Errorf("segment %d = %v, want %v", i, got[i], want[i])
		}
	}
	for _, bad := range []string{"A!", "AAAAAAAAAAAAAAAA", "g", "AA"} {
		if decodeMappings(bad) != nil {
			t.Errorf("decodeMappings(%q) is not nil", bad)
		}
	}
}

func TestMethodStart(t *testing.T) {
	for _, c := range []struct {
		src  string
		key  int
		want int
	}{
		{"{ async *m() {} }", 9, 2},
		{"class A { static async *m() {} }", 24, 17},
		{"{ *m() {} }", 3, 2},
		{"{ async m() {} }", 8, 8},
		{"{ get g() {} }", 6, 2},
		{"o.get; m() {}", 7, 7},
		{"{ a, m() {} }", 5, 5},
	} {
		if got := methodStart(c.src, c.key); got != c.want {
			t.Errorf("methodStart(%q, %d) = %d, want %d", c.src, c.key, got, c.want)
		}
	}
}
