package jsruntime

import (
	"strings"

	"github.com/bangsnap/bangsnap/internal/ascii"
	"github.com/dop251/goja"

	"github.com/bangsnap/bangsnap/dom"
	"github.com/bangsnap/bangsnap/jsruntime/bind"
	"github.com/bangsnap/bangsnap/xhr"
)

// DataTransfer, DataTransferItemList and DataTransferItem: the drag data
// store of a DataTransfer a script makes (new DataTransfer()) or passes to
// a DragEvent or ClipboardEvent. No drag ever happens in a render, so the
// store is always in read/write mode and dropEffect and effectAllowed stay
// "none" (Chromium ignores setting them outside a drag). Its files are a
// FileList, which input.files accepts.
// https://html.spec.whatwg.org/multipage/dnd.html#the-datatransfer-interface

type dataTransfer struct {
	items  []dtItem
	lastID int
	// files is the FileList of the file items, the same object throughout.
	files *fileList
	// types is the frozen array types returned, until the items change.
	types *goja.Object
}

// dtItem is an item of the drag data store: a string (file nil) or a file.
type dtItem struct {
	id   int
	typ  string
	data string
	file *xhr.File
}

// dtItemRef is a DataTransferItem: Chromium makes a new one at each read
// of the list, each naming the item it was made for.
type dtItemRef struct {
	dt *dataTransfer
	id int
}

// dtList is a DataTransferItemList (a new one at each read of items, as in
// Chromium).
type dtList struct{ dt *dataTransfer }

// normalizeFormat is the type a format names: lower-cased, with "text"
// for text/plain and "url" for text/uri-list.
// https://html.spec.whatwg.org/multipage/dnd.html#dom-datatransfer-setdata
func normalizeFormat(f string) string {
	f = ascii.Lower(f)
	switch f {
	case "text":
		return "text/plain"
	case "url":
		return "text/uri-list"
	}
	return f
}

// add appends an item.
func (dt *dataTransfer) add(it dtItem) {
	dt.lastID++
	it.id = dt.lastID
	dt.items = append(dt.items, it)
	dt.changed()
}

func (dt *dataTransfer) changed() {
	dt.types = nil
	var files []*xhr.File
	for i := range dt.items {
		if dt.items[i].file != nil {
			files = append(files, dt.items[i].file)
		}
	}
	dt.files.files = files
}

// find returns the index of the string item of type typ, or -1.
func (dt *dataTransfer) find(typ string) int {
	for i := range dt.items {
		if dt.items[i].file == nil && ascii.Lower(dt.items[i].typ) == typ {
			return i
		}
	}
	return -1
}

func (dt *dataTransfer) remove(i int) {
	dt.items = append(dt.items[:i], dt.items[i+1:]...)
	dt.changed()
}

// getData implements getData: "url" reads the first URL of the list.
// https://html.spec.whatwg.org/multipage/dnd.html#dom-datatransfer-getdata
func (dt *dataTransfer) getData(format string) string {
	f := ascii.Lower(format)
	convertURL := false
	switch f {
	case "text":
		f = "text/plain"
	case "url":
		f, convertURL = "text/uri-list", true
	}
	i := dt.find(f)
	if i < 0 {
		return ""
	}
	s := dt.items[i].data
	if convertURL {
		for _, line := range strings.Split(strings.ReplaceAll(s, "\r\n", "\n"), "\n") {
			if line != "" && !strings.HasPrefix(line, "#") {
				return line
			}
		}
		return ""
	}
	return s
}

// typesArray is the frozen array of types: the string items' types in
// order, then "Files" when there are files.
func (dt *dataTransfer) typesArray(w *Window) *goja.Object {
	if dt.types != nil {
		return dt.types
	}
	var vals []any
	hasFiles := false
	for i := range dt.items {
		if dt.items[i].file != nil {
			hasFiles = true
			continue
		}
		vals = append(vals, w.str(dt.items[i].typ))
	}
	if hasFiles {
		vals = append(vals, w.str("Files"))
	}
	arr := w.rt.NewArray(vals...)
	if of, ok := w.rt.Get("Object").(*goja.Object); ok {
		if freeze, ok := goja.AssertFunction(of.Get("freeze")); ok {
			_, _ = freeze(of, arr)
		}
	}
	dt.types = arr
	return arr
}

func newDataTransfer() *dataTransfer { return &dataTransfer{files: &fileList{}} }

func dtOf(this any) *dataTransfer { return this.(*dataTransfer) }

func (w *Window) dtItemValue(dt *dataTransfer, i int) goja.Value {
	return w.realm.WrapObject(&dtItemRef{dt: dt, id: dt.items[i].id}, w.realm.Class("DataTransferItem"))
}

// ref returns the item a DataTransferItem names, nil once it left the
// store (its kind and type are then "").
func (ref *dtItemRef) ref() *dtItem {
	dt := ref.dt
	for i := range dt.items {
		if dt.items[i].id == ref.id {
			return &dt.items[i]
		}
	}
	return nil
}

var dataTransferIface = &bind.Interface{
	Name: "DataTransfer",
	Constructor: func(r *bind.Realm, args []goja.Value, nt *goja.Object) any {
		return newDataTransfer()
	},
	Attributes: []bind.Attribute{
		{Name: "dropEffect", Get: func(r *bind.Realm, this any) goja.Value { return win(r).str("none") }, Set: ignoreSet},
		{Name: "effectAllowed", Get: func(r *bind.Realm, this any) goja.Value { return win(r).str("none") }, Set: ignoreSet},
		{Name: "items", Get: func(r *bind.Realm, this any) goja.Value {
			return r.WrapObject(&dtList{dtOf(this)}, r.Class("DataTransferItemList"))
		}},
		{Name: "types", Get: func(r *bind.Realm, this any) goja.Value { return dtOf(this).typesArray(win(r)) }},
		{Name: "files", Get: func(r *bind.Realm, this any) goja.Value {
			return r.WrapObject(dtOf(this).files, r.Class("FileList"))
		}},
	},
	Methods: []bind.Method{
		{Name: "setDragImage", Length: 3, Fn: func(r *bind.Realm, this any, args []goja.Value) goja.Value {
			if n := win(r).toNode(args[0]); n == nil || !n.IsElement() {
				r.ThrowTypeError("Failed to execute 'setDragImage' on 'DataTransfer': parameter 1 is not of type 'Element'.")
			}
			return nil
		}},
		{Name: "getData", Length: 1, Fn: func(r *bind.Realm, this any, args []goja.Value) goja.Value {
			return win(r).str(dtOf(this).getData(bind.DOMString(args[0])))
		}},
		{Name: "setData", Length: 2, Fn: func(r *bind.Realm, this any, args []goja.Value) goja.Value {
			// The item of that type is removed and added again at the end.
			dt := dtOf(this)
			typ, data := normalizeFormat(bind.DOMString(args[0])), bind.DOMString(args[1])
			if i := dt.find(typ); i >= 0 {
				dt.items = append(dt.items[:i], dt.items[i+1:]...)
			}
			dt.add(dtItem{typ: typ, data: data})
			return nil
		}},
		{Name: "clearData", Fn: func(r *bind.Realm, this any, args []goja.Value) goja.Value {
			// Without a format every string item goes; files stay.
			dt := dtOf(this)
			if v := bind.Arg(args, 0); !bind.Absent(v) {
				if i := dt.find(normalizeFormat(bind.DOMString(v))); i >= 0 {
					dt.remove(i)
				}
				return nil
			}
			kept := dt.items[:0]
			for _, it := range dt.items {
				if it.file != nil {
					kept = append(kept, it)
				}
			}
			dt.items = kept
			dt.changed()
			return nil
		}},
	},
}

var dataTransferItemListIface = &bind.Interface{
	Name: "DataTransferItemList",
	Attributes: []bind.Attribute{
		{Name: "length", Get: func(r *bind.Realm, this any) goja.Value { return win(r).int(len(this.(*dtList).dt.items)) }},
	},
	Methods: []bind.Method{
		{Name: "add", Length: 1, Fn: func(r *bind.Realm, this any, args []goja.Value) goja.Value {
			// https://html.spec.whatwg.org/multipage/dnd.html#dom-datatransferitemlist-add
			w := win(r)
			dt := this.(*dtList).dt
			if len(args) >= 2 {
				data, typ := bind.DOMString(args[0]), bind.DOMString(args[1])
				if dt.find(ascii.Lower(typ)) >= 0 {
					r.ThrowDOMException("NotSupportedError", "Failed to execute 'add' on 'DataTransferItemList': An item already exists for type '"+ascii.Lower(typ)+"'.")
				}
				dt.add(dtItem{typ: typ, data: data})
				return w.dtItemValue(dt, len(dt.items)-1)
			}
			var f *xhr.File
			if cls := r.Class("File"); cls != nil {
				if impl, ok := r.UnwrapAs(args[0], cls); ok {
					f, _ = impl.(*xhr.File)
				}
			}
			if f == nil {
				r.ThrowTypeError("Failed to execute 'add' on 'DataTransferItemList': parameter 1 is not of type 'File'.")
			}
			dt.add(dtItem{typ: f.Type(), file: f})
			return w.dtItemValue(dt, len(dt.items)-1)
		}},
		{Name: "remove", Length: 1, Fn: func(r *bind.Realm, this any, args []goja.Value) goja.Value {
			dt := this.(*dtList).dt
			if i := int64(bind.UnsignedLong(args[0])); i < int64(len(dt.items)) {
				dt.remove(int(i))
			}
			return nil
		}},
		{Name: "clear", Fn: func(r *bind.Realm, this any, args []goja.Value) goja.Value {
			dt := this.(*dtList).dt
			dt.items = nil
			dt.changed()
			return nil
		}},
	},
	Exotic: &bind.Exotic{
		Get: func(r *bind.Realm, this any, key string) goja.Value {
			dt := this.(*dtList).dt
			if i := bind.Index(key); i >= 0 && i < len(dt.items) {
				return win(r).dtItemValue(dt, i)
			}
			return nil
		},
		Keys: func(r *bind.Realm, this any) []string { return indexKeys(len(this.(*dtList).dt.items)) },
	},
}

var dataTransferItemIface = &bind.Interface{
	Name: "DataTransferItem",
	Attributes: []bind.Attribute{
		{Name: "kind", Get: func(r *bind.Realm, this any) goja.Value {
			it := this.(*dtItemRef).ref()
			switch {
			case it == nil:
				return win(r).str("")
			case it.file != nil:
				return win(r).str("file")
			}
			return win(r).str("string")
		}},
		{Name: "type", Get: func(r *bind.Realm, this any) goja.Value {
			if it := this.(*dtItemRef).ref(); it != nil {
				return win(r).str(it.typ)
			}
			return win(r).str("")
		}},
	},
	Methods: []bind.Method{
		{Name: "getAsString", Length: 1, Fn: func(r *bind.Realm, this any, args []goja.Value) goja.Value {
			// The callback runs in a task, with the string at the time of
			// the call; a file item never calls it.
			// https://html.spec.whatwg.org/multipage/dnd.html#dom-datatransferitem-getasstring
			w := win(r)
			if bind.Nullish(args[0]) {
				return nil
			}
			cb, ok := goja.AssertFunction(args[0])
			if !ok {
				r.ThrowTypeError("Failed to execute 'getAsString' on 'DataTransferItem': The callback provided as parameter 1 is not a function.")
			}
			it := this.(*dtItemRef).ref()
			if it == nil || it.file != nil {
				return nil
			}
			s := w.str(it.data)
			w.loop.QueueTask(func() { w.call(cb, goja.Undefined(), s) })
			return nil
		}},
		{Name: "getAsFile", Fn: func(r *bind.Realm, this any, args []goja.Value) goja.Value {
			it := this.(*dtItemRef).ref()
			if it == nil || it.file == nil {
				return win(r).null
			}
			return r.WrapObject(it.file, r.Class("File"))
		}},
	},
}

var dataTransferIfaces = []*bind.Interface{dataTransferIface, dataTransferItemListIface, dataTransferItemIface}

// dataTransferMember reads a DataTransfer? member of an event init
// dictionary (DragEventInit.dataTransfer, ClipboardEventInit.clipboardData).
func dataTransferMember(dict eventDict, member string) goja.Value {
	return dict.object(member, "DataTransfer", func(v goja.Value) bool {
		_, ok := dict.r.UnwrapAs(v, dict.r.Class("DataTransfer"))
		return ok
	})
}

// setInputFiles implements the files setter of an input: a FileList
// replaces the input's list (null is ignored).
// https://html.spec.whatwg.org/multipage/input.html#dom-input-files
func (w *Window) setInputFiles(n *dom.Node, v goja.Value) {
	if bind.Nullish(v) {
		return
	}
	o, ok := v.(*goja.Object)
	if ok {
		_, ok = w.realm.UnwrapAs(o, w.realm.Class("FileList"))
	}
	if !ok {
		w.realm.ThrowTypeError("Failed to set the 'files' property on 'HTMLInputElement': The provided value is not of type 'FileList'.")
	}
	if n.InputType() != "file" {
		return
	}
	if w.fileLists == nil {
		w.fileLists = make(map[*dom.Node]*goja.Object)
	}
	w.fileLists[n] = o
}

// inputFileList is the files of a file input (none unless a script set
// its files).
func (w *Window) inputFileList(n *dom.Node) []*xhr.File {
	o := w.fileLists[n]
	if o == nil {
		return nil
	}
	if impl, ok := w.realm.UnwrapAs(o, w.realm.Class("FileList")); ok {
		return impl.(*fileList).files
	}
	return nil
}

// fileInputValue is the value of a file input: C:\fakepath\ and the name
// of its first file, or "".
// https://html.spec.whatwg.org/multipage/input.html#dom-input-value-filename
func (w *Window) fileInputValue(n *dom.Node) string {
	if files := w.inputFileList(n); len(files) > 0 {
		return `C:\fakepath\` + files[0].Name
	}
	return ""
}
