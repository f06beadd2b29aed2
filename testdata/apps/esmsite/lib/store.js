const base = new URL('../data/', import.meta.url);
async function get(name) {
  const r = await fetch(new URL(name, base));
  if (!r.ok) throw new Error(name + ': ' + r.status);
  return r.json();
}
export const store = {
  routes: () => get('routes.json'),
  route: (id) => get('route-' + id + '.json'),
  current() {
    const m = /^#!\/routes\/([\w-]+)/.exec(location.hash);
    return m ? m[1] : null;
  },
};
