import { expect, test } from "@playwright/test";
import { LayoutsPage } from "./layouts-page";
import { MorphismsPage } from "./morphisms-page";

// Every example of §1.3 ("Implementation") and of chapter 4 of Categorical Foundations for CuTe
// Layouts (../shared/seeds/002_*.txt), done the way a reader would: typed into the pages.
// The Nest operations of §1.3 and the presets of Examples 4.1.4.1-3 have their own specs in
// morphisms.spec.ts; here are the rest.

async function layout(layouts: LayoutsPage, text: string) {
  await layouts.type("layout-input", text);
  await expect(layouts.error()).toBeEmpty();
}

/** Types tract's `S--(map)-->T` into the editor's domain, map and codomain fields. */
async function morphism(morphisms: MorphismsPage, tract: string) {
  const [domain, rest] = tract.split("--(");
  const [map, codomain] = rest.split(")-->");
  await morphisms.typeMorphism(domain, codomain, `(${map})`);
}

test("§1.3 items 1-3: tuples, layouts, morphisms and tractability as the paper prints them", async ({ page }) => {
  const layouts = new LayoutsPage(page);
  const morphisms = new MorphismsPage(page);
  await layouts.open();
  // 1. nested tuples; a tuple of length 1 needs its comma in Python
  for (const [shape, cute] of [
    ["(2,2,2)", "(2,2,2):(1,2,4)"],
    ["((2,2),(5,5))", "((2,2),(5,5)):((1,2),(4,20))"],
    ["((2,2),4,(9,(3,3)))", "((2,2),4,(9,(3,3))):((1,2),4,(16,(144,432)))"],
  ]) {
    await layout(layouts, shape);
    await expect(layouts.cute(), shape).toHaveText(cute);
  }
  await layout(layouts, "(10,)");
  await expect(layouts.pycute()).toHaveText("(10,):(1,)");
  // CuTe writes a 1-tuple as (10), so the integer is typed bare, as pycute prints it
  await layout(layouts, "10");
  await expect(layouts.pycute()).toHaveText("10:1");
  // 2. layouts A, B and C
  for (const [typed, cute] of [
    ["((4,4),4):((16,1),4)", "((4,4),4):((16,1),4)"],
    ["(8,64):(64,1)", "(8,64):(64,1)"],
    ["100:2", "100:2"],
  ]) {
    await layout(layouts, typed);
    await expect(layouts.cute()).toHaveText(cute);
  }
  // 3. A is tractable, B is not
  await layout(layouts, "(2,2,2):(1,2,4)");
  await expect(layouts.prop("tractable")).toContainText("yes:");
  await layout(layouts, "(2,2,2):(1,7,4)");
  await expect(layouts.prop("tractable")).toContainText("no:");

  await morphisms.open();
  // 2. morphisms f, g and h in tract's notation, 0 for an unmapped entry
  for (const [typed, shown] of [
    ["(4,4)--(1,3)-->(4,2,4)", "(4,4) --(1, 3)--> (4,2,4)"],
    ["(2,2,2,2)--(1,0,4,2)-->(2,2,2,2)", "(2,2,2,2) --(1, 0, 4, 2)--> (2,2,2,2)"],
    ["(16,(4,4),(4,4))--(1,2,0,3,0)-->(16,4,4)", "(16,(4,4),(4,4)) --(1, 2, 0, 3, 0)--> (16,4,4)"],
  ]) {
    await morphism(morphisms, typed);
    await expect(morphisms.text(), typed).toHaveText(shown);
  }
  // 3. f_L of a tractable layout, and L_f of a morphism
  await morphisms.type("from-layout", "(2,2,2):(1,2,4)");
  await expect(morphisms.text()).toHaveText("(2,2,2) --(1, 2, 3)--> (2,2,2)");
  await morphism(morphisms, "((5,5),8)--(1,3,2)-->(5,8,5)");
  await expect(morphisms.encodedLayout()).toHaveText("((5,5),8):((1,40),5)");
  expect(layouts.consoleErrors).toEqual([]);
});

// §1.3 items 4-8 on the layouts side, run in the algebra workbench. The workbench's A and B are
// pycute's first and second arguments, so the paper's cute.composition(B, A) is A-field = B.
const layoutOperations: [string, string, string, string][] = [
  ["composition", "(8,64):(64,1)", "((4,4),4):((16,1),4)", "((4,4),(2,2)):((2,64),(256,1))"],
  ["coalesce", "((2,2),(2,2),(5,5)):((1,2),(16,32),(64,640))", "", "(4,20,5):(1,16,640)"],
  ["coalesce_by_mode", "((2,2),(3,3),(5,5)):((1,2),(4,12),(36,180))", "((2,2),9,25)", "((2,2),9,25):((1,2),4,36)"],
  ["complement", "((2,2),(2,2)):((8,2),(64,256))", "4096", "(2,2,4,2,8):(1,4,16,128,512)"],
  ["logical_divide", "(64,32):(32,1)", "(4,4):(1,64)", "((4,4),(16,8)):((32,1),(128,4))"],
  ["logical_product", "(3,10,10):(200,1,20)", "(2,2):(1,2)", "((3,10,10),(2,2)):((200,1,20),(10,600))"],
];

test("§1.3 items 4-8: composition, coalesce, relative coalesce, complement, divide and product", async ({ page }) => {
  const layouts = new LayoutsPage(page);
  await layouts.open();
  for (const [op, a, b, result] of layoutOperations) {
    await layouts.workbench(op, a, b, result);
  }
  expect(layouts.consoleErrors).toEqual([]);
});

// Examples 4.1.1.2-5: mutual refinements of T and U, read at step 3 of the composition
// walkthrough. The paper's A (our inner B) = column-major of shape T has f with codomain T; its B
// (our outer A) of shape U with strides that coalesce cannot merge has g with domain U.
const refinements: [string, string, string, string][] = [
  ["(6,6):(1,6)", "(2,6,3):(1,4,48)", "((2,3),(2,3))", "(2,(3,2),3)"],
  ["(8,8,8):(1,8,64)", "(2,8,8,8):(1,4,64,1024)", "((2,4),(2,4),(2,4))", "(2,(4,2),(4,2),(4,2))"],
  ["(4,2,2,32):(1,4,8,16)", "(32,32):(1,64)", "(4,2,2,(2,16))", "((4,2,2,2),(16,2))"],
];

test("chapter 4: the mutual refinements of Examples 4.1.1.2-5 at step 3 of Algorithm 4.1.3", async ({ page }) => {
  const morphisms = new MorphismsPage(page);
  await morphisms.open();
  for (const [a, b, t, u] of refinements) {
    await morphisms.type("walk-b", a);
    await morphisms.type("walk-a", b);
    await expect(morphisms.walkError()).toHaveCount(0);
    await morphisms.walkNext().click();
    await morphisms.walkNext().click();
    await expect(morphisms.walkPosition()).toHaveText("step 3 of 6");
    const lines = morphisms.walkLines();
    await expect(lines, a).toContainText(`T′ = ${t}`);
    await expect(lines, a).toContainText(`U′ = ${u}`);
  }
  // Example 4.1.1.5: (8,8) and (3,8,8) have none, and the page says where it fails
  await morphisms.type("walk-b", "(8,8):(1,8)");
  await morphisms.type("walk-a", "(3,8,8):(1,6,96)");
  await expect(morphisms.walkError()).toContainText("no mutual refinement");
  expect(morphisms.consoleErrors).toEqual([]);
});
