// What a head manager does on a route change: title, description,
// canonical, hreflang alternates and the JSON-LD block replaced.
function upsert(selector, make) {
  let el = document.head.querySelector(selector);
  if (!el) { el = make(); document.head.append(el); }
  return el;
}
export function setHead({ title, description, canonical, alternates = [], ld }) {
  document.title = title;
  upsert('meta[name="description"]', () => Object.assign(document.createElement('meta'), { name: 'description' })).content = description;
  upsert('link[rel="canonical"]', () => Object.assign(document.createElement('link'), { rel: 'canonical' })).href = canonical;
  document.head.querySelectorAll('link[rel="alternate"][hreflang]').forEach((l) => l.remove());
  for (const [lang, href] of alternates) {
    const l = document.createElement('link');
    l.rel = 'alternate'; l.hreflang = lang; l.href = href;
    document.head.append(l);
  }
  const old = document.getElementById('ld');
  const s = document.createElement('script');
  s.type = 'application/ld+json'; s.id = 'ld'; s.textContent = JSON.stringify(ld);
  old ? old.replaceWith(s) : document.head.append(s);
}
