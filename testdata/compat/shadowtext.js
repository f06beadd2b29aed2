// shadowtext.js is one function expression, evaluated in the page by both
// testdata/compat/compat.mjs (Chromium) and apps_test.go (bangsnap's live
// Page), so that both read shadow trees the same way. Given a list of
// selectors, it returns for each the text of the first match's open shadow
// tree in flat-tree order: nested shadow roots are entered, a <slot> shows
// its assigned nodes (or its own children when none are assigned), <style>
// and <script> are left out; whitespace runs collapse to one space. null
// when nothing matches or the match has no open shadow root. Chromium's
// innerText and outerHTML both leave shadow trees out, so this is how an
// expectation sees what web components rendered there.
(function (selectors) {
  function walk(node, parts) {
    for (var c = node.firstChild; c; c = c.nextSibling) {
      if (c.nodeType === 3) {
        parts.push(c.data);
      } else if (c.nodeType === 1) {
        var name = c.localName;
        if (name === 'style' || name === 'script') continue;
        if (name === 'slot') {
          var assigned = c.assignedNodes({ flatten: true });
          if (assigned.length) {
            for (var i = 0; i < assigned.length; i++) {
              var a = assigned[i];
              if (a.nodeType === 3) parts.push(a.data);
              else if (a.nodeType === 1) walkElement(a, parts);
            }
            continue;
          }
        }
        walkElement(c, parts);
      }
    }
  }
  function walkElement(el, parts) {
    if (el.localName === 'style' || el.localName === 'script') return;
    parts.push(' ');
    walk(el.shadowRoot || el, parts);
    parts.push(' ');
  }
  var out = {};
  for (var i = 0; i < selectors.length; i++) {
    var el = document.querySelector(selectors[i]);
    if (!el || !el.shadowRoot) {
      out[selectors[i]] = null;
      continue;
    }
    var parts = [];
    walk(el.shadowRoot, parts);
    out[selectors[i]] = parts.join('').replace(/\s+/g, ' ').trim();
  }
  return out;
})
