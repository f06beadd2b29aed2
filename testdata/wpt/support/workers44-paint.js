// A paint worklet module for workers44-paintworklet.html.
registerPaint('workers44-ok', class {
  static get inputProperties() { return ['--w44', 'color']; }
  static get contextOptions() { return { alpha: false }; }
  paint(ctx, size, props) {}
});
