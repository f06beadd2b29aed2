// Parsing while scripts run (HTML §13.2.6.4.8 "An end tag whose tag name is script",
// §8.4.3 document.write): what a parser-inserted script sees, mutation records of the
// parser's insertions, written markup at the insertion point, error lines in the page.
// https://html.spec.whatwg.org/multipage/parsing.html#scriptEndTag
probe("script sees only earlier elements", () => [__sp.seen, __sp.later]);
probe("readyState while parsing", () => __sp.rs);
probe("observer records of parser insertions", () => __sp.addedBefore);
probe("error lines of inline scripts are page lines", () => __sp.errs);
probe("error column of a property read is the page column", () => __sp.col);
probe("script in a table sees the rows before it", () => __sp.inTable);
probe("write inserts right after the script", () => __sp.written);
probe("written script runs inside the write", () => [__sp.nested, __sp.afterNested]);
probe("attribute order of a parsed link", () => __sp.attrs);
