// layout_lab.widget's front end (an anywidget module): the app's own release build, run in a
// frame of the notebook cell. The kernel sends the build once per page and build (script, wasm,
// style sheets and the snippets the script imports); the frame's document is made from blob:
// URLs, so nothing is fetched from anywhere. The frame is the app's widget mode, named
// `layout-lab?theme=…&panels=…` (a blob: document has no query of its own), and talks to this
// module with the <layout-lab> element's messages:
//   in:  { type: "layout-lab:set", page, state }   out: { type: "layout-lab:state", page, state }

const SET = "layout-lab:set";
const STATE = "layout-lab:state";

/** The app's document for each build, as a blob: URL, made once per page. */
const documents = new Map();

function blobUrl(parts, type) {
  return URL.createObjectURL(new Blob(parts, { type }));
}

function makeDocument(app, wasm) {
  const snippets = {};
  for (const [path, text] of Object.entries(app.snippets)) {
    snippets[path] = blobUrl([text], "text/javascript");
  }
  // the glue imports its snippets by relative path: point each import at its blob (the same
  // path also names the wasm's import module, which must stay as it is)
  const script = app.script.replace(
    /(\bfrom\s*)(["'])\.\/(snippets\/[\w./-]+\.js)\2/g,
    (whole, from, q, path) => (snippets[path] ? from + q + snippets[path] + q : whole),
  );
  const scriptUrl = blobUrl([script], "text/javascript");
  const wasmUrl = blobUrl([wasm], "application/wasm");
  const style = app.css.map((css) => `<style>${css}</style>`).join("");
  const start =
    `import init, * as bindings from "${scriptUrl}";` +
    `window.wasmBindings = bindings; await init({ module_or_path: "${wasmUrl}" });`;
  return blobUrl(
    [
      '<!doctype html><html lang="en"><head><meta charset="utf-8">',
      '<meta name="viewport" content="width=device-width,initial-scale=1">',
      '<meta name="color-scheme" content="light dark"><title>Layout Lab</title>',
      // the widget bar's "open the app" link has no app beside a blob: document
      style + "<style>[data-testid=embed-open]{pointer-events:none}</style>",
      `<script type="module">${start}</script></head><body></body></html>`,
    ],
    "text/html",
  );
}

function appDocument(model) {
  const name = model.get("_app");
  if (!documents.has(name)) {
    documents.set(
      name,
      new Promise((resolve) => {
        const take = (msg, buffers) => {
          if (!msg || msg.type !== "app" || msg.name !== name) return;
          model.off("msg:custom", take);
          resolve(makeDocument(msg, buffers[0]));
        };
        model.on("msg:custom", take);
        model.send({ type: "app?" });
      }),
    );
  }
  return documents.get(name);
}

function render({ model, el }) {
  const options = () => {
    const q = new URLSearchParams({ theme: model.get("theme"), origin: location.origin });
    if (!model.get("interactive")) q.set("interactive", "false");
    if (model.get("panels")) q.set("panels", model.get("panels"));
    return `layout-lab?${q}`;
  };
  const fragment = () => {
    const state = model.get("state");
    return `#/${model.get("page")}${state ? `?${state}` : ""}`;
  };
  const size = () => {
    if (frame) frame.style.height = `${model.get("height")}px`;
  };
  // What the frame last said it shows (an echo of it is not sent back), and whether the frame
  // has not spoken since it (re)loaded: its first report then yields to the model's state,
  // which Python may have changed meanwhile (the frame also reloads when the notebook moves
  // the output).
  let shown = null;
  let stale = true;
  let frame = null;
  let doc = null;
  // A new frame for new options: a blob: document reads its options from its name once, and
  // a fragment-only navigation would not reload it.
  const load = () => {
    if (!doc) return;
    const next = document.createElement("iframe");
    next.title = "Layout Lab widget";
    next.className = "layout-lab-widget";
    next.style.cssText = "border:0;width:100%;display:block";
    next.name = options();
    next.addEventListener("load", () => {
      shown = null;
      stale = true;
    });
    next.src = doc + fragment();
    if (frame) frame.replaceWith(next);
    else el.append(next);
    frame = next;
    shown = null;
    stale = true;
    size();
  };
  const push = () => {
    const page = model.get("page");
    const state = model.get("state");
    if (!shown || (shown.page === page && shown.state === state)) return;
    frame.contentWindow.postMessage({ type: SET, page, state }, location.origin);
  };
  const onMessage = (event) => {
    if (!frame || event.source !== frame.contentWindow) return;
    const data = event.data;
    if (!data || data.type !== STATE || typeof data.page !== "string") return;
    shown = { page: data.page, state: String(data.state || "") };
    if (stale) {
      stale = false;
      return push();
    }
    if (shown.page !== model.get("page") || shown.state !== model.get("state")) {
      // both at once: a page with the old page's state would be sent back to the frame
      model.set({ page: shown.page, state: shown.state });
      model.save_changes();
    }
  };
  addEventListener("message", onMessage);
  model.on("change:page", push);
  model.on("change:state", push);
  model.on("change:height", size);
  for (const name of ["theme", "interactive", "panels"]) model.on(`change:${name}`, load);
  appDocument(model).then((url) => {
    doc = url;
    load();
  });
  return () => {
    removeEventListener("message", onMessage);
    model.off("change:page", push);
    model.off("change:state", push);
    model.off("change:height", size);
    for (const name of ["theme", "interactive", "panels"]) model.off(`change:${name}`, load);
  };
}

export default { render };
