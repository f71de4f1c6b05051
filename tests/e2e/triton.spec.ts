import { expect, test } from "@playwright/test";
import { cellPixels, hoverCell } from "./canvas-cells";

const share = (pixels: number[][], [r, g, b]: number[]) =>
  pixels.filter(([x, y, z]) => x === r && y === g && z === b).length / pixels.length;

test("a blocked layout: hover names the register, lane and warp and the bases that make it; a pick and the colour live in the link", async ({ page }) => {
  const errors: string[] = [];
  page.on("pageerror", (e) => errors.push(String(e)));
  await page.goto("/#/triton");
  await expect(page.getByTestId("triton-summary")).toHaveText(
    "2048 elements (32×64) held by 16 registers × 32 lanes × 4 warps = 2048 slots; each element held exactly once",
  );
  // thread 0's cells in print_latex's first colour, thread 1's in the second
  await expect.poll(async () => share(await cellPixels(page, "triton-grid", 0, 0, 32, 64), [175, 175, 255])).toBeGreaterThan(0.5);
  expect(share(await cellPixels(page, "triton-grid", 0, 4, 32, 64), [175, 255, 175])).toBeGreaterThan(0.5);
  // (1, 5): dim1 5 = register bit 0 (1) + lane bit 0 (4), dim0 1 = lane bit 3
  await hoverCell(page, "triton-grid", 1, 5, 32, 64);
  await expect(page.getByTestId("triton-hover")).toHaveText("(1, 5) ← r1 l9 w0 (thread 9) = r0 (0, 1) ⊕ l0 (0, 4) ⊕ l3 (1, 0)");
  // the hovered thread stands out: its cells in full colour, every other cell faded
  await expect.poll(async () => share(await cellPixels(page, "triton-grid", 1, 5), [175, 255, 175])).toBeGreaterThan(0.5);
  expect(share(await cellPixels(page, "triton-grid", 0, 0), [175, 175, 255])).toBe(0);
  expect(share(await cellPixels(page, "triton-grid", 0, 4), [175, 255, 175])).toBe(0);
  await page.getByTestId("triton-pick").fill("t9");
  await page.getByTestId("triton-colour").selectOption("register");
  await expect(page).toHaveURL(/#\/triton\?pick=t9&colour=register&v=1$/);
  await page.reload();
  await expect(page.getByTestId("triton-pick")).toHaveValue("t9");
  await expect(page.getByTestId("triton-colour")).toHaveValue("register");
  await expect(page.getByTestId("triton-layout")).toHaveValue(/^#ttg\.blocked<\{sizePerThread = \[1, 4\]/);
  expect(errors).toEqual([]);
});

test("bad layout, shape and pick: typed errors next to their fields, the last layout stays drawn", async ({ page }) => {
  await page.goto("/#/triton");
  const summary = page.getByTestId("triton-summary");
  const layout = page.getByTestId("triton-layout");
  await layout.fill("#ttg.blocked<{sizePerThread = [1, 4], threadsPerWarp = [4, 8]");
  await expect(page.getByTestId("error-triton-layout")).toContainText("expected");
  await expect(layout).toHaveAttribute("aria-invalid", "true");
  await expect(summary).toContainText("2048 elements (32×64)");
  await page.getByTestId("triton-preset").selectOption("0");
  await page.getByTestId("triton-shape").fill("32,48");
  await expect(page.getByTestId("error-triton-shape")).toContainText("power-of-two");
  await page.getByTestId("triton-shape").fill("32");
  await expect(page.getByTestId("error-triton-shape")).toContainText("rank 2");
  await page.getByTestId("triton-shape").fill("16,64");
  await expect(summary).toContainText("1024 elements (16×64)");
  await page.getByTestId("triton-pick").fill("w9");
  await expect(page.getByTestId("error-triton-pick")).toContainText("4 warps");
  await expect(page.getByTestId("triton-grid")).toBeVisible();
});

test("an IR dump with its alias line: notations, bases, the basis matrix and CuTe's counterpart", async ({ page }) => {
  await page.goto("/#/triton");
  // a tensor type brings its shape
  await page.getByTestId("triton-layout").fill(
    "#mma = #ttg.nvidia_mma<{versionMajor = 2, versionMinor = 0, warpsPerCTA = [1, 1], instrShape = [16, 8]}>\ntensor<16x8xf32, #mma>",
  );
  await expect(page.getByTestId("triton-shape")).toHaveValue("16,8");
  await expect(page.getByTestId("triton-summary")).toContainText("128 elements (16×8) held by 4 registers × 32 lanes");
  const notations = page.getByTestId("triton-notations");
  await expect(notations).toContainText("#ttg.nvidia_mma<{versionMajor = 2, versionMinor = 0, warpsPerCTA = [1, 1], instrShape = [16, 8]}>");
  await expect(notations).toContainText("ttgl.NVMMADistributedLayout(version=[2, 0], warps_per_cta=[1, 1], instr_shape=[16, 8])");
  await expect(page.getByTestId("triton-bases")).toHaveText(
    [
      " - register=1 -> (0, 1)",
      "   register=2 -> (8, 0)",
      " - lane=1 -> (0, 2)",
      "   lane=2 -> (0, 4)",
      "   lane=4 -> (1, 0)",
      "   lane=8 -> (2, 0)",
      "   lane=16 -> (4, 0)",
      " - warp is a size 1 dimension",
      " - block is a size 1 dimension",
      "where out dims are: [dim0 (size 16), dim1 (size 8)]",
    ].join("\n"),
  );
  // mma.sync's accumulator is CuTe's SM80 16x8 C thread-value layout
  await expect(page.getByTestId("triton-cute")).toHaveText("((4,8),(2,2)):((32,1),(16,8))");
  const matrix = page.getByTestId("triton-matrix");
  await expect(matrix.locator("thead th")).toHaveText(["", "r0", "r1", "l0", "l1", "l2", "l3", "l4"]);
  await expect(matrix.locator("tbody tr")).toHaveCount(7);
  await expect(matrix.locator("td.on")).toHaveCount(7);
  // an XOR has no CuTe counterpart, and says why
  await page.getByTestId("triton-preset").selectOption("6");
  await expect(page.getByTestId("triton-cute")).toContainText("none:");
  await expect(page.getByTestId("triton-cute")).toContainText("XORs where CuTe would add");
  // a shared layout: offsets, and CuTe's swizzle for it
  await page.getByTestId("triton-preset").selectOption("7");
  await expect(page.getByTestId("triton-cute")).toHaveText("Sw<3,3,3> o 0 o (64,64):(64,1)");
  await hoverCell(page, "triton-grid", 1, 0, 64, 64);
  await expect(page.getByTestId("triton-hover")).toHaveText("(1, 0) ← o72 = o3 (0, 8) ⊕ o6 (1, 8)");
});

test("a second layout: the conversion's verdict and counts, what differs outlined, a no-op against itself", async ({ page }) => {
  await page.goto("/#/triton");
  await page.getByTestId("triton-preset").selectOption("9");
  const conversion = page.getByTestId("triton-conversion");
  await expect(conversion).toContainText("convert_layout needs: shared memory");
  await expect(conversion).toContainText("of the second layout's 1024 slots:");
  await expect(page.getByTestId("triton-grid-other")).toBeVisible();
  await hoverCell(page, "triton-grid-other", 0, 0, 32, 32);
  await expect(page.getByTestId("triton-hover")).toHaveText(/^second layout: \(0, 0\) ← r0 l0 w0 \(thread 0\)/);
  await expect(page).toHaveURL(/&to=%23ttg\.nvidia_mma/);
  const layout = await page.getByTestId("triton-layout").inputValue();
  await page.getByTestId("triton-other").fill(layout);
  await expect(conversion).toContainText("convert_layout needs: no-op");
  await page.getByTestId("triton-other").fill("");
  await expect(conversion).toBeEmpty();
  await expect(page.getByTestId("triton-grid-other")).toBeHidden();
});

test("exports: the layout as SVG and PNG", async ({ page }) => {
  await page.goto("/#/triton");
  await page.getByTestId("triton-preset").selectOption("1");
  const [svg] = await Promise.all([page.waitForEvent("download"), page.getByTestId("triton-svg").click()]);
  expect(svg.suggestedFilename()).toBe("triton-layout.svg");
  const text = (await (await svg.createReadStream()).toArray()).join("");
  expect(text.startsWith("<svg")).toBe(true);
  expect(text).toContain("r0 l0 w0");
  const [png] = await Promise.all([page.waitForEvent("download"), page.getByTestId("triton-png").click()]);
  expect(png.suggestedFilename()).toBe("triton-layout.png");
  const bytes = Buffer.concat(await (await png.createReadStream()).toArray());
  expect(bytes.subarray(1, 4).toString()).toBe("PNG");
});

test("from the Threads page: a TiledMMA's C as a Triton linear layout, beside Triton's own layout of the instruction", async ({ page }) => {
  // wgmma: CuTe's and Triton's accumulators are the same layout, nothing to convert
  await page.goto("/#/threads?atom=SM90_64x64x16_F32F16F16_RS&layout=1x1x1");
  await expect(page.getByTestId("threads-triton")).toContainText("beside Triton's #ttg.nvidia_mma<{versionMajor = 3");
  await page.getByTestId("threads-triton-c").click();
  await expect(page.getByTestId("page-triton")).toBeVisible();
  await expect(page.getByTestId("triton-summary")).toContainText("4096 elements (64×64)");
  await expect(page.getByTestId("triton-conversion")).toContainText("convert_layout needs: no-op");
  // mma.sync over 2×2 warps: the same lanes, but Triton numbers the warps N first
  await page.goto("/#/threads?atom=SM80_16x8x16_F16F16F16F16_TN&layout=2x2x1");
  await page.getByTestId("threads-triton-c").click();
  await expect(page.getByTestId("triton-conversion")).toContainText("convert_layout needs: shared memory");
  await expect(page.getByTestId("triton-conversion")).toContainText("0 come from another lane of the warp");
});

test("AMD MFMA: 64-lane wavefronts, lanes past 31 named and coloured, its operand read from an IR dump", async ({ page }) => {
  const errors: string[] = [];
  page.on("pageerror", (e) => errors.push(String(e)));
  await page.goto("/#/triton");
  await page.getByTestId("triton-preset").selectOption("10");
  await expect(page.getByTestId("triton-summary")).toHaveText(
    "4096 elements (64×64) held by 16 registers × 64 lanes × 4 warps = 4096 slots; each element held exactly once",
  );
  // transposed 32x32: lanes run down M, lane 32 starts the next 4 columns
  await hoverCell(page, "triton-grid", 0, 4, 64, 64);
  await expect(page.getByTestId("triton-hover")).toHaveText(/^\(0, 4\) ← r0 l32 w0 \(thread 32\)/);
  // the fourth wavefront starts at thread 192 = 3 × 64
  await hoverCell(page, "triton-grid", 32, 32, 64, 64);
  await expect(page.getByTestId("triton-hover")).toHaveText(/^\(32, 32\) ← r0 l0 w3 \(thread 192\)/);
  await expect(page).toHaveURL(/layout=%23ttg\.amd_mfma/);
  await page.getByTestId("triton-preset").selectOption("11");
  await expect(page.getByTestId("triton-summary")).toHaveText(
    "2048 elements (64×32) held by 16 registers × 64 lanes × 4 warps = 4096 slots; each element held by 2 of them (broadcast)",
  );
  expect(errors).toEqual([]);
});

test("the hover readout follows the pointer between the two grids", async ({ page }) => {
  await page.goto("/#/triton");
  await page.getByTestId("triton-preset").selectOption("9");
  const hover = page.getByTestId("triton-hover");
  await hoverCell(page, "triton-grid", 0, 0, 32, 32);
  await expect(hover).toHaveText(/^\(0, 0\) ← /);
  await hoverCell(page, "triton-grid-other", 1, 0, 32, 32);
  await expect(hover).toHaveText(/^second layout: \(1, 0\) ← /);
  await hoverCell(page, "triton-grid", 2, 0, 32, 32);
  await expect(hover).toHaveText(/^\(2, 0\) ← /);
});

test("Gluon's get_tmem_reg_layout(...) pasted: Triton's tcgen05.ld registers over 4 warps", async ({ page }) => {
  await page.goto("/#/triton");
  await page.getByTestId("triton-shape").fill("128,64");
  await page.getByTestId("triton-layout").fill(
    "ttgl.nvidia.blackwell.get_tmem_reg_layout(ttgl.float32, [128, 64], TensorMemoryLayout(block=(128, 64), col_stride=1), num_warps=4)",
  );
  await expect(page.getByTestId("error-triton-layout")).toBeEmpty();
  await expect(page.getByTestId("triton-summary")).toContainText("8192 elements (128×64) held by 64 registers × 32 lanes × 4 warps");
  await expect(page.getByTestId("triton-notations")).toContainText("#ttg.linear<{register = [[0, 1]");
  // a variant Triton lacks is refused beside the field
  await page.getByTestId("triton-layout").fill(
    "get_tmem_reg_layout(ttgl.float32, [128, 64], TensorMemoryLayout((128, 64), 1), 4, '8x8b')",
  );
  await expect(page.getByTestId("error-triton-layout")).toContainText("an instruction variant");
  await expect(page.getByTestId("triton-summary")).toContainText("128×64");
});

test("Blackwell tensor memory: lanes and columns on hover, the tcgen05.ld verdict, one SM's 128×512", async ({ page }) => {
  const errors: string[] = [];
  page.on("pageerror", (e) => errors.push(String(e)));
  await page.goto("/#/triton");
  await page.getByTestId("triton-shape").fill("64,64");
  await page.getByTestId("triton-layout").fill("#ttng.tensor_memory_encoding<blockM = 64, blockN = 64, colStride = 1>");
  await expect(page.getByTestId("error-triton-layout")).toBeEmpty();
  await expect(page.getByTestId("triton-summary")).toHaveText(
    "4096 elements (64×64) in 128 TMEM lanes × 64 32-bit columns; lanes whose index has 16 set hold nothing defined (Triton's zero basis)",
  );
  // a 64-row block: row 37 sits on lane 69 = 32·2 + 5, in warp quarter 2
  await hoverCell(page, "triton-grid", 37, 5, 64, 64);
  await expect(page.getByTestId("triton-hover")).toHaveText(/^\(37, 5\) ← TMEM lane 69, column 5 \(warp quarter 2: warps 2, 6 … may access it\)/);
  await expect(page.getByTestId("triton-cute")).toContainText("lane << 16 | column");
  // its registers: a 16x64b load is accepted, a blocked layout is not
  await page.getByTestId("triton-other").fill(
    "get_tmem_reg_layout(ttgl.float32, [64, 64], TensorMemoryLayout((64, 64), 1), num_warps=4, instr_variant=\"16x64b\")",
  );
  await expect(page.getByTestId("triton-conversion")).toContainText("tmem_load (tcgen05.ld) into the second layout: one instruction shape, no shuffle");
  await page.getByTestId("triton-other").fill(
    "#ttg.blocked<{sizePerThread = [1, 16], threadsPerWarp = [8, 4], warpsPerCTA = [4, 1], order = [1, 0]}>",
  );
  await expect(page.getByTestId("triton-conversion")).toContainText("refused by Triton");
  // a bad block is refused beside its field; the last layout stays
  await page.getByTestId("triton-layout").fill("#ttng.tensor_memory_encoding<blockM = 96, blockN = 64, colStride = 1>");
  await expect(page.getByTestId("error-triton-layout")).toContainText("blockM 96");
  await expect(page.getByTestId("triton-summary")).toContainText("in 128 TMEM lanes");
  // the preset: all of one SM's tensor memory, read by 32x32b
  await page.getByTestId("triton-preset").selectOption("14");
  await expect(page.getByTestId("triton-summary")).toHaveText("65536 elements (128×512) in 128 TMEM lanes × 512 32-bit columns");
  await expect(page.getByTestId("triton-conversion")).toContainText('instr_variant="32x32b"');
  await hoverCell(page, "triton-grid", 100, 300, 128, 512);
  await expect(page.getByTestId("triton-hover")).toHaveText(/^\(100, 300\) ← TMEM lane 100, column 300 \(warp quarter 3/);
  expect(errors).toEqual([]);
});
