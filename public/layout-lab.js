// <layout-lab>: a Layout Lab widget for any HTML page, no build step.
//
//   <script src="https://…/layout-lab.js" defer></script>
//   <layout-lab page="layouts" state="L=((4,4),4):((16,1),4)" height="480"></layout-lab>
//
// Attributes: page (views, layouts, morphisms, syno, shader, threads, triton), state (the
// page's permalink query, as in the app's URL after `?`), height (pixels or a CSS length),
// theme (auto, light, dark), interactive ("false" for a read-only widget), panels (the parts
// to show, e.g. "grid expr"; the names are in the README), src (the app's folder, by default
// this script's).
//
// Each element holds the app's embed.html route in an iframe, so every widget has its own
// state. Setting `page` or `state` later updates the widget in place: the element posts a
// message to the frame, addressed to the app's origin only, and the widget takes messages only
// from its parent and only from the origin the element named when it made the frame. The
// widget reports its state after every change: the element keeps it in `.page` / `.state`
// and fires a `layout-lab-change` event with `detail: { page, state, link }`.
(() => {
  const script = document.currentScript;
  const defaultBase = script && script.src ? script.src : location.href;
  const SET = "layout-lab:set";
  const STATE = "layout-lab:state";

  class LayoutLab extends HTMLElement {
    static get observedAttributes() {
      return ["page", "state", "height", "theme", "interactive", "panels", "src"];
    }

    constructor() {
      super();
      this._frame = null;
      this._ready = false;
      this._current = null;
      this._onMessage = this._onMessage.bind(this);
    }

    get base() {
      return new URL(this.getAttribute("src") || ".", defaultBase);
    }

    /** The widget's page and state now (after the reader's edits), or the attributes'. */
    get page() {
      return this._current ? this._current.page : this.getAttribute("page") || "views";
    }

    get state() {
      return this._current ? this._current.state : this.getAttribute("state") || "";
    }

    /** Shows `page` with `state`, as setting both attributes does. */
    show(page, state) {
      this.setAttribute("page", page);
      this.setAttribute("state", state);
    }

    connectedCallback() {
      if (!this._frame) {
        const root = this.attachShadow({ mode: "open" });
        const frame = document.createElement("iframe");
        frame.title = "Layout Lab widget";
        frame.style.border = "0";
        frame.style.width = "100%";
        frame.style.height = "100%";
        frame.style.display = "block";
        this._frame = frame;
        // the address first, then into the page: no history entry for the first load
        this._load();
        root.append(frame);
      }
      if (!this.style.display) this.style.display = "block";
      addEventListener("message", this._onMessage);
      this._size();
    }

    disconnectedCallback() {
      removeEventListener("message", this._onMessage);
    }

    attributeChangedCallback(name, old, value) {
      if (!this._frame || old === value) return;
      if (name === "height") return this._size();
      if ((name === "page" || name === "state") && this._ready) return this._post();
      this._load();
    }

    _size() {
      const h = (this.getAttribute("height") || "480").trim();
      this.style.height = /^\d+(\.\d+)?$/.test(h) ? `${h}px` : h;
    }

    _fragment() {
      const state = this.getAttribute("state") || "";
      return `#/${this.getAttribute("page") || "views"}${state ? `?${state}` : ""}`;
    }

    _load() {
      const url = new URL("embed.html", this.base);
      for (const name of ["theme", "interactive", "panels"]) {
        const value = this.getAttribute(name);
        if (value !== null) url.searchParams.set(name, value);
      }
      // the page that may update this widget: this one (a file:// page has no origin to name,
      // and its widgets are updated by reloading them instead)
      if (/^https?:$/.test(location.protocol)) url.searchParams.set("origin", location.origin);
      url.hash = this._fragment();
      this._ready = false;
      this._current = null;
      // a reload replaces the widget's history entry instead of adding one to the page's
      if (this._frame.isConnected && this._frame.contentWindow) {
        this._frame.contentWindow.location.replace(url.href);
      } else {
        this._frame.src = url.href;
      }
    }

    _post() {
      const page = this.getAttribute("page") || "views";
      const state = this.getAttribute("state") || "";
      this._frame.contentWindow.postMessage({ type: SET, page, state }, this.base.origin);
    }

    _onMessage(event) {
      if (!this._frame || event.source !== this._frame.contentWindow) return;
      if (event.origin !== this.base.origin) return;
      const data = event.data;
      if (!data || data.type !== STATE || typeof data.page !== "string") return;
      this._ready = true;
      this._current = { page: data.page, state: String(data.state || "") };
      const link = new URL(`index.html${data.fragment || ""}`, this.base).href;
      this.dispatchEvent(
        new CustomEvent("layout-lab-change", { detail: { ...this._current, link } }),
      );
    }
  }

  if (!customElements.get("layout-lab")) customElements.define("layout-lab", LayoutLab);
})();
