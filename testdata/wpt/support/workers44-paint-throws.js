// Throws as it runs: the module still loads (the error is reported).
registerPaint('', class { paint() {} });
