// Package astgen writes the typed walker of package astwalk from the
// declarations of goja's AST package (github.com/dop251/goja/ast), read with
// go/types. It runs at generation time (go generate, and astwalk's test that
// the generated file is current), never in a render; it must not be
// imported by anything but the generator and that test.
package astgen

import (
	"bytes"
	"fmt"
	goast "go/ast"
	"go/format"
	"go/importer"
	"go/parser"
	"go/token"
	"go/types"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
)

// ASTPath is the package the walker walks.
const ASTPath = "github.com/dop251/goja/ast"

// SkippedFields are child fields the walker leaves out, by name:
// DeclarationList (of FunctionLiteral, ArrowFunctionLiteral,
// ClassStaticBlock and Program) repeats the var declarations the parser
// hoisted out of the body, which the body already holds; a lowering that
// needs them reads them itself.
var SkippedFields = []string{"DeclarationList"}

// Source returns the gofmt'd text of astwalk's walk_gen.go for the goja AST
// package the current module builds with.
func Source() ([]byte, error) {
	pkg, err := load()
	if err != nil {
		return nil, err
	}
	m, err := analyze(pkg)
	if err != nil {
		return nil, err
	}
	var b bytes.Buffer
	m.write(&b)
	out, err := format.Source(b.Bytes())
	if err != nil {
		return nil, fmt.Errorf("astgen: generated code does not format: %w\n%s", err, b.Bytes())
	}
	return out, nil
}

// load type-checks the goja AST package from its source.
func load() (*types.Package, error) {
	cmd := exec.Command("go", "list", "-f", "{{.Dir}}", ASTPath)
	out, err := cmd.Output()
	if err != nil {
		return nil, fmt.Errorf("astgen: go list %s: %w", ASTPath, err)
	}
	dir := strings.TrimSpace(string(out))
	names, err := filepath.Glob(filepath.Join(dir, "*.go"))
	if err != nil {
		return nil, err
	}
	fset := token.NewFileSet()
	var files []*goast.File
	for _, name := range names {
		if strings.HasSuffix(name, "_test.go") {
			continue
		}
		f, err := parser.ParseFile(fset, name, nil, parser.SkipObjectResolution)
		if err != nil {
			return nil, fmt.Errorf("astgen: %w", err)
		}
		files = append(files, f)
	}
	conf := types.Config{Importer: importer.ForCompiler(fset, "source", nil)}
	pkg, err := conf.Check(ASTPath, fset, files, nil)
	if err != nil {
		return nil, fmt.Errorf("astgen: type-check %s: %w", ASTPath, err)
	}
	return pkg, nil
}

// fieldKind is how the walker treats one field of a node.
type fieldKind int

const (
	leafField    fieldKind = iota // no nodes below (positions, names, literals)
	ifaceField                    // an interface of the package (Expression, Statement...)
	pointerField                  // a pointer to a node struct
	valueField                    // a node struct held by value
	ifaceSlice                    // a slice of an interface of the package
	pointerSlice                  // a slice of pointers to node structs
)

type field struct {
	name  string
	kind  fieldKind
	iface string // the interface's name, for ifaceField and ifaceSlice
	elem  string // the element type, for slices (Go syntax, qualified ast.)
}

type node struct {
	name   string
	fields []field
}

// model is what the generated file declares: the node types in source
// order, the interfaces that hold children, and the slice types.
type model struct {
	nodes  []node
	ifaces []string // interfaces used as child slots, sorted
	slices []string // element types of child slices, sorted
}

func analyze(pkg *types.Package) (*model, error) {
	scope := pkg.Scope()
	nodeObj, _ := scope.Lookup("Node").(*types.TypeName)
	if nodeObj == nil {
		return nil, fmt.Errorf("astgen: %s declares no Node interface", ASTPath)
	}
	nodeIface, ok := nodeObj.Type().Underlying().(*types.Interface)
	if !ok {
		return nil, fmt.Errorf("astgen: %s.Node is not an interface", ASTPath)
	}
	// Names in declaration order: scope.Names is sorted, so order by position.
	var objs []*types.TypeName
	for _, name := range scope.Names() {
		if tn, ok := scope.Lookup(name).(*types.TypeName); ok && tn.Exported() {
			objs = append(objs, tn)
		}
	}
	slices.SortFunc(objs, func(a, b *types.TypeName) int { return int(a.Pos() - b.Pos()) })

	m := &model{}
	ifaces, elems := map[string]bool{}, map[string]bool{}
	isNodeStruct := func(t types.Type) (string, bool) {
		named, ok := t.(*types.Named)
		if !ok || named.Obj().Pkg() != pkg {
			return "", false
		}
		_, isStruct := named.Underlying().(*types.Struct)
		return named.Obj().Name(), isStruct
	}
	isChildIface := func(t types.Type) (string, bool) {
		named, ok := t.(*types.Named)
		if !ok || named.Obj().Pkg() != pkg {
			return "", false
		}
		it, ok := named.Underlying().(*types.Interface)
		return named.Obj().Name(), ok && types.Implements(it, nodeIface) && it.NumMethods() > 0
	}
	for _, tn := range objs {
		st, ok := tn.Type().Underlying().(*types.Struct)
		if !ok {
			continue
		}
		if !types.Implements(types.NewPointer(tn.Type()), nodeIface) {
			return nil, fmt.Errorf("astgen: *ast.%s is not an ast.Node", tn.Name())
		}
		n := node{name: tn.Name()}
		for i := range st.NumFields() {
			f := st.Field(i)
			if !f.Exported() || slices.Contains(SkippedFields, f.Name()) {
				continue
			}
			fd, err := classify(f, pkg, isNodeStruct, isChildIface)
			if err != nil {
				return nil, fmt.Errorf("astgen: ast.%s.%s: %w", tn.Name(), f.Name(), err)
			}
			switch fd.kind {
			case leafField:
				continue
			case ifaceField:
				ifaces[fd.iface] = true
			case ifaceSlice:
				ifaces[fd.iface] = true
				elems[fd.elem] = true
			case pointerSlice:
				elems[fd.elem] = true
			}
			n.fields = append(n.fields, fd)
		}
		m.nodes = append(m.nodes, n)
	}
	// A child type must be a node the walker knows.
	known := map[string]bool{}
	for _, n := range m.nodes {
		known[n.name] = true
	}
	for _, n := range m.nodes {
		for _, f := range n.fields {
			if (f.kind == pointerField || f.kind == valueField || f.kind == pointerSlice) && !known[strings.TrimPrefix(strings.TrimPrefix(f.elem, "*"), "ast.")] {
				return nil, fmt.Errorf("astgen: ast.%s.%s holds %s, not a node struct", n.name, f.name, f.elem)
			}
		}
	}
	for k := range ifaces {
		m.ifaces = append(m.ifaces, k)
	}
	for k := range elems {
		m.slices = append(m.slices, k)
	}
	slices.Sort(m.ifaces)
	slices.Sort(m.slices)
	return m, nil
}

// classify tells what a field holds. A type the walker cannot place is
// an error, so that a new kind of field in goja's AST is noticed when the
// walker is generated.
func classify(f *types.Var, pkg *types.Package, isNodeStruct, isChildIface func(types.Type) (string, bool)) (field, error) {
	t := f.Type()
	fd := field{name: f.Name()}
	if name, ok := isChildIface(t); ok {
		fd.kind, fd.iface = ifaceField, name
		return fd, nil
	}
	if name, ok := isNodeStruct(t); ok {
		fd.kind, fd.elem = valueField, "ast."+name
		return fd, nil
	}
	switch u := t.(type) {
	case *types.Pointer:
		if name, ok := isNodeStruct(u.Elem()); ok {
			fd.kind, fd.elem = pointerField, "*ast."+name
			return fd, nil
		}
		if !reaches(u.Elem(), pkg) {
			return field{}, nil // *file.File
		}
	case *types.Slice:
		if name, ok := isChildIface(u.Elem()); ok {
			fd.kind, fd.iface, fd.elem = ifaceSlice, name, "ast."+name
			return fd, nil
		}
		if p, ok := u.Elem().(*types.Pointer); ok {
			if name, ok := isNodeStruct(p.Elem()); ok {
				fd.kind, fd.elem = pointerSlice, "*ast."+name
				return fd, nil
			}
		}
		if !reaches(u, pkg) {
			return field{}, nil
		}
	default:
		if !reaches(t, pkg) {
			return field{}, nil // positions, tokens, names, literals
		}
	}
	return field{}, fmt.Errorf("field type %s is no child the walker knows (a node interface, *node, node, []interface or []*node)", t)
}

// reaches reports whether values of t can hold something of package pkg
// other than through the field kinds classify knows: an empty interface
// (NumberLiteral.Value holds numbers) does not count, any other interface
// or composite of the package does.
func reaches(t types.Type, pkg *types.Package) bool {
	seen := map[types.Type]bool{}
	var walk func(types.Type) bool
	walk = func(t types.Type) bool {
		if seen[t] {
			return false
		}
		seen[t] = true
		if named, ok := t.(*types.Named); ok {
			if named.Obj().Pkg() == pkg {
				if _, isIface := named.Underlying().(*types.Interface); isIface {
					return true
				}
				if _, isStruct := named.Underlying().(*types.Struct); isStruct {
					return true
				}
				return walk(named.Underlying())
			}
			// Another package cannot import goja's ast without a cycle
			// (goja's file, token and unistring are below it).
			return false
		}
		switch u := t.(type) {
		case *types.Basic:
			return false
		case *types.Pointer:
			return walk(u.Elem())
		case *types.Slice:
			return walk(u.Elem())
		case *types.Array:
			return walk(u.Elem())
		case *types.Map:
			return walk(u.Key()) || walk(u.Elem())
		case *types.Struct:
			for i := range u.NumFields() {
				if walk(u.Field(i).Type()) {
					return true
				}
			}
			return false
		case *types.Interface:
			return false // interface{}: numbers, never nodes
		}
		return true // channels, functions...: unknown, so noticed
	}
	return walk(t)
}

func (m *model) write(b *bytes.Buffer) {
	p := func(format string, args ...any) { fmt.Fprintf(b, format, args...) }
	p("// Code generated by astgen (go generate ./jsruntime/internal/astwalk); DO NOT EDIT.\n\n")
	p("package astwalk\n\nimport \"github.com/dop251/goja/ast\"\n\n")

	p("// The kinds of interface slot, one per interface of goja's AST that\n// holds children.\nconst (\n")
	for i, name := range m.ifaces {
		if i == 0 {
			p("\t%s Kind = firstInterface + iota\n", name)
		} else {
			p("\t%s\n", name)
		}
	}
	p("\tendInterfaces\n)\n\n")

	p("var kindNames = [...]string{Root: \"Root\", Pointer: \"Pointer\", Value: \"Value\"")
	for _, name := range m.ifaces {
		p(", %s: %q", name, name)
	}
	p("}\n\n")

	p("// Children calls v.Visit for each non-nil child of n, in field order,\n")
	p("// the elements of a slice in order. It does nothing for a nil node.\n")
	p("func Children(n ast.Node, v Visitor) {\n\tswitch n := n.(type) {\n")
	for _, nd := range m.nodes {
		if len(nd.fields) == 0 {
			continue
		}
		p("\tcase *ast.%s:\n\t\tif n == nil {\n\t\t\treturn\n\t\t}\n", nd.name)
		for _, f := range nd.fields {
			switch f.kind {
			case ifaceField:
				// A nil pointer in an interface is skipped as a nil interface.
				p("\t\tif c := ast.Node(n.%s); !IsNil(c) {\n\t\t\tv.Visit(c, Slot{Kind: %s, ptr: &n.%[1]s})\n\t\t}\n", f.name, f.iface)
			case pointerField:
				p("\t\tif n.%s != nil {\n\t\t\tv.Visit(n.%[1]s, Slot{Kind: Pointer})\n\t\t}\n", f.name)
			case valueField:
				p("\t\tv.Visit(&n.%s, Slot{Kind: Value})\n", f.name)
			case ifaceSlice, pointerSlice:
				kind := "Pointer"
				if f.kind == ifaceSlice {
					kind = f.iface
				}
				elem, check := "n.%[1]s[i]", "c != nil"
				if f.kind == ifaceSlice {
					elem, check = "ast.Node(n.%[1]s[i])", "!IsNil(c)"
				}
				p("\t\tfor i := range len(n.%s) {\n\t\t\tif c := "+elem+"; %s {\n\t\t\t\tv.Visit(c, Slot{Kind: %s, index: i + 1, ptr: &n.%[1]s})\n\t\t\t}\n\t\t}\n", f.name, check, kind)
			}
		}
	}
	p("\t}\n}\n\n")

	p("// IsNil reports whether n is nil or a nil pointer of a node type.\n")
	p("func IsNil(n ast.Node) bool {\n\tswitch n := n.(type) {\n\tcase nil:\n\t\treturn true\n")
	for _, nd := range m.nodes {
		p("\tcase *ast.%s:\n\t\treturn n == nil\n", nd.name)
	}
	p("\t}\n\treturn false\n}\n\n")

	p("// Set stores n in the slot, when the slot is an interface field or\n")
	p("// element and n has its type; it reports whether it did.\n")
	p("func (s Slot) Set(n ast.Node) bool {\n\tswitch p := s.ptr.(type) {\n")
	for _, name := range m.ifaces {
		p("\tcase *ast.%s:\n\t\tif x, ok := n.(ast.%[1]s); ok && !IsNil(n) {\n\t\t\t*p = x\n\t\t\treturn true\n\t\t}\n", name)
		if slices.Contains(m.slices, "ast."+name) {
			p("\tcase *[]ast.%s:\n\t\tif x, ok := n.(ast.%[1]s); ok && !IsNil(n) {\n\t\t\t(*p)[s.index-1] = x\n\t\t\treturn true\n\t\t}\n", name)
		}
	}
	p("\t}\n\treturn false\n}\n\n")

	p("// Next returns the element after the slot's node in its slice: nil\n")
	p("// for the last one, a nil element, and outside slices.\n")
	p("func (s Slot) Next() ast.Node {\n\tswitch p := s.ptr.(type) {\n")
	for _, elem := range m.slices {
		p("\tcase *[]%s:\n\t\tif s.index < len(*p) && (*p)[s.index] != nil {\n\t\t\treturn (*p)[s.index]\n\t\t}\n", elem)
	}
	p("\t}\n\treturn nil\n}\n\n")

	p("// nodeTypes are the node types Children knows, for the tests.\n")
	p("var nodeTypes = []ast.Node{\n")
	for _, nd := range m.nodes {
		p("\t(*ast.%s)(nil),\n", nd.name)
	}
	p("}\n")
}
