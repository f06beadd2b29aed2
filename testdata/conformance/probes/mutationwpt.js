// MutationObserver record sequences for each kind of DOM operation, in the
// manner of WPT dom/nodes/MutationObserver-*.html: the records are taken
// synchronously with takeRecords so every check stands alone.
// https://dom.spec.whatwg.org/#mutation-observers
const desc1 = r => [r.type, r.target.nodeName || "", r.attributeName, r.oldValue, Array.from(r.addedNodes, n => n.nodeName), Array.from(r.removedNodes, n => n.nodeName), r.previousSibling && r.previousSibling.nodeName, r.nextSibling && r.nextSibling.nodeName].join("|");
function watch(target, opts, act) {
  const mo = new MutationObserver(() => {});
  mo.observe(target, opts);
  act();
  const recs = mo.takeRecords().map(desc1);
  mo.disconnect();
  return recs;
}
const ALL = { childList: true, attributes: true, characterData: true, subtree: true, attributeOldValue: true, characterDataOldValue: true };
probe("splitText records", () => { const d = el("abcd"); return watch(d, ALL, () => d.firstChild.splitText(2)); });
probe("normalize records", () => { const d = el(); d.append("a", "b", "", "c"); return watch(d, ALL, () => d.normalize()); });
probe("replaceData appendData deleteData records", () => { const t = new Text("abc"); const d = el(); d.append(t); return watch(d, ALL, () => { t.appendData("d"); t.deleteData(0, 1); t.replaceData(0, 1, "X"); t.insertData(0, "Y"); t.data = "Z"; t.nodeValue = "W"; t.textContent = "V"; }); });
probe("range deleteContents records", () => { const d = el("<b>bold</b>mid<i>it</i>"); const r = document.createRange(); r.setStart(d.firstChild.firstChild, 2); r.setEnd(d.lastChild.firstChild, 1); return watch(d, ALL, () => r.deleteContents()); });
probe("range extractContents records", () => { const d = el("<b>bold</b>mid<i>it</i>"); const r = document.createRange(); r.setStart(d.firstChild.firstChild, 2); r.setEnd(d.lastChild.firstChild, 1); return watch(d, ALL, () => r.extractContents()); });
probe("range insertNode records", () => { const d = el("abcd"); const r = document.createRange(); r.setStart(d.firstChild, 2); return watch(d, ALL, () => r.insertNode(document.createElement("x"))); });
probe("range surroundContents records", () => { const d = el("abcd"); const r = document.createRange(); r.setStart(d.firstChild, 1); r.setEnd(d.firstChild, 3); return watch(d, ALL, () => r.surroundContents(document.createElement("s"))); });
probe("replaceChild records", () => { const d = el("<a></a><b></b><i></i>"); return watch(d, ALL, () => d.replaceChild(document.createElement("u"), d.childNodes[1])); });
probe("replaceChild with sibling records", () => { const d = el("<a></a><b></b><i></i>"); return watch(d, ALL, () => d.replaceChild(d.lastChild, d.firstChild)); });
probe("insertBefore fragment records", () => { const d = el("<a></a>"); const f = document.createDocumentFragment(); f.append(document.createElement("x"), "t"); return watch(d, ALL, () => d.insertBefore(f, d.firstChild)); });
probe("replaceChildren records", () => { const d = el("<a></a><b></b>"); return watch(d, ALL, () => d.replaceChildren("x", document.createElement("y"))); });
probe("replaceWith records", () => { const d = el("<a></a><b></b><i></i>"); return watch(d, ALL, () => d.childNodes[1].replaceWith("t", document.createElement("u"))); });
probe("innerHTML and outerHTML records", () => { const d = el("<a></a><b></b>"); return watch(d, ALL, () => { d.innerHTML = "<p></p>x"; d.firstChild.outerHTML = "<q></q><s></s>"; }); });
probe("insertAdjacentHTML records", () => { const d = el("<a></a>"); return watch(d, ALL, () => { d.firstChild.insertAdjacentHTML("beforebegin", "<i></i>"); d.firstChild.insertAdjacentHTML("beforeend", "t"); }); });
probe("attribute records", () => { const d = el(); return watch(d, ALL, () => { d.setAttribute("a", "1"); d.setAttribute("a", "2"); d.removeAttribute("a"); d.removeAttribute("a"); d.toggleAttribute("b"); d.id = "x"; d.className = "c"; d.classList.add("d"); d.classList.remove("zz"); d.dataset.k = "v"; d.setAttributeNS("urn:x", "p:n", "v"); }); });
probe("attribute node records", () => { const d = el(); const a = document.createAttribute("q"); a.value = "1"; return watch(d, ALL, () => { d.setAttributeNode(a); a.value = "2"; d.removeAttributeNode(a); }); });
probe("style records", () => { const d = el(); return watch(d, ALL, () => { d.style.color = "red"; d.style.color = "red"; d.style.cssText = ""; }); });
probe("textContent on element records", () => { const d = el("<a></a>b"); return watch(d, ALL, () => { d.textContent = "x"; d.textContent = ""; d.textContent = ""; }); });
probe("append to observed child without subtree", () => { const d = el("<a></a>"); return watch(d, { childList: true }, () => { d.firstChild.append("x"); d.append("y"); }); });
probe("moving between observed parents", () => { const d = el("<a></a><b></b>"); return watch(d, ALL, () => d.lastChild.append(d.firstChild)); });
probe("attributeFilter with namespaces", () => { const d = el(); return watch(d, { attributes: true, attributeFilter: ["n", "m"] }, () => { d.setAttributeNS("urn:x", "p:n", "1"); d.setAttribute("m", "2"); d.setAttribute("o", "3"); }); });
probe("observe options errors", () => { const mo = new MutationObserver(() => {}); const t = el(); return [errName(() => mo.observe(t, {})), errName(() => mo.observe(t, { attributeOldValue: true, attributes: false })), errName(() => mo.observe(t, { characterDataOldValue: true, characterData: false })), errName(() => mo.observe(t, { attributeFilter: ["a"], attributes: false })), errName(() => mo.observe(t, { attributeFilter: ["a"] })), errName(() => mo.observe(t, { characterDataOldValue: true }))]; });
probe("record object shape", () => { const d = el(); const mo = new MutationObserver(() => {}); mo.observe(d, { childList: true }); d.append("x"); const r = mo.takeRecords()[0]; mo.disconnect(); return [Object.prototype.toString.call(r), r instanceof MutationRecord, Object.keys(r).length, r.addedNodes === r.addedNodes, Object.prototype.toString.call(r.addedNodes), r.attributeNamespace]; });
