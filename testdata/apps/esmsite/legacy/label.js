import { version } from 'fmt';
export const legacyLabel = (since) => 'Sailing since ' + since + ' (format v' + version + ')';
