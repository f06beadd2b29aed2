// What a snapshot would contain: the serialization of a page after the kinds of
// mutations apps make (HTML §13.3 serializing, as outerHTML shows it).
const app = () => document.getElementById("app");
probe("after typical app mutations", () => {
  const a = app();
  a.querySelector("h1").textContent = "Client title & more <3";
  a.querySelector("h1").classList.add("ready", "hydrated");
  a.querySelector("h1").classList.remove("title");
  const list = document.getElementById("list");
  for (const [i, t] of ["one", "two \"quoted\"", "thrée\u00a0nbsp"].entries()) {
    const li = document.createElement("li");
    li.dataset.index = i; li.setAttribute("title", t); li.textContent = t; li.style.color = i ? "red" : "";
    list.append(li);
  }
  list.insertAdjacentHTML("beforeend", "<li class=html>from <b>html</b> &amp; &copy;</li><!-- c -->");
  const svg = document.createElementNS("http://www.w3.org/2000/svg", "svg");
  svg.setAttribute("viewBox", "0 0 10 10");
  const use = document.createElementNS("http://www.w3.org/2000/svg", "use");
  use.setAttributeNS("http://www.w3.org/1999/xlink", "xlink:href", "#icon");
  svg.append(use); a.append(svg);
  const tpl = document.createElement("template"); tpl.innerHTML = "<p>inert</p>"; a.append(tpl);
  return a.outerHTML;
});
probe("form state is not serialized", () => {
  document.getElementById("name").value = "typed";
  document.getElementById("agree").checked = true;
  document.getElementById("sel").value = "b";
  document.getElementById("ta").value = "edited";
  return document.getElementById("f").outerHTML;
});
probe("form defaults are serialized", () => {
  document.getElementById("name").defaultValue = "default2";
  document.getElementById("agree").defaultChecked = true;
  document.getElementById("sel").options[1].defaultSelected = true;
  document.getElementById("ta").defaultValue = "default text";
  return document.getElementById("f").outerHTML;
});
probe("head after script changes", () => {
  document.title = "Changed & <title>";
  const m = document.createElement("meta"); m.name = "description"; m.content = "A \"quoted\" description"; document.head.append(m);
  const l = document.createElement("link"); l.rel = "canonical"; l.href = "/canonical"; document.head.append(l);
  const s = document.createElement("script"); s.type = "application/ld+json"; s.textContent = JSON.stringify({ "@type": "Thing", name: "a</script>b" }); document.head.append(s);
  return Array.from(document.head.children).slice(-4).map(e => e.outerHTML.replace(/href="[^"]*"/, m => e.rel === "canonical" ? 'href="' + new URL(e.href).pathname + '"' : m));
});
probe("body attributes and classes", () => { document.body.className = "js loaded"; document.documentElement.classList.add("no-touch"); document.documentElement.lang = "en-GB"; return [document.documentElement.getAttribute("class"), document.body.outerHTML.slice(0, 30)]; });
probe("style attribute serialization order", () => { const d = document.createElement("div"); d.style.display = "none"; d.style.setProperty("--x", "1"); d.style.marginTop = "2px"; d.style.display = "block"; return d.outerHTML; });
probe("hidden and boolean reflections serialize", () => { const d = document.createElement("div"); d.hidden = true; const b = document.createElement("button"); b.disabled = true; b.type = "button"; const i = document.createElement("img"); i.alt = ""; i.width = 10; return [d.outerHTML, b.outerHTML, i.outerHTML]; });
probe("text nodes merged in serialization", () => { const d = document.createElement("div"); d.append("a", "", "b"); d.appendChild(document.createTextNode("<c>")); return [d.outerHTML, d.childNodes.length]; });
probe("comment and processing edge", () => { const d = document.createElement("div"); d.append(document.createComment("a--b"), document.createComment("")); return d.outerHTML; });
probe("whole document doctype", () => { const dt = document.doctype; return [dt.name, new XMLSerializer().serializeToString(dt)]; });
