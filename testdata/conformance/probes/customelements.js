// Custom elements: definition, upgrade, reactions, registry (HTML §4.13).
// https://html.spec.whatwg.org/multipage/custom-elements.html
const log = [];
class XParsed extends HTMLElement {
  static get observedAttributes() { return ["a"]; }
  constructor() { super(); log.push("ctor:" + this.id + ":" + this.isConnected + ":" + this.getAttribute("a")); }
  connectedCallback() { log.push("connected:" + this.id); }
  attributeChangedCallback(n, o, v) { log.push("attr:" + n + ":" + o + ":" + v); }
}
probe("parsed element before define", () => { const e = document.getElementById("xp"); return [e.constructor.name, e instanceof HTMLElement, e.matches(":defined")]; });
customElements.define("x-parsed", XParsed);
probe("upgrade order of reactions", () => log.slice());
probe("upgraded instance", () => { const e = document.getElementById("xp"); return [e instanceof XParsed, e.constructor === XParsed, e.matches(":defined")]; });
probe("attributeChanged on set", () => { log.length = 0; const e = document.getElementById("xp"); e.setAttribute("a", "2"); e.setAttribute("z", "3"); e.removeAttribute("a"); return log.slice(); });
probe("createElement runs constructor synchronously", () => { log.length = 0; const e = document.createElement("x-parsed"); return [log.slice(), e.isConnected]; });
probe("new on defined class", () => { log.length = 0; const e = new XParsed(); return [e.localName, e.tagName, log.slice()]; });
probe("innerHTML creates upgraded", () => { log.length = 0; const d = el("<x-parsed a='q'></x-parsed>"); return [d.firstChild instanceof XParsed, log.slice()]; });
probe("define errors", () => [errName(() => customElements.define("x-parsed", class extends HTMLElement {})), errName(() => customElements.define("bad", class extends HTMLElement {})), errName(() => customElements.define("x-dup", XParsed)), errName(() => customElements.define("x-nf", 5)), errName(() => customElements.define("font-face", class extends HTMLElement {}))]);
probe("get and getName", () => [customElements.get("x-parsed") === XParsed, customElements.get("x-none"), typeof customElements.getName === "function" ? customElements.getName(XParsed) : "missing"]);
probeAsync("whenDefined", async () => { const p = customElements.whenDefined("x-later"); let upgraded; class XLater extends HTMLElement { connectedCallback() { upgraded = this.id; } } customElements.define("x-later", XLater); const c = await p; return [c === XLater, upgraded, document.getElementById("xl") instanceof XLater]; });
probeAsync("whenDefined invalid name", () => customElements.whenDefined("nodash").then(() => "resolved", e => e.name));
probe("disconnected and adopted callbacks", () => { const l = []; class XLife extends HTMLElement { connectedCallback() { l.push("c"); } disconnectedCallback() { l.push("d"); } adoptedCallback() { l.push("a"); } } customElements.define("x-life", XLife); const e = document.createElement("x-life"); document.body.append(e); document.body.append(e); e.remove(); const d = document.implementation.createHTMLDocument(""); d.body.append(e); return l; });
probe("constructor must not add attributes", () => { class XBad extends HTMLElement { constructor() { super(); this.setAttribute("x", "1"); } } customElements.define("x-bad", XBad); let reported = null; const h = e => { reported = e.error && e.error.name; e.preventDefault(); }; window.addEventListener("error", h); let made = null; const thrown = errName(() => { made = document.createElement("x-bad"); }); window.removeEventListener("error", h); return [thrown, reported, made && made.constructor.name]; });
probe("shadow in constructor", () => { class XShadow extends HTMLElement { constructor() { super(); this.attachShadow({ mode: "open" }).innerHTML = "<slot></slot><b>s</b>"; } } customElements.define("x-shadow", XShadow); const e = document.createElement("x-shadow"); return [e.shadowRoot.innerHTML, e.outerHTML]; });
probe("customized built-in", () => { class XBtn extends HTMLButtonElement {} try { customElements.define("x-btn", XBtn, { extends: "button" }); } catch (e) { return "define:" + e.name; } const b = document.createElement("button", { is: "x-btn" }); return [b instanceof XBtn, b.outerHTML]; });
probe("element internals", () => typeof HTMLElement.prototype.attachInternals);
probe("form associated", () => { class XF extends HTMLElement { static formAssociated = true; constructor() { super(); this.i = this.attachInternals ? this.attachInternals() : null; } } customElements.define("x-form", XF); const f = el("<form><x-form></x-form></form>").firstChild; const x = f.firstChild; return [x.i ? typeof x.i.setFormValue : "none", f.elements.length]; });
probe("importNode from template upgrades", () => { log.length = 0; const t = document.createElement("template"); t.innerHTML = "<x-parsed a='t'></x-parsed>"; const before = t.content.firstChild instanceof XParsed; const n = document.importNode(t.content, true); return [before, n.firstChild instanceof XParsed, log.slice()]; });
probe("cloneNode upgrades", () => { log.length = 0; const e = document.createElement("x-parsed"); log.length = 0; const c = e.cloneNode(); return [c instanceof XParsed, log.slice()]; });
probe("insertAdjacentHTML upgrades and connects", () => { log.length = 0; const d = document.createElement("div"); document.body.append(d); d.insertAdjacentHTML("beforeend", "<x-parsed id=ia></x-parsed>"); const r = [d.firstChild instanceof XParsed, log.slice()]; d.remove(); return r; });
