//go:build !bangsnap_treecheck

package dom

// checkTreeFlags: see treecheck_on.go.
const checkTreeFlags = false
