// Writes many labels on a canvas in one call instead of one per label: `texts` is every
// label followed by NUL, `xy` their anchor points as x0, y0, x1, y1, ... The fill style, font
// and alignment are the context's.
export function fillLabels(ctx, texts, xy) {
  let at = 0;
  for (let k = 0; k < xy.length; k += 2) {
    const end = texts.indexOf("\0", at);
    ctx.fillText(texts.slice(at, end), xy[k], xy[k + 1]);
    at = end + 1;
  }
}
