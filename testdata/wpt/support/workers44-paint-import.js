import './workers44-paint-missing.js';
registerPaint('workers44-import', class { paint() {} });
