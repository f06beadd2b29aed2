export const where = 'support/sweep63/lib';
