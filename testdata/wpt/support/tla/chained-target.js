await new Promise((resolve) => setTimeout(resolve, 5));
export const target = 'target';
