package domtest

import (
	"bytes"
	"testing"
)

func TestRealistic(t *testing.T) {
	for _, size := range []int{0, 1000, 1 << 16} {
		doc := Realistic(size)
		if len(doc) < size {
			t.Errorf("Realistic(%d) is %d bytes", size, len(doc))
		}
		if !bytes.HasPrefix(doc, []byte("<!DOCTYPE html>")) || !bytes.HasSuffix(doc, []byte("</body></html>")) {
			t.Errorf("Realistic(%d) is not a whole document", size)
		}
		if !bytes.Equal(doc, Realistic(size)) {
			t.Errorf("Realistic(%d) differs between calls", size)
		}
	}
}
