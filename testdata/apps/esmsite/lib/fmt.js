export const money = (n) => 'NOK ' + n.toFixed(2);
export const minutes = (m) => (m >= 60 ? Math.floor(m / 60) + ' h ' : '') + (m % 60) + ' min';
export const version = 2;
