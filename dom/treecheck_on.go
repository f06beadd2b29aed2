//go:build bangsnap_treecheck

package dom

// checkTreeFlags makes every read of a node's tree bits (IsConnected and
// the document tree test) check them against a walk to the roots and
// panic if they differ: `go test -tags bangsnap_treecheck ./dom
// ./jsruntime .` runs the suites with the check.
const checkTreeFlags = true
