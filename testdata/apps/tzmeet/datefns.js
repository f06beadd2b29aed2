// The parts of date-fns this page and date-fns-tz use, from their own
// modules (date-fns's index imports all of its ~250 modules).
export { getDefaultOptions } from '/node_modules/date-fns/getDefaultOptions.js';
export { differenceInCalendarDays } from '/node_modules/date-fns/differenceInCalendarDays.js';
