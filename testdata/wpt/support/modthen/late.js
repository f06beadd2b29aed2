globalThis.lateEvaluations = (globalThis.lateEvaluations || 0) + 1;
export const late = 'late';
