import { nothing } from './missing-dep.js';
export const x = nothing;
