import { inc, token } from './shared.js';
import { first } from './first.js';
inc();
globalThis.secondSaw = first;
globalThis.secondToken = token;
