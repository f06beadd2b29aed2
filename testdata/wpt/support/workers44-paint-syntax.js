registerPaint('workers44-syntax', class { paint() { ( } });
