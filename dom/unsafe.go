package dom

import "unsafe"

func uintptrOf(n *Node) uintptr { return uintptr(unsafe.Pointer(n)) }
