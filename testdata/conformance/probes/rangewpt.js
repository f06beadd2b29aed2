// Range contents operations over a table of ranges, in the manner of WPT
// dom/ranges (common.js testRanges; Range-cloneContents, -extractContents,
// -deleteContents, -insertNode, -surroundContents). Each range is built on a
// fresh copy of one tree, so every check is independent.
// https://dom.spec.whatwg.org/#interface-range
function tree() {
  const d = document.createElement("div");
  d.innerHTML = "<p id=a>Alpha<b>bold</b>tail</p><!--cm--><p id=b>Beta <i>it<u>un</u></i> end</p>text<p id=c></p>";
  d.insertBefore(document.createProcessingInstruction("pi", "data"), d.lastChild);
  document.body.append(d);
  return d;
}
// A path is a list of child indexes from the tree root.
const at = (d, path) => path.reduce((n, i) => n.childNodes[i], d);
function ser(n) {
  switch (n.nodeType) {
    case 1: return "<" + n.localName + (n.id ? "#" + n.id : "") + ">" + Array.from(n.childNodes, ser).join("") + "</>";
    case 3: return JSON.stringify(n.data);
    case 7: return "?" + n.target + " " + n.data;
    case 8: return "!" + n.data;
    case 11: return "[" + Array.from(n.childNodes, ser).join("") + "]";
  }
  return "#" + n.nodeType;
}
function where(d, n) {
  const path = [];
  while (n && n !== d) { const p = n.parentNode; if (!p) return "detached:" + n.nodeName; path.unshift(Array.prototype.indexOf.call(p.childNodes, n)); n = p; }
  return n === d ? path.join(".") : "elsewhere";
}
const RANGES = {
  "text in text": [[0, 0], 1, [0, 0], 4],
  "text to element": [[0, 0], 2, [0, 1, 0], 2],
  "across paragraphs": [[0, 2], 1, [2, 0], 3],
  "element boundaries": [[], 0, [], 3],
  "whole root": [[], 0, [], 6],
  "comment part": [[1], 1, [1], 2],
  "comment to text": [[1], 0, [3], 2],
  "pi part": [[4], 1, [4], 3],
  "collapsed in text": [[2, 1, 0], 1, [2, 1, 0], 1],
  "deep to shallow": [[2, 1, 1, 0], 1, [], 4],
  "shallow to deep": [[], 1, [2, 1, 1, 0], 1],
  "empty element": [[5], 0, [5], 0],
  "text end to next start": [[0, 0], 5, [0, 1, 0], 0],
  "element to its text": [[2], 1, [2, 1, 0], 1],
};
function mk(spec) {
  const d = tree(); const r = document.createRange();
  r.setStart(at(d, spec[0]), spec[1]); r.setEnd(at(d, spec[2]), spec[3]);
  return [d, r];
}
const bounds = (d, r) => [where(d, r.startContainer), r.startOffset, where(d, r.endContainer), r.endOffset];
for (const [name, spec] of Object.entries(RANGES)) {
  probe("toString " + name, () => { const [d, r] = mk(spec); const s = r.toString(); d.remove(); return s; });
  probe("cloneContents " + name, () => { const [d, r] = mk(spec); const f = r.cloneContents(); const out = [ser(f), ser(d)]; d.remove(); return out; });
  probe("extractContents " + name, () => { const [d, r] = mk(spec); let f; try { f = r.extractContents(); } catch (e) { d.remove(); return e.name; } const out = [ser(f), ser(d), bounds(d, r)]; d.remove(); return out; });
  probe("deleteContents " + name, () => { const [d, r] = mk(spec); r.deleteContents(); const out = [ser(d), bounds(d, r)]; d.remove(); return out; });
  probe("insertNode " + name, () => { const [d, r] = mk(spec); try { r.insertNode(document.createElement("ins")); } catch (e) { d.remove(); return e.name; } const out = [ser(d), bounds(d, r)]; d.remove(); return out; });
  probe("surroundContents " + name, () => { const [d, r] = mk(spec); try { r.surroundContents(document.createElement("sur")); } catch (e) { d.remove(); return e.name; } const out = [ser(d), bounds(d, r)]; d.remove(); return out; });
}
