export const metres = (n) => n.toLocaleString('en-US') + ' m';
export const title = (s) => s.split(' ').map((w) => w.charAt(0).toUpperCase() + w.slice(1)).join(' ');
