// State shared by every module script of the page.
export const store = {
  lines: [],
  current: null,
  async load(id) {
    const r = await fetch('/apps/sharedmods/data/' + encodeURIComponent(id) + '.json');
    if (!r.ok) throw new Error('no stop ' + id);
    return r.json();
  },
};
