// Builds a panel's DOM nodes from the markup calls the Rust side recorded (ui::dom::Dom), in
// one call instead of one per node: `o` tag opens an element (in the SVG namespace inside an
// <svg>), `a` name value sets an attribute, `t` text adds a text node, `c` closes. Each tag,
// name, value and text ends with NUL, which the recorder never lets through inside one.
// Nothing is parsed as HTML. The nodes already there are kept where they match (an element of
// the same tag, a text node) and only what differs is changed, so an edit that changes values
// leaves the nodes, their focus and their layout in place.
const SVG = "http://www.w3.org/2000/svg";

export function build(root, ops) {
  const open = [];
  let el = root;
  let next = root.firstChild; // the node of `el` to match next
  let seen = []; // the attributes set on `el`
  let at = 0;
  const word = () => {
    const end = ops.indexOf("\0", at);
    const text = ops.slice(at, end);
    at = end + 1;
    return text;
  };
  // what `el` had beyond the markup goes
  const finish = () => {
    while (next) {
      const after = next.nextSibling;
      next.remove();
      next = after;
    }
    if (el !== root) {
      for (const name of el.getAttributeNames()) if (!seen.includes(name)) el.removeAttribute(name);
    }
  };
  while (at < ops.length) {
    const op = ops[at++];
    if (op === "o") {
      const tag = word();
      let child = next;
      if (child && child.localName === tag) {
        next = child.nextSibling;
      } else {
        child =
          tag === "svg" || el.namespaceURI === SVG ? document.createElementNS(SVG, tag) : document.createElement(tag);
        el.insertBefore(child, next);
      }
      open.push([el, next, seen]);
      el = child;
      next = child.firstChild;
      seen = [];
    } else if (op === "a") {
      const name = word();
      const value = word();
      if (el.getAttribute(name) !== value) el.setAttribute(name, value);
      seen.push(name);
    } else if (op === "t") {
      const text = word();
      if (next && next.nodeType === 3) {
        if (next.data !== text) next.data = text;
        next = next.nextSibling;
      } else {
        el.insertBefore(document.createTextNode(text), next);
      }
    } else if (open.length) {
      finish();
      [el, next, seen] = open.pop();
    }
  }
  while (open.length) {
    finish();
    [el, next, seen] = open.pop();
  }
  finish();
}
