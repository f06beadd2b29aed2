// A module with an import that loads, and an export.
import { name } from './workers44-paint-dep.js';
registerPaint(name, class { paint() {} });
export const registered = name;
