// Saves a file the engine wrote: text as is, or an SVG picture (its text or a data URL of it)
// rasterised to PNG through a
// canvas at the picture's own size (at most 64 megapixels, scaled down beyond). Resolves when
// the browser has been handed the file; rejects with the reason it could not be made.
const MAX_PIXELS = 64 * 1024 * 1024;

function hand(href, name) {
  const a = document.createElement("a");
  a.href = href;
  a.download = name;
  a.click();
}

export function saveText(text, name, mime) {
  hand(`data:${mime};charset=utf-8,${encodeURIComponent(text)}`, name);
}

export async function savePng(svg, name) {
  const img = new Image();
  img.src = svg.startsWith("data:") ? svg : `data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`;
  await img.decode();
  const w = img.naturalWidth;
  const h = img.naturalHeight;
  const scale = Math.min(1, Math.sqrt(MAX_PIXELS / (w * h)));
  const canvas = document.createElement("canvas");
  canvas.width = Math.max(1, Math.floor(w * scale));
  canvas.height = Math.max(1, Math.floor(h * scale));
  canvas.getContext("2d").drawImage(img, 0, 0, canvas.width, canvas.height);
  hand(canvas.toDataURL("image/png"), name);
}
