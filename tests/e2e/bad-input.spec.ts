import { expect, type Page, test } from "@playwright/test";
import { ViewsPage } from "./views-page";

// The bad-input matrix: every text field of every page gets each of these. Nothing
// may panic or log a console error; where the value is wrong for the field, the error shows at
// the field and the last valid state stays on screen.
const values: Record<string, string> = {
  empty: "",
  letters: "abc",
  float: "1.5",
  negative: "-3",
  zero: "0",
  "2^63": "9223372036854775808",
  unbalanced: "((2,3)",
  "rank mismatch": "(2,3):(1)",
  "invalid permutation": "(0,0)",
  "out-of-range mask": "99",
  "impossible reshape": "7",
  "non-tractable layout": "(2,2):(3,2)",
  "10,000 characters": "9".repeat(10_000),
  "script payload": '<img src=x onerror="window.__pwned=1">',
};

/** Values wrong for every field of the kind: they must show an error and change nothing. */
const alwaysWrong = ["letters", "2^63", "unbalanced", "10,000 characters", "script payload"];

type Field = {
  url: string;
  input: string;
  error: string;
  /** What shows the last valid state, and must not change on a wrong value. */
  anchor: (page: Page) => Promise<string>;
  /** More values wrong for this field. */
  wrong?: string[];
  /** Values of `alwaysWrong` this field accepts (a size may be a name like N). */
  allowed?: string[];
  /** Press this button after typing (the op toolbar checks on apply). */
  apply?: string;
  /** Leave the field after typing (it reads its value on change). */
  commit?: boolean;
  before?: (page: Page) => Promise<void>;
};

/** The composed grid's cell (1,2), or what stands instead when the grid has no such cell. */
const viewAnchor = async (page: Page) => {
  const cell = page.locator('[data-testid="logical-cell"][data-coord="(1,2)"]');
  if ((await cell.count()) === 0) return `no cell (1,2): ${await page.getByTestId("canonical").textContent()}`;
  return (await cell.getAttribute("data-addr")) ?? "";
};
const text = (id: string) => async (page: Page) => (await page.getByTestId(id).textContent()) ?? "";

/** The expression-mode grid's addresses, joined. */
const exprAnchor = async (page: Page) =>
  (await page.getByTestId("expr-mode").getByTestId("logical-cell").evaluateAll((cells) =>
    cells.map((c) => c.getAttribute("data-addr")).join(" "))) || "no cells";

const exprField = (input: string): Field => ({
  url: "#/views?shape=3,2&ops=permute:1,0;reshape:3,2",
  input,
  error: `error-${input}`,
  anchor: exprAnchor,
  wrong: ["float", "rank mismatch"],
  before: async (page) => {
    await page.getByTestId("expr-mode-box").locator("summary").click();
  },
});

/** The walkthrough's steps, or the reason it has none (a layout that is not tractable). */
const walkAnchor = async (page: Page) =>
  page.evaluate(() => {
    const shown = document.querySelector('[data-testid="walk-lines"]') ?? document.querySelector('[data-testid="walk-error"]');
    return `${document.querySelector('[data-testid="walk-position"]')?.textContent}: ${shown?.textContent}`;
  });

/** A field of the symbolic size N, made by typing N as the first size of a compact view. */
const symbolField = (input: string, wrong: string[]): Field => ({
  url: "#/views?shape=3,4",
  input,
  error: "error-symbols",
  anchor: viewAnchor,
  wrong,
  commit: true,
  before: async (page) => {
    for (const [id, value] of [["stride-0", ""], ["stride-1", ""], ["shape-0", "N"]]) {
      await page.getByTestId(id).fill(value);
    }
    await expect(page.getByTestId("symbol-N")).toBeVisible();
  },
});

const numeric = ["float", "rank mismatch", "invalid permutation", "non-tractable layout"];
const sizes = ["empty", "float", "negative", "zero", "rank mismatch", "invalid permutation"];
const notation = ["float", "rank mismatch"];

const fields: Record<string, Field> = {
  "Views shape": { url: "#/views?shape=3,4", input: "shape-0", error: "error-shape-0", anchor: viewAnchor, wrong: numeric, allowed: ["letters"] },
  "Views stride": { url: "#/views?shape=3,4", input: "stride-1", error: "error-stride-1", anchor: viewAnchor, wrong: numeric, allowed: ["letters"] },
  "Views mask begin": { url: "#/views?shape=3,4", input: "mask-begin-0", error: "error-mask-begin-0", anchor: viewAnchor, wrong: [...numeric, "out-of-range mask"] },
  "Views mask end": { url: "#/views?shape=3,4", input: "mask-end-1", error: "error-mask-end-1", anchor: viewAnchor, wrong: [...numeric, "out-of-range mask"] },
  "Views offset": { url: "#/views?shape=3,4", input: "offset", error: "error-offset", anchor: viewAnchor, wrong: numeric },
  "Views paste": { url: "#/views?shape=3,4", input: "paste-view", error: "error-paste-view", anchor: viewAnchor, wrong: ["float", "rank mismatch"] },
  "Views permute argument": {
    url: "#/views?shape=3,4", input: "op-argument", error: "error-op", anchor: viewAnchor,
    wrong: ["float", "invalid permutation"], apply: "op-apply",
    before: async (page) => { await page.getByTestId("op-permute").click(); },
  },
  "Views reshape argument": {
    url: "#/views?shape=3,4", input: "op-argument", error: "error-op", anchor: viewAnchor,
    wrong: ["float", "impossible reshape"], apply: "op-apply",
    before: async (page) => { await page.getByTestId("op-reshape").click(); },
  },
  "Views symbol min": symbolField("sym-N-min", [...sizes, "out-of-range mask"]),
  "Views symbol max": symbolField("sym-N-max", sizes),
  "Views import": {
    url: "#/views?shape=3,4", input: "import-text", error: "error-import", anchor: viewAnchor,
    wrong: Object.keys(values), apply: "import",
    before: async (page) => { await new ViewsPage(page).openMore("more-import-export"); },
  },
  "Views expression variables": exprField("expr-vars"),
  "Views expression idx": exprField("expr-idx-input"),
  "Views expression valid": exprField("expr-valid-input"),
  "Layouts layout": { url: "#/layouts", input: "layout-input", error: "error-layout", anchor: text("layout-cute"), wrong: notation },
  "Morphisms domain": { url: "#/morphisms", input: "morphism-domain", error: "error-domain", anchor: text("morphism-text"), wrong: [...notation, "zero", "negative"] },
  "Morphisms codomain": { url: "#/morphisms", input: "morphism-codomain", error: "error-codomain", anchor: text("morphism-text"), wrong: [...notation, "zero", "negative"] },
  "Morphisms map": { url: "#/morphisms", input: "morphism-map", error: "error-map", anchor: text("morphism-text"), wrong: [...notation, "negative", "invalid permutation"] },
  "Morphisms from layout": { url: "#/morphisms", input: "from-layout", error: "error-from-layout", anchor: text("morphism-text"), wrong: [...notation, "non-tractable layout"] },
  "Morphisms walkthrough A": { url: "#/morphisms", input: "walk-a", error: "walk-operand-error", anchor: walkAnchor, wrong: notation },
  "Morphisms walkthrough B": { url: "#/morphisms", input: "walk-b", error: "walk-operand-error", anchor: walkAnchor, wrong: notation },
  "Shader fill": {
    url: "#/shader?from=views&shape=3,4", input: "shader-fill", error: "error-shader-fill",
    anchor: text("shader-code"), wrong: ["empty", "float", ...notation, "invalid permutation", "non-tractable layout"],
  },
  "Shader workgroup size": {
    url: "#/shader?from=views&shape=3,4", input: "shader-workgroup", error: "error-shader-workgroup",
    anchor: text("shader-code"), wrong: ["empty", "float", "negative", "zero", ...notation, "invalid permutation", "non-tractable layout"],
  },
  "Syno program": {
    url: "#/syno", input: "syno-program", error: "syno-error", anchor: text("syno-access"),
    wrong: Object.keys(values),
  },
  "Syno palette constant": {
    url: "#/syno", input: "syno-constant", error: "syno-palette-error", anchor: text("syno-access"),
    wrong: ["empty", "float", "negative", "zero", ...notation, "invalid permutation", "non-tractable layout"],
    allowed: ["letters"], apply: "syno-reduce",
  },
  "Morphisms g": { url: "#/morphisms", input: "morphism-g", error: "error-g", anchor: text("op-result"), wrong: [...notation, "zero"] },
};

for (const [name, field] of Object.entries(fields)) {
  test(`bad input matrix: ${name}`, async ({ page }) => {
    const views = new ViewsPage(page);
    await page.goto(`/${field.url}`);
    if (field.before) await field.before(page);
    const input = page.getByTestId(field.input);
    await expect(input).toBeVisible();
    let valid = await field.anchor(page);
    expect(valid).not.toBe("");
    const allowed = new Set(field.allowed ?? []);
    const wrong = new Set([...alwaysWrong.filter((l) => !allowed.has(l)), ...(field.wrong ?? [])]);
    for (const [label, value] of Object.entries(values)) {
      await input.fill(value);
      if (field.apply) await page.getByTestId(field.apply).click();
      if (field.commit) await input.press("Tab");
      if (wrong.has(label)) {
        await expect(page.getByTestId(field.error), `${name}: ${label}`).not.toBeEmpty();
        expect(await field.anchor(page), `${name}: ${label} keeps the last valid state`).toBe(valid);
      } else {
        // a value this field may accept becomes the state the next wrong value must keep
        valid = await field.anchor(page);
      }
      await expect(page.getByTestId("panic-banner")).toHaveCount(0);
    }
    await expect(page.locator("img")).toHaveCount(0);
    expect(views.consoleErrors).toEqual([]);
  });
}
