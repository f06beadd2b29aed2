// Package dom is the document model that page scripts mutate and that
// becomes the snapshot: the node tree of the DOM Standard
// (https://dom.spec.whatwg.org/) for HTML documents, with its tree
// operations, events, mutation notifications, selectors and the HTML
// fragment parsing and serialization algorithms
// (https://html.spec.whatwg.org/multipage/parsing.html#serialising-html-fragments).
//
// dom must never import goja, net/http or any other package of bangsnap:
// it is pure Go, and scripting engines bind to it from above (see
// Node.Binding).
//
// # Relation to golang.org/x/net/html
//
// Every Node embeds an html.Node by value as its first field, and no bare
// html.Node ever enters one of our trees. A *html.Node of our tree and the
// *Node that holds it are therefore the same address, and converting
// between them is a pointer cast (see FromHTML). This is on purpose:
//
//   - cascadia matches *html.Node trees, so querySelector, matches and
//     closest run cascadia's matchers directly on our tree, with no mirror
//     tree to build or keep in sync on every mutation;
//   - html.ParseFragment takes our element as its context node as it is,
//     so innerHTML and insertAdjacentHTML parse in the right context
//     (tables, select, template, foreign content);
//   - the links (Parent, FirstChild, ...) are stored once.
//
// The cost is one copy per node after each parse: x/net/html allocates
// its own nodes, which Parse copies into one slab of Nodes and relinks
// (BenchmarkParseSerialize against BenchmarkXNetParseRender measures it).
//
// One Go type, Node, stands for every node kind (element, text, comment,
// processing instruction, document type, document fragment, attribute),
// told apart by Kind,
// because the tree links are *html.Node pointers that must all convert to
// the same type. Document is the exception: it embeds Node as its first
// field, so a document node converts to *Document with AsDocument.
//
// Node names follow x/net/html: an element's Data is its local name and its
// Namespace is "" for HTML, "svg" or "math" for the two foreign namespaces
// the parser knows, and the namespace URI otherwise. Attributes are stored
// in Node.Attr in the order they were set, with Key the attribute's
// qualified name and Namespace its namespace URI ("" for none).
//
// # What is here
//
//   - Parse, ParseWithOptions, NewDocument, NewHTMLDocument: documents from
//     x/net/html's tree builder; template contents moved into fragments
//     owned by an inert document; declarative shadow roots attached.
//   - Tree operations with the standard's validation and typed errors
//     (DOMError, ErrNilNode), ParentNode/ChildNode mixins, cloning,
//     comparison, adoption, normalize.
//   - Attributes with namespaces, Attr nodes, classList (TokenList),
//     dataset, form control state kept apart from attributes.
//   - Lookups: an id index kept up to date by every mutation, live
//     collections (Collection) invalidated by Document.Version, selectors
//     through cascadia with a bounded compiled-selector cache.
//   - Text: textContent, innerText (approximate, optionally following
//     computed display through Document.Display), CharacterData operations
//     in UTF-16 offsets.
//   - Markup: innerHTML/outerHTML, insertAdjacent*, fragment parsing in
//     context, and WriteHTML, the HTML serialization algorithm.
//   - Events: EventTarget, Event, Dispatch with capture/target/bubble
//     phases, shadow retargeting, AbortSignal, Click activation.
//   - Document.OnMutation: one hook for every change, with old values.
//   - Live Range, TreeWalker and NodeIterator, updated by the mutations.
//   - Minimal shadow trees (no slot assignment).
//
// Nodes are not safe for concurrent use: one page's document belongs to
// that page's event loop.
package dom
