// ARIA reflection and accessibility-related DOM members (ARIA 1.2 ARIAMixin, HTML §6).
// https://w3c.github.io/aria/#ARIAMixin
probe("role and ariaLabel reflect", () => { const d = document.createElement("div"); d.role = "button"; d.ariaLabel = "Close"; d.ariaHidden = "true"; d.ariaExpanded = "false"; return [d.outerHTML, d.role, d.ariaLabel]; });
probe("aria attributes read back", () => { const d = el("<div role=tab aria-selected=true aria-controls=p1 aria-level=2></div>").firstChild; return [d.role, d.ariaSelected, d.ariaLevel, typeof d.ariaControlsElements]; });
probe("aria null when absent", () => { const d = document.createElement("div"); return [d.role, d.ariaLabel, d.ariaPressed]; });
probe("aria setting null removes", () => { const d = el("<div aria-label=x></div>").firstChild; d.ariaLabel = null; return d.hasAttribute("aria-label"); });
probe("tabIndex and focusability", () => { const d = el("<div tabindex=0></div><a href=#x></a><span></span>"); document.body.append(d); const r = Array.from(d.children, e => { e.focus(); return document.activeElement === e; }); d.remove(); return r; });
probe("hidden until-found", () => { const d = document.createElement("div"); d.setAttribute("hidden", "until-found"); return [d.hidden, typeof d.onbeforematch]; });
probe("inert reflect", () => { const d = document.createElement("div"); d.inert = true; return d.outerHTML; });
probe("title and accessKey in dataset-free serialization", () => { const b = document.createElement("button"); b.title = "t"; b.accessKey = "k"; b.setAttribute("aria-describedby", "x"); return b.outerHTML; });
