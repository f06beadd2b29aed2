package jsruntime

import (
	"strconv"

	"github.com/dop251/goja"

	"github.com/bangsnap/bangsnap/dom"
	"github.com/bangsnap/bangsnap/jsruntime/bind"
	"github.com/bangsnap/bangsnap/xhr"
)

// A fileList is the FileList of an <input type=file>. A render never
// chooses files, so every list is empty; the interface exists because
// libraries test values against it (_hyperscript: x instanceof FileList).
type fileList struct{ files []*xhr.File }

// fileListIface declares FileList.
// https://w3c.github.io/FileAPI/#filelist-section
var fileListIface = &bind.Interface{
	Name: "FileList",
	Attributes: []bind.Attribute{
		{Name: "length", Get: func(r *bind.Realm, this any) goja.Value { return win(r).int(len(this.(*fileList).files)) }},
	},
	Methods: []bind.Method{
		{Name: "item", Length: 1, Fn: func(r *bind.Realm, this any, args []goja.Value) goja.Value {
			return win(r).fileAt(this.(*fileList), int64(bind.UnsignedLong(args[0])))
		}},
	},
	IndexedIterator: true,
	Exotic: &bind.Exotic{
		Get: func(r *bind.Realm, this any, key string) goja.Value {
			if i := bind.Index(key); i >= 0 && i < len(this.(*fileList).files) {
				return win(r).fileAt(this.(*fileList), int64(i))
			}
			return nil
		},
		Keys: func(r *bind.Realm, this any) []string { return indexKeys(len(this.(*fileList).files)) },
	},
}

func (w *Window) fileAt(l *fileList, i int64) goja.Value {
	if i < 0 || i >= int64(len(l.files)) {
		return w.null
	}
	cls := w.realm.Class("File")
	if cls == nil { // a window without the network extension has no File
		return w.null
	}
	return w.realm.WrapObject(l.files[i], cls)
}

// inputFiles is HTMLInputElement.files: the same FileList object every
// time for a file input, null for the other types.
// https://html.spec.whatwg.org/multipage/input.html#dom-input-files
func (w *Window) inputFiles(n *dom.Node) goja.Value {
	if n.InputType() != "file" {
		return w.null
	}
	if o := w.fileLists[n]; o != nil {
		return o
	}
	if w.fileLists == nil {
		w.fileLists = make(map[*dom.Node]*goja.Object)
	}
	o := w.realm.WrapObject(&fileList{}, w.realm.Class("FileList"))
	w.fileLists[n] = o
	return o
}

// indexKeys lists the indices 0..n-1 as property keys.
func indexKeys(n int) []string {
	keys := make([]string, n)
	for i := range keys {
		keys[i] = strconv.Itoa(i)
	}
	return keys
}

// Serialize makes structured clone's copy of a FileList: new File objects
// of the same files (their bytes are never modified, so the copies share
// them).
// https://w3c.github.io/FileAPI/#filelist-section (FileList is [Serializable])
func (l *fileList) Serialize(*bind.Realm) (any, bool) {
	files := make([]*xhr.File, len(l.files))
	for i, f := range l.files {
		cp := *f
		files[i] = &cp
	}
	return &fileList{files: files}, true
}
