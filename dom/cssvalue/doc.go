// Package cssvalue computes CSS values as getComputedStyle reports them,
// without layout and without JavaScript: numbers and dimensions, the math
// functions calc(), min(), max() and clamp() evaluated over typed values
// whose units are resolved against an element's context (its font size,
// the root's, the viewport, a percentage basis when one is known), and
// sRGB colors (named, hex, rgb(), hsl(), hwb()) as rgb()/rgba().
//
// It imports nothing but the standard library and dom/cssscan, and must
// never import dom, jsruntime or goja: the cascade (which element has
// which declared value) is the caller's business.
// https://drafts.csswg.org/css-values-4/
package cssvalue
