// The widget side of the embed API, in embed.html. A message is taken only when it comes from
// the page that frames the widget and from an origin the widget's URL allows (`origin=`, and
// the widget's own); the widget's state is posted only to those origins, never to "*".
//
// In:  { type: "layout-lab:set", page: "layouts", state: "L=(4,2):(2,1)" }
// Out: { type: "layout-lab:state", page, state, fragment } after every change of state.

export function listen(origins) {
  const allowed = origins.split(" ").filter(Boolean);
  addEventListener("message", (event) => {
    if (event.source !== parent || parent === window || !allowed.includes(event.origin)) return;
    const data = event.data;
    if (!data || data.type !== "layout-lab:set") return;
    const { page, state } = data;
    if (!/^[a-z]+$/.test(page) || typeof state !== "string") return;
    // a fragment navigation: the app follows it as it follows a pasted link
    location.replace("#/" + page + (state ? "?" + state : ""));
  });
}

export function announce(origins, page, state, fragment) {
  if (parent === window) return;
  for (const origin of origins.split(" ").filter(Boolean)) {
    parent.postMessage({ type: "layout-lab:state", page, state, fragment }, origin);
  }
}
