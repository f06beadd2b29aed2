import { ran } from './runs.js';
ran('throws');
throw new RangeError('lazyimp14 throws');
