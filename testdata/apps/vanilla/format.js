// Formatting with Intl, pinned to en-US and UTC as a shop targeting one
// market does.
export const usd = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' });
export const grams = new Intl.NumberFormat('en-US', { maximumFractionDigits: 0 });
export const day = new Intl.DateTimeFormat('en-US', { year: 'numeric', month: 'long', day: 'numeric', timeZone: 'UTC' });
export const percentOff = (was, now) => `${Math.round((1 - now / was) * 100)}% off`;
