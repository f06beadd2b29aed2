// Imported by the import() calls of code compiled at run time: it says
// which copy was reached (support/sweep63/target.js).
export const where = 'support/sweep63';
