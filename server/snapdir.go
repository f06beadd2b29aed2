package server

import (
	"errors"
	"io"
	"io/fs"
	"net/http"
	"os"
	"path/filepath"
)

// maxSnapshotFile bounds the size of a pre-generated snapshot read from disk.
const maxSnapshotFile = 32 << 20

// fromDir returns the pre-generated snapshot for key from
// Options.SnapshotDir, or nil when there is none.
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
	h := http.Header{"Content-Type": {"text/html; charset=utf-8"}}
	return newEntry(key, http.StatusOK, h, body, fi.ModTime())
}
