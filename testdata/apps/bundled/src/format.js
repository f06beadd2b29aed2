// Formatting helpers with no locale or timezone dependence.
export const percent = (done, total) => (total ? Math.round((done / total) * 100) : 0);

export const plural = (n, one, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;

export function shortDate(iso) {
  const [y, m, d] = iso.split('-').map(Number);
  const months = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
  return `${d} ${months[m - 1]} ${y}`;
}

export const escapeHTML = (s) =>
  String(s ?? '').replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]);
