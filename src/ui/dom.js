// Builds a panel's DOM nodes from the markup calls the Rust side recorded (ui::dom::Dom), in
// one call instead of one per node: `o` tag opens an element (in the SVG namespace inside an
// <svg>), `a` name value sets an attribute, `t` text appends a text node, `c` closes. Each tag,
// name, value and text ends with NUL, which the recorder never lets through inside one.
// Nothing is parsed as HTML.
const SVG = "http://www.w3.org/2000/svg";

export function build(root, ops) {
  root.textContent = "";
  const open = [root];
  let el = root;
  let at = 0;
  const next = () => {
    const end = ops.indexOf("\0", at);
    const text = ops.slice(at, end);
    at = end + 1;
    return text;
  };
  while (at < ops.length) {
    const op = ops[at++];
    if (op === "o") {
      const tag = next();
      const child =
        tag === "svg" || el.namespaceURI === SVG ? document.createElementNS(SVG, tag) : document.createElement(tag);
      el.appendChild(child);
      open.push((el = child));
    } else if (op === "a") {
      const name = next();
      el.setAttribute(name, next());
    } else if (op === "t") {
      el.append(next());
    } else if (open.length > 1) {
      open.pop();
      el = open[open.length - 1];
    }
  }
}
