import { ran } from './runs.js';
import { appName, token } from './app.js';
ran('back');
export const seen = appName;
export { token };
