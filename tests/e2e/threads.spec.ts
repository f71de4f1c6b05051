import { expect, test } from "@playwright/test";
import { cellPixels, hoverCell } from "./canvas-cells";

test("a TiledMMA's A, B and C by thread: hover lights the thread, the fragment is listed, the link keeps it", async ({ page }) => {
  const errors: string[] = [];
  page.on("pageerror", (e) => errors.push(String(e)));
  await page.goto("/#/threads");
  await expect(page.getByTestId("threads-summary")).toContainText("tile 16×8×16, 32 threads (1 warp)");
  for (const name of ["c", "a", "b"]) await expect(page.getByTestId(`threads-${name}`)).toBeVisible();
  // C(8, 0) is thread 0's value 2, as print_latex draws it
  await hoverCell(page, "threads-c", 8, 0, 16, 8);
  await expect(page.getByTestId("threads-hover")).toHaveText("C(8, 0) ← thread 0, value 2 (warp 0)");
  await expect(page.getByTestId("threads-fragment")).toContainText("C: 4 values: V0 (0,0), V1 (0,1), V2 (8,0), V3 (8,1)");
  await expect(page.getByTestId("threads-fragment")).toContainText("A: 8 values: V0 (0,0), V1 (0,1)");
  // a preset: 2×2 warps, permuted to 32×32×16
  await page.getByTestId("threads-preset").selectOption("1");
  await expect(page.getByTestId("threads-summary")).toContainText("tile 32×32×16, 128 threads (4 warps)");
  await expect(page).toHaveURL(/#\/threads\?layout=2x2x1&perm=/);
  await page.reload();
  await expect(page.getByTestId("threads-summary")).toContainText("tile 32×32×16, 128 threads (4 warps)");
  expect(errors).toEqual([]);
});

test("bad atom, layout and permutation: typed errors next to the fields, the last TiledMMA stays", async ({ page }) => {
  await page.goto("/#/threads");
  const summary = page.getByTestId("threads-summary");
  await page.getByTestId("threads-atom").fill("SM81_NOPE");
  await expect(page.getByTestId("error-threads-atom")).not.toBeEmpty();
  await expect(page.getByTestId("threads-atom")).toHaveAttribute("aria-invalid", "true");
  await expect(summary).toContainText("tile 16×8×16");
  await page.getByTestId("threads-atom").fill("SM80_16x8x16_F16F16F16F16_TN");
  await page.getByTestId("threads-layout").fill("2x2x2x2");
  await expect(page.getByTestId("error-threads-layout")).not.toBeEmpty();
  await page.getByTestId("threads-layout").fill("2x2x1");
  await page.getByTestId("threads-permutation").fill("(_32,_32,");
  await expect(page.getByTestId("error-threads-permutation")).not.toBeEmpty();
  await expect(summary).toContainText("tile 32×16×16, 128 threads");
});

test("the SM90 64×256×16 tile draws whole, and exports print_latex's file and an SVG", async ({ page }) => {
  await page.goto("/#/threads?atom=SM90_64x256x16_F32F16F16_SS&layout=1x1x1");
  await expect(page.getByTestId("threads-summary")).toContainText("tile 64×256×16, 128 threads (4 warps)");
  await hoverCell(page, "threads-c", 0, 0, 64, 256);
  await expect(page.getByTestId("threads-hover")).toHaveText("C(0, 0) ← thread 0, value 0 (warp 0)");
  await expect(page.getByTestId("threads-fragment")).toContainText("C: 128 values");
  const [latex] = await Promise.all([page.waitForEvent("download"), page.getByTestId("threads-latex").click()]);
  expect(latex.suggestedFilename()).toBe("tiled-mma.tex");
  const text = (await (await latex.createReadStream()).toArray()).join("");
  expect(text.startsWith("% LayoutC: ArithTuple(_0,_0) o ")).toBe(true);
  expect(text).toContain("\\node[fill={rgb,255:red,175;green,175;blue,255}] at (0,0) {\\shortstack{T0 \\\\ V0}};");
  const [svg] = await Promise.all([page.waitForEvent("download"), page.getByTestId("threads-svg").click()]);
  expect(svg.suggestedFilename()).toBe("tiled-mma.svg");
  const [tikz] = await Promise.all([page.waitForEvent("download"), page.getByTestId("threads-tikz").click()]);
  expect(tikz.suggestedFilename()).toBe("tiled-mma-tikz.tex");
  expect((await (await tikz.createReadStream()).toArray()).join("").startsWith("\\begin{tikzpicture}")).toBe(true);
});

test("a Threads widget shows only its grids", async ({ page }) => {
  await page.goto("/embed.html?panels=grid#/threads?atom=SM80_16x8x16_F16F16F16F16_TN&layout=2x2x1");
  await expect(page.getByTestId("threads-c")).toBeVisible();
  await expect(page.getByTestId("threads-atom")).toBeHidden();
});

test("cells in print_latex's thread colours, labelled T and V; a thread or a warp picked by name, its registers listed", async ({ page }) => {
  await page.goto("/#/threads");
  await expect(page.getByTestId("threads-summary")).toContainText("tile 16×8×16");
  // C(0, 0) is thread 0's: print_latex's first colour, with its label written on it in black
  await expect.poll(async () => {
    const pixels = await cellPixels(page, "threads-c", 0, 0, 16, 8);
    const background = pixels.filter(([r, g, b]) => r === 175 && g === 175 && b === 255).length;
    const ink = pixels.filter(([r, g, b]) => r + g + b < 200).length;
    return background > pixels.length / 2 && ink > 10;
  }).toBe(true);
  // thread 1's cell C(0, 2) in the second colour
  const second = await cellPixels(page, "threads-c", 0, 2, 16, 8);
  expect(second.filter(([r, g, b]) => r === 175 && g === 255 && b === 175).length).toBeGreaterThan(second.length / 2);
  // the picture as a PNG (a small tile: rasterising a 64 × 256 one takes seconds)
  const [png] = await Promise.all([page.waitForEvent("download"), page.getByTestId("threads-png").click()]);
  expect(png.suggestedFilename()).toBe("tiled-mma.png");
  const bytes = Buffer.concat(await (await png.createReadStream()).toArray());
  expect(bytes.subarray(1, 4).toString()).toBe("PNG");
  // a warp, by name: every element of C, A and B
  const pick = page.getByTestId("threads-pick");
  await pick.fill("w0");
  await expect(page.getByTestId("threads-fragment")).toHaveText("warp 0 (threads 0 to 31) holds · C: 128 values · A: 256 values · B: 128 values");
  // a thread: its fragment and the registers it sits in (uint32_t[4] of A, as CuTe's traits)
  await pick.fill("t5");
  await expect(page.getByTestId("threads-fragment")).toContainText("thread 5 (warp 0) holds · C: 4 values: V0 (1,2), V1 (1,3), V2 (9,2), V3 (9,3)");
  await expect(page.getByTestId("threads-registers")).toHaveText(
    "registers of thread 5 · C: 2 × 32-bit registers of 16-bit elements: R0 = V0 V1 · R1 = V2 V3 · " +
      "A: 4 × 32-bit registers of 16-bit elements: R0 = V0 V1 · R1 = V2 V3 · R2 = V4 V5 · R3 = V6 V7 · " +
      "B: 2 × 32-bit registers of 16-bit elements: R0 = V0 V1 · R1 = V2 V3",
  );
  await expect(page).toHaveURL(/pick=t5/);
  await pick.fill("t32");
  await expect(page.getByTestId("error-threads-pick")).toContainText("threads 0 to 31");
  await expect(page.getByTestId("threads-fragment")).toContainText("thread 5 (warp 0) holds");
  // an SS GMMA reads A and B from shared memory
  await page.goto("/#/threads?atom=SM90_64x128x16_F16F16F16_SS&layout=1x1x1&pick=t0");
  await expect(page.getByTestId("threads-registers")).toContainText("A: in shared memory, read by the GMMA's descriptor");
});

test("the atom picker groups atoms by architecture", async ({ page }) => {
  await page.goto("/#/threads");
  const picker = page.getByTestId("threads-atom-picker");
  // evaluateAll reads the DOM once, without waiting: poll until the page has drawn the picker
  const groups = () => picker.locator("optgroup").evaluateAll((gs) => gs.map((g) => g.getAttribute("label")));
  await expect
    .poll(groups)
    .toEqual([
      "SM70 (Volta)",
      "SM75 (Turing)",
      "SM80 (Ampere)",
      "SM89 (Ada)",
      "SM90 (Hopper warpgroup GMMA)",
      "SM100 (Blackwell tcgen05 UMMA)",
      "SM120 (GeForce Blackwell)",
    ]);
  await expect(picker.locator('optgroup[label="SM70 (Volta)"] option[value="SM70_8x8x4_F32F16F16F32_NT"]')).toHaveCount(1);
  await picker.selectOption("SM70_8x8x4_F32F16F16F32_NT");
  await expect(page.getByTestId("threads-summary")).toContainText("SM70_8x8x4_F32F16F16F32_NT");
  await expect(page.getByTestId("threads-summary")).toContainText("tile 8×8×4, 8 threads");
  // 8 threads are not a warp: said as a warning
  await expect(page.getByTestId("threads-warnings")).toContainText("MMA: the tiled MMA uses 8 threads, not a multiple of the warp size 32");
});

test("a TiledCopy: ldmatrix for A draws S and D, hover and exports; thread and value layouts with typed errors and warnings", async ({ page }) => {
  const errors: string[] = [];
  page.on("pageerror", (e) => errors.push(String(e)));
  await page.goto("/#/threads");
  await expect(page.getByTestId("threads-s")).toBeHidden();
  await page.getByTestId("threads-preset").selectOption("1");
  await expect(page.getByTestId("threads-copy-summary")).toHaveText(
    "Copy_Atom<SM75_U32x4_LDSM_N, 16-bit> over the MMA's A (make_tiled_copy_A): tile 32×16, 128 threads (4 warps)",
  );
  await expect(page.getByTestId("threads-warnings")).toBeEmpty();
  await expect(page).toHaveURL(/copy=SM75_U32x4_LDSM_N&over=a&bits=16/);
  for (const name of ["s", "d"]) await expect(page.getByTestId(`threads-${name}`)).toBeVisible();
  // ldmatrix: thread 0 reads the row of 8 halves at S(0, 0..8); D hands it what the MMA's A does
  await hoverCell(page, "threads-s", 0, 0, 32, 16);
  await expect(page.getByTestId("threads-hover")).toHaveText("S(0, 0) ← thread 0, value 0 (warp 0)");
  await expect(page.getByTestId("threads-fragment")).toContainText("S: 8 values: V0 (0,0), V1 (0,1), V2 (0,2)");
  await expect(page.getByTestId("threads-fragment")).toContainText("D: 8 values: V0 (0,0), V1 (0,1), V2 (8,0)");
  const [latex] = await Promise.all([page.waitForEvent("download"), page.getByTestId("threads-copy-latex").click()]);
  expect(latex.suggestedFilename()).toBe("tiled-copy.tex");
  expect((await (await latex.createReadStream()).toArray()).join("").startsWith("% Layout S TV: ")).toBe(true);
  // over its own layouts: 16 threads are half a warp, said as a warning
  await page.getByTestId("threads-copy-over").selectOption("layouts");
  await expect(page.getByTestId("threads-copy-thr")).toBeVisible();
  await page.getByTestId("threads-copy-atom").fill("UniversalCopy<uint128_t>");
  await page.getByTestId("threads-copy-thr").fill("(_4,_4):(_4,_1)");
  await expect(page.getByTestId("threads-copy-summary")).toContainText("tile 4×32, 16 threads");
  await expect(page.getByTestId("threads-warnings")).toContainText("copy: the tiled copy uses 16 threads, not a multiple of the warp size 32");
  // bad fields: typed errors beside them, the last copy stays
  await page.getByTestId("threads-copy-thr").fill("(_4,");
  await expect(page.getByTestId("error-threads-copy-thr")).not.toBeEmpty();
  await page.getByTestId("threads-copy-bits").fill("12");
  await expect(page.getByTestId("error-threads-copy-bits")).toContainText("1, 4, 8, 16, 32, 64 or 128 bits");
  await expect(page.getByTestId("threads-copy-summary")).toContainText("tile 4×32, 16 threads");
  expect(errors).toEqual([]);
});

test("a TiledCopy's bank conflicts over its shared-memory layout: per instruction, warp and block", async ({ page }) => {
  await page.goto("/#/threads");
  await page.getByTestId("threads-preset").selectOption("1");
  const banks = page.getByTestId("threads-banks");
  // the kernel's Swizzle<2,3,3>: every ldmatrix phase conflict-free
  await expect(banks).toContainText("ldmatrix.x4 on S, 8 values per thread per instruction, 4 warps");
  await expect(banks).toContainText("block: conflicts: 1-way, 16 wavefronts over 16 phases (ideal 16)");
  await expect(page.getByTestId("threads-bank-table").locator("tbody tr")).toHaveCount(4);
  await expect(page).toHaveURL(/smem=Sw%3C2,3,3%3E/);
  // unswizzled 32-element rows: 4-way
  const smem = page.getByTestId("threads-copy-smem");
  await smem.fill("(32,16):(32,1)");
  await expect(banks).toContainText("block: conflicts: 4-way, 64 wavefronts over 16 phases (ideal 16)");
  await expect(banks).toContainText("warp 0: conflicts: 4-way, 16 wavefronts over 4 phases (ideal 4)");
  await expect(page.getByTestId("threads-bank-table").locator("tbody tr").first()).toContainText("4-way");
  // a bad layout is named beside its field, the last count stays; a swizzle that splits a row is named
  await smem.fill("Sw<2,3 o (32");
  await expect(page.getByTestId("error-threads-copy-smem")).not.toBeEmpty();
  await expect(banks).toContainText("4-way, 64 wavefronts");
  await smem.fill("Sw<1,2,3> o 0 o (32,16):(32,1)");
  await expect(banks).toContainText("No bank count:");
  // UniversalCopy moves either way: the page asks which side is shared
  await page.getByTestId("threads-copy-over").selectOption("layouts");
  await page.getByTestId("threads-copy-atom").fill("UniversalCopy<uint128_t>");
  await smem.fill("(16,64):(64,1)");
  await expect(banks).toContainText("say which is shared memory");
  await page.getByTestId("threads-copy-shared").selectOption("d");
  await expect(banks).toContainText("128-bit store on D");
  await expect(banks).toContainText("block: conflicts: 1-way, 16 wavefronts over 16 phases (ideal 16)");
});

test("a thread's fragment of a block of a whole GEMM: partition_C/A/B of local_tile, in the GEMM's coordinates", async ({ page }) => {
  await page.goto("/#/threads");
  await page.getByTestId("threads-gemm").fill("32x16x32");
  await page.getByTestId("threads-block").fill("1,1,1");
  await page.getByTestId("threads-pick").fill("t0");
  // C's block (1, 1) is rows 16 to 31, columns 8 to 15
  await expect(page.getByTestId("threads-fragment")).toContainText("C: 4 values: V0 (16,8), V1 (16,9), V2 (24,8), V3 (24,9)");
  await expect(page.getByTestId("threads-partition")).toContainText("thread 0 in the 32×16×32 GEMM, block (1,1,1) · partition_C: ");
  await expect(page.getByTestId("threads-partition")).toContainText("partition_A: ");
  await expect(page).toHaveURL(/gemm=32x16x32&block=1,1,1/);
  // not whole tiles, a block past them: typed errors beside the fields, the last GEMM stays
  await page.getByTestId("threads-gemm").fill("30x16x32");
  await expect(page.getByTestId("error-threads-gemm")).toContainText("M: a multiple of the tile's 16");
  await expect(page.getByTestId("threads-fragment")).toContainText("V0 (16,8)");
  await page.getByTestId("threads-gemm").fill("32x16x32");
  await page.getByTestId("threads-block").fill("2,0,0");
  await expect(page.getByTestId("error-threads-block")).toContainText("2 tiles along M");
  // no GEMM: the tile's own coordinates
  await page.getByTestId("threads-gemm").fill("");
  await expect(page.getByTestId("threads-fragment")).toContainText("C: 4 values: V0 (0,0), V1 (0,1), V2 (8,0), V3 (8,1)");
  await expect(page.getByTestId("threads-partition")).toBeEmpty();
});

test("beyond 65,536 thread-value cells: 2×4 SM90 warpgroups, a 128×1024 C, hovered", async ({ page }) => {
  await page.goto("/#/threads?atom=SM90_64x256x16_F32F16F16_SS&layout=2x4x1");
  await expect(page.getByTestId("threads-summary")).toContainText("tile 128×1024×16, 1024 threads (32 warps)");
  // (a cell off the canvas's last pixel column, where a scroller's edge can take the pointer;
  // cells of 0.6 px, and the pointer's offset is in whole pixels: near (120, 1000))
  await hoverCell(page, "threads-c", 120, 1000, 128, 1024);
  await expect(page.getByTestId("threads-hover")).toHaveText(/^C\(1[12]\d, 10\d\d\) ← thread \d+, value \d+ \(warp \d+\)$/);
  await expect(page.getByTestId("threads-fragment")).toContainText("C: 128 values");
  await page.getByTestId("threads-pick").fill("w31");
  await expect(page.getByTestId("threads-fragment")).toContainText("warp 31 (threads 992 to 1023) holds · C: 4096 values");
});

test("Blackwell: a tcgen05 MMA keeps C in tensor memory, and make_tmem_copy loads it in four warps' quarters", async ({ page }) => {
  const errors: string[] = [];
  page.on("pageerror", (e) => errors.push(String(e)));
  const umma = "SM100_MMA_F16BF16_SS<half_t,half_t,float,128,64,K,K>";
  await page.goto(`/#/threads?atom=${encodeURIComponent(umma)}&layout=1x1x1`);
  await expect(page.getByTestId("threads-summary")).toHaveText(`${umma} over (_1,_1,_1):(_0,_0,_0): tile 128×64×16, issued by one thread; C in tensor memory: 128 lanes × 64 columns (tcgen05.alloc of 64 of its 512 columns)`);
  // one issuing thread is no warning: the UMMA is not a warp's instruction
  await expect(page.getByTestId("threads-warnings")).toBeEmpty();
  await expect(page.getByTestId("threads-c-smem")).toHaveText(": in tensor memory (TMEM), where the UMMA accumulates it; no thread holds C");
  await expect(page.getByTestId("threads-a-smem")).toHaveText(": in shared memory, read by the UMMA's descriptor; no thread holds A");
  await hoverCell(page, "threads-c", 3, 2);
  await expect(page.getByTestId("threads-hover")).toHaveText("C(3, 2): in tensor memory (TMEM), where the UMMA accumulates it, at lane 3, column 2");
  // the picker offers it under SM100
  await expect(page.getByTestId("threads-atom-picker").locator('optgroup[label="SM100 (Blackwell tcgen05 UMMA)"] option')).not.toHaveCount(0);
  // the copy picker groups the tensor-memory loads and stores apart
  const loads = page.getByTestId("threads-copy-picker").locator('optgroup[label="SM100 tensor memory loads (tcgen05.ld)"] option');
  await expect(loads).toHaveCount(74);
  // tcgen05.ld 32x32b, 8 columns a time, over C in TMEM: 128 threads, thread t on lane t; its tile
  // is CuTe's, the 128 lanes × 8 columns of one instruction
  await page.getByTestId("threads-copy-atom").fill("SM100_TMEM_LOAD_32dp32b8x");
  await page.getByTestId("threads-copy-over").selectOption("tmem");
  await page.getByTestId("threads-copy-bits").fill("32");
  await expect(page.getByTestId("threads-copy-summary")).toHaveText(
    "Copy_Atom<SM100_TMEM_LOAD_32dp32b8x, 32-bit> over the MMA's C in tensor memory (make_tmem_copy): tile 128×8, 128 threads (4 warps)",
  );
  await expect(page.getByTestId("threads-copy-error")).toBeEmpty();
  // the copy is drawn over tensor memory itself: lanes down, columns across
  await expect(page.getByTestId("threads-d-smem")).toHaveText(": the registers, drawn where each value sits in tensor memory (lanes down, columns across)");
  // the source side is tensor memory every thread of a warp reaches: coloured by warp quarter
  await expect(page.getByTestId("threads-s-smem")).toHaveText(": tensor memory, lanes down, columns across, by warp (each warp reaches its own 32 lanes)");
  const centre = (pixels: number[][]) => pixels[Math.floor(pixels.length / 2)].join(",");
  await expect.poll(async () => centre(await cellPixels(page, "threads-s", 0, 0))).not.toBe(centre(await cellPixels(page, "threads-s", 32, 0)));
  expect(centre(await cellPixels(page, "threads-s", 0, 0))).toBe(centre(await cellPixels(page, "threads-s", 31, 5)));
  await hoverCell(page, "threads-d", 37, 5, 128, 64);
  await expect(page.getByTestId("threads-hover")).toHaveText("D: TMEM lane 37, column 5 holds C(37, 5) ← thread 37, value 5 (warp 1)");
  // beside Triton's get_tmem_reg_layout of the same instruction: the same layout, and both open on
  // the Triton page as a no-op conversion
  await expect(page.getByTestId("threads-tmem-triton")).toContainText(
    'Triton\'s get_tmem_reg_layout(…, "32x32b", num_warps=4) is the same layout: thread for thread, register for register',
  );
  await page.getByTestId("threads-tmem-triton-link").click();
  await expect(page).toHaveURL(/#\/triton\?layout=/);
  await expect(page.getByTestId("triton-conversion")).toContainText("no-op");
  await page.goBack();
  // on a phone the long template-argument names wrap: the page does not scroll sideways
  await page.setViewportSize({ width: 390, height: 800 });
  await expect.poll(() => page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await page.setViewportSize({ width: 1280, height: 720 });
  // a pair's M = 128: 64 rows of C a CTA, N's second half on lanes 64-127 (CuTe's tmem_frg_2sm),
  // so warp 3 reads C's rows 32-63 from column 32 on
  const pair = "SM100_MMA_F16BF16_2x1SM_SS<half_t,half_t,float,128,64,K,K>";
  await page.getByTestId("threads-atom").fill(pair);
  await expect(page.getByTestId("threads-copy-summary")).toContainText("tile 64×16, 128 threads");
  await hoverCell(page, "threads-d", 100, 8, 128, 32);
  await expect(page.getByTestId("threads-hover")).toHaveText(/^D: TMEM lane 100, column 8 holds C\(36, 40\) ← thread 100, value \d+ \(warp 3\)$/);
  await hoverCell(page, "threads-c", 36, 40, 64, 64);
  await expect(page.getByTestId("threads-hover")).toHaveText(/at lane 100, column 8 of CTA 0$/);
  await page.getByTestId("threads-atom").fill(umma);
  // an unknown repetition is refused beside its field, and the last copy stays
  await page.getByTestId("threads-copy-atom").fill("SM100_TMEM_LOAD_32dp32b3x");
  await expect(page.getByTestId("error-threads-copy-atom")).toContainText("32dp32b, 16dp32b");
  await expect(page.getByTestId("threads-copy-summary")).toContainText("tile 128×8, 128 threads");
  expect(errors).toEqual([]);
});

test("the readout follows the pointer from canvas to canvas, and stays on the last one left", async ({ page }) => {
  await page.goto("/#/threads");
  await page.getByTestId("threads-preset").selectOption("1");
  const hover = page.getByTestId("threads-hover");
  await hoverCell(page, "threads-c", 0, 0);
  await expect(hover).toHaveText("C(0, 0) ← thread 0, value 0 (warp 0)");
  await hoverCell(page, "threads-s", 0, 0);
  await expect(hover).toHaveText("S(0, 0) ← thread 0, value 0 (warp 0)");
  await hoverCell(page, "threads-a", 1, 0);
  await expect(hover).toHaveText(/^A\(1, 0\) ← thread 4,/);
  // off every canvas: the last cell stays
  await page.mouse.move(1, 1);
  await expect(hover).toHaveText(/^A\(1, 0\) ← thread 4,/);
});
