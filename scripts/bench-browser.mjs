// Browser timings of the release build: cold load to interactive, edit -> next painted frame at
// 256 / 1,024 / 4,096 / 65,536 / 1,048,576 cells, hover -> next frame (DOM and canvas), each
// beside the floor of a hand-written page drawing the same (`floor_ms`, `over_floor`). Medians
// of several runs, printed and written as JSON. A benchmark, not a test: it asserts nothing.
//
//   trunk build --release && node scripts/bench-browser.mjs [--runs 25] [--out target/bench/browser.json]
//
// An edit waits for the next frame, so each run's time depends on where in the frame the edit
// fell; medians of 9 runs moved by 3 ms between commands of the same build, of 25 by about 1.
import { mkdirSync, writeFileSync } from "node:fs";
import { dirname } from "node:path";
import { openServedApp } from "./served-app.mjs";

const args = process.argv.slice(2);
const option = (name, fallback) => {
  const i = args.indexOf(name);
  return i >= 0 ? args[i + 1] : fallback;
};
const runs = Number(option("--runs", "25"));
const out = option("--out", "target/bench/browser.json");
const { base, browser, close } = await openServedApp(4199);
const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

// Moves the pointer over the canvas `canvasId` `runs` times, in column `column`, from row to
// row (7 rows a step, modulo `rows`), cells found from the canvas's own geometry (the grid sits
// right of and below its gutters). Each move: [ms to the next frame, whether the readout
// `readoutId` changed, ms of the update's own work (Leptos runs its effects in tasks after
// the event)]. Throws when a move leaves the readout as it was.
async function hoverRows(page, canvasId, readoutId, column, rows) {
  await page.evaluate((id) => document.querySelector(`[data-testid="${id}"]`).scrollIntoView({ block: "start" }), canvasId);
  const hovers = [];
  for (let k = 0; k < runs; k++) {
    hovers.push(await page.evaluate(async ([canvasId, readoutId, column, rows, k]) => {
      const canvas = document.querySelector(`[data-testid="${canvasId}"]`);
      const info = document.querySelector(`[data-testid="${readoutId}"]`);
      const box = canvas.getBoundingClientRect();
      const css = box.width / canvas.width;
      const cell = Number(canvas.dataset.scale) * css;
      const [tx, ty] = canvas.dataset.origin.split(",").map((v) => Number(v) * css);
      const before = info.textContent;
      const t0 = performance.now();
      canvas.dispatchEvent(new MouseEvent("mousemove", { bubbles: true, clientX: box.left + tx + cell * (column + 0.5), clientY: box.top + ty + cell * (((7 * k) % rows) + 0.5) }));
      await new Promise((r) => setTimeout(r, 0));
      const work = performance.now() - t0;
      await new Promise((r) => requestAnimationFrame(() => setTimeout(r, 0)));
      return [performance.now() - t0, info.textContent !== before, work];
    }, [canvasId, readoutId, column, rows, k]));
  }
  if (!hovers.every(([, changed]) => changed)) throw new Error(`a hover over ${canvasId} did not change ${readoutId}`);
  return hovers;
}
const nextFrame = "await new Promise(r => requestAnimationFrame(() => setTimeout(r, 0)));";

// The floors (issue 53, item 8): the same picture drawn by a hand-written page, in the same
// browser and page, timed the same way (input to the next painted frame). A canvas of
// `rows` × `cols` cells coloured on a 256-step ramp by a strided address (the Views grid), a
// canvas coloured by bank (the bank view), and 256 DOM cells given new text and colour (the
// small Views grid). The app's time over the floor's is what its layers cost. Each floor run
// follows one of the app's, in the app's page (the floor's picture fixed over it), so both see
// the same machine: on this 2-core machine the floor alone moved from 19 to 40 ms between
// commands, and a ratio of medians taken minutes apart moved with it.
async function floorOnce(page, kind, rows, cols, k) {
  return page.evaluate(async ([kind, rows, cols, k]) => {
    const fixed = "position:fixed;left:0;top:0;z-index:100;pointer-events:none;background:#fff";
    const t0 = performance.now();
    const s1 = 1 + (k % 2);
    if (kind === "dom") {
      let grid = window.__floorGrid;
      if (!grid) {
        grid = window.__floorGrid = document.createElement("div");
        grid.style.cssText = `${fixed};display:grid;grid-template-columns:repeat(${cols},2rem)`;
        for (let n = 0; n < rows * cols; n++) grid.appendChild(document.createElement("span"));
        document.body.append(grid);
      }
      for (let n = 0; n < rows * cols; n++) {
        const a = Math.floor(n / cols) * cols + (n % cols) * s1;
        const cell = grid.children[n];
        cell.textContent = String(a);
        cell.style.background = `hsl(${(a * 7) % 360} 60% 70%)`;
      }
    } else {
      let c = window.__floorCanvas;
      if (!c) {
        c = window.__floorCanvas = document.createElement("canvas");
        c.width = 960;
        c.height = 960;
        c.style.cssText = fixed;
        document.body.append(c);
      }
      // what a hand-written page keeps between edits: its offscreen canvas, image and ramp
      const key = `${rows}x${cols}`;
      window.__floorKept ??= {};
      window.__floorKept[key] ??= (() => {
        const off = document.createElement("canvas");
        off.width = cols;
        off.height = rows;
        const ramp = new Uint32Array(256).map((_, i) => (255 << 24) | (i << 16) | ((255 - i) << 8) | 128);
        return { off, ramp, img: new ImageData(cols, rows) };
      })();
      const { off, ramp, img } = window.__floorKept[key];
      const px = new Uint32Array(img.data.buffer);
      const addr = new Float64Array(rows * cols);
      let lo = Infinity;
      let hi = -Infinity;
      for (let i = 0, n = 0; i < rows; i++) {
        for (let j = 0; j < cols; j++, n++) {
          const a = i * cols + j * s1;
          addr[n] = a;
          if (a < lo) lo = a;
          if (a > hi) hi = a;
        }
      }
      if (kind === "banks") {
        for (let n = 0; n < addr.length; n++) px[n] = ramp[((addr[n] >> 1) % 32) * 8];
      } else {
        const scale = 255 / (hi - lo || 1);
        for (let n = 0; n < addr.length; n++) px[n] = ramp[((addr[n] - lo) * scale) | 0];
      }
      off.getContext("2d").putImageData(img, 0, 0);
      const ctx = c.getContext("2d");
      ctx.imageSmoothingEnabled = false;
      ctx.clearRect(0, 0, 960, 960);
      const side = 960 / Math.max(rows, cols);
      ctx.drawImage(off, 0, 0, cols * side, rows * side);
    }
    await new Promise((r) => requestAnimationFrame(() => setTimeout(r, 0)));
    return performance.now() - t0;
  }, [kind, rows, cols, k]);
}

/// Takes the floor's picture off the page.
async function removeFloor(page) {
  await page.evaluate(() => {
    window.__floorGrid?.remove();
    window.__floorCanvas?.remove();
    delete window.__floorGrid;
    delete window.__floorCanvas;
  });
}

const round1 = (x) => Math.round(x * 10) / 10;

const ratio = (app, floor) => Math.round((app / floor) * 100) / 100;

try {
  const results = { machine: `${process.platform} ${process.arch}, ${(await import("node:os")).cpus().length} cores`, runs, at: new Date().toISOString() };

  // Cold load, timed by the page itself with performance marks: from the navigation's start
  // (performance.timeOrigin) to the first frame painted after the first grid cell is in the
  // DOM, when the page answers input. The wall time of Playwright's goto and waitForSelector
  // is kept beside it: it adds about 200 ms that are Playwright's own (its injected script is
  // compiled and run in the page after the grid is there, and its polling), not the app's.
  const loads = [];
  const walls = [];
  for (let k = 0; k < runs; k++) {
    const context = await browser.newContext();
    const page = await context.newPage();
    await page.addInitScript(() => {
      new MutationObserver((_, observer) => {
        if (!document.querySelector('[data-testid="logical-cell"]')) return;
        observer.disconnect();
        performance.mark("layout-lab:first-cell");
        requestAnimationFrame(() => setTimeout(() => performance.mark("layout-lab:interactive"), 0));
      }).observe(document, { childList: true, subtree: true });
    });
    const t0 = Date.now();
    await page.goto(base + "#/views");
    await page.waitForSelector('[data-testid="logical-cell"]');
    walls.push(Date.now() - t0);
    await page.waitForFunction(() => performance.getEntriesByName("layout-lab:interactive").length > 0);
    loads.push(await page.evaluate(() => performance.getEntriesByName("layout-lab:interactive")[0].startTime));
    await context.close();
  }
  results.cold_load_wall_ms = median(walls);
  results.cold_load_to_interactive_ms = Math.round(median(loads));

  const page = await browser.newPage({ viewport: { width: 1300, height: 1000 } });
  results.edit_to_next_frame_ms = {};
  // The page opens at its top, where the fields are, with the pictures beside them; each grid
  // is timed a second time scrolled to its first row. Grids of up to 256 cells are DOM cells,
  // larger ones canvases.
  // The two compared with a floor alternate with its runs.
  const edits = [
    { cells: 256, shape: "16,16", inView: true, floor: ["dom", 16, 16, "256 (DOM)"] },
    { cells: 1024, shape: "32,32" },
    { cells: 1024, shape: "32,32", inView: true },
    { cells: 4096, shape: "64,64" },
    { cells: 65536, shape: "256,256" },
    { cells: 1048576, shape: "1024,1024", floor: ["ramp", 1024, 1024, "1048576 (canvas)"] },
  ];
  results.floor_ms = {};
  results.over_floor = {};
  for (const { cells, shape, inView, floor } of edits) {
    await page.goto(base + `#/views?shape=${shape}`);
    const grid = cells <= 256 ? "logical-grid" : "canvas-grid";
    await page.waitForSelector(cells <= 256 ? '[data-testid="logical-cell"]' : '[data-testid="canvas-grid"]', { timeout: 60000 });
    if (inView) {
      await page.evaluate((grid) => document.querySelector(`[data-testid="${grid}"]`).scrollIntoView({ block: "start" }), grid);
    }
    const edit = (k) =>
      page.evaluate(async (k) => {
        const input = document.querySelector('[data-testid="stride-1"]');
        const t0 = performance.now();
        input.value = String(1 + (k % 2));
        input.dispatchEvent(new Event("input", { bubbles: true }));
        await new Promise((r) => requestAnimationFrame(() => setTimeout(r, 0)));
        return performance.now() - t0;
      }, k);
    const times = [];
    const floors = [];
    for (let k = 0; k < runs; k++) {
      times.push(await edit(k));
      if (floor) floors.push(await floorOnce(page, floor[0], floor[1], floor[2], k));
    }
    const name = inView ? `${cells} in view` : cells;
    results.edit_to_next_frame_ms[name] = Math.round(median(times));
    if (floor) {
      await removeFloor(page);
      results.floor_ms[floor[3]] = round1(median(floors));
      results.over_floor[name] = ratio(median(times), median(floors));
    }
  }

  // Hover: DOM at 256 cells, canvas at 1,048,576.
  await page.goto(base + "#/views?shape=16,16");
  await page.waitForSelector('[data-testid="logical-cell"]');
  const domHover = [];
  for (let k = 0; k < runs; k++) {
    domHover.push(await page.evaluate(async (k) => {
      const cell = document.querySelector(`[data-testid="logical-cell"][data-coord="(3,${k % 16})"]`);
      const t0 = performance.now();
      cell.dispatchEvent(new MouseEvent("mouseover", { bubbles: true }));
      await new Promise((r) => requestAnimationFrame(() => setTimeout(r, 0)));
      return performance.now() - t0;
    }, k));
  }
  results.hover_to_next_frame_ms = { "256 (DOM)": Math.round(median(domHover)) };
  await page.goto(base + "#/views?shape=1024,1024");
  await page.waitForSelector('[data-testid="canvas-grid"]', { timeout: 60000 });
  const canvasHover = [];
  for (let k = 0; k < runs; k++) {
    canvasHover.push(await page.evaluate(async (k) => {
      const canvas = document.querySelector('[data-testid="canvas-grid"]');
      const info = document.querySelector('[data-testid="canvas-hover-info"]');
      const before = info.textContent;
      const t0 = performance.now();
      canvas.dispatchEvent(new MouseEvent("mousemove", { bubbles: true, clientX: canvas.getBoundingClientRect().left + 50 + 7 * k, clientY: canvas.getBoundingClientRect().top + 50 }));
      await new Promise((r) => requestAnimationFrame(() => setTimeout(r, 0)));
      return [performance.now() - t0, info.textContent !== before];
    }, k));
  }
  results.hover_to_next_frame_ms["1048576 (canvas)"] = Math.round(median(canvasHover.map((x) => x[0])));

  // The bank view of a 128×128 16-bit tile (issue 42): both canvases, the ldmatrix-style read's
  // 64 loads and the phase table, redrawn on a swizzle edit (S between 4 and 5), in view.
  await page.goto(base + "#/layouts?L=(128,128):(128,1)&eb=16&vb=128&read=ldmatrix&sw=3,3,4");
  await page.waitForSelector('[data-testid="bank-grid"]', { timeout: 60000 });
  await page.evaluate(() => document.querySelector('[data-testid="bank-grid"]').scrollIntoView({ block: "start" }));
  const bankEdits = [];
  const bankFloors = [];
  const bankEdit = (k) =>
    page.evaluate(async (k) => {
      const input = document.querySelector('[data-testid="sw-s"]');
      const summary = document.querySelector('[data-testid="bank-summary"]');
      const before = summary.textContent;
      const t0 = performance.now();
      input.value = String(5 - (k % 2));
      input.dispatchEvent(new Event("input", { bubbles: true }));
      // the update's own work (Leptos runs its effects in tasks after the event), then the frame
      await new Promise((r) => setTimeout(r, 0));
      const work = performance.now() - t0;
      await new Promise((r) => requestAnimationFrame(() => setTimeout(r, 0)));
      return [performance.now() - t0, summary.textContent !== before, work];
    }, k);
  for (let k = 0; k < runs; k++) {
    bankEdits.push(await bankEdit(k));
    bankFloors.push(await floorOnce(page, "banks", 128, 128, k));
  }
  await removeFloor(page);
  if (!bankEdits.every(([, changed]) => changed)) throw new Error("a swizzle edit did not change the bank summary");
  results.edit_to_next_frame_ms["bank view 128x128 16-bit"] = Math.round(median(bankEdits.map((x) => x[0])));
  results.edit_work_ms = { "bank view 128x128 16-bit": Math.round(median(bankEdits.map((x) => x[2]))) };
  results.floor_ms["bank view 128x128 (canvas)"] = round1(median(bankFloors));
  results.over_floor["bank view 128x128 16-bit"] = ratio(median(bankEdits.map((x) => x[0])), median(bankFloors));

  // The Threads page's SM90 64×256×16 tiled MMA (issue 43): 128 threads, A, B and C on three
  // canvases; the pointer moves over C from row to row, so each move lights another thread's
  // elements in all three and lists its fragment and registers.
  await page.goto(base + "#/threads?atom=SM90_64x256x16_F32F16F16_SS&layout=1x1x1");
  await page.waitForSelector('[data-testid="threads-c"]', { timeout: 60000 });
  const threadHovers = await hoverRows(page, "threads-c", "threads-hover", 0, 64);
  results.hover_to_next_frame_ms["threads 64x256x16 (3 canvases)"] = Math.round(median(threadHovers.map((x) => x[0])));
  results.edit_work_ms["threads hover 64x256x16"] = Math.round(median(threadHovers.map((x) => x[2])));

  // The Triton page (issue 44): a 256×256 blocked layout of 8 warps beside mma.sync's, 65,536
  // elements each; the pointer moves over the first from row to row (the hover line names the
  // holder and its bases), then the pick lights a thread in both grids.
  const blocked = encodeURIComponent("#ttg.blocked<{sizePerThread = [1, 4], threadsPerWarp = [4, 8], warpsPerCTA = [8, 1], order = [1, 0]}>");
  const mma = encodeURIComponent("#ttg.nvidia_mma<{versionMajor = 2, versionMinor = 0, warpsPerCTA = [4, 2], instrShape = [16, 8]}>");
  await page.goto(base + `#/triton?layout=${blocked}&shape=256,256&to=${mma}`);
  await page.waitForSelector('[data-testid="triton-grid"]', { timeout: 60000 });
  const tritonHovers = await hoverRows(page, "triton-grid", "triton-hover", 3, 256);
  results.hover_to_next_frame_ms["triton 256x256 (2 canvases)"] = Math.round(median(tritonHovers.map((x) => x[0])));
  results.edit_work_ms["triton hover 256x256"] = Math.round(median(tritonHovers.map((x) => x[2])));
  const picks = [];
  for (let k = 0; k < runs; k++) {
    picks.push(await page.evaluate(async (k) => {
      const input = document.querySelector('[data-testid="triton-pick"]');
      const t0 = performance.now();
      input.value = String((37 * k) % 256);
      input.dispatchEvent(new Event("input", { bubbles: true }));
      await new Promise((r) => setTimeout(r, 0));
      const work = performance.now() - t0;
      await new Promise((r) => requestAnimationFrame(() => setTimeout(r, 0)));
      return [performance.now() - t0, work];
    }, k));
  }
  results.edit_to_next_frame_ms["triton pick 256x256 (2 canvases)"] = Math.round(median(picks.map((x) => x[0])));
  results.edit_work_ms["triton pick 256x256"] = Math.round(median(picks.map((x) => x[1])));

  // Blackwell (issue 54 item 8): a 2-SM tcgen05 MMA's 256×256 C (65,536 elements) and the
  // tcgen05.ld of one CTA's 128×256 half of it from tensor memory, drawn over TMEM's lanes and
  // columns (32,768 elements); the pointer moves over C, then over the TMEM picture.
  const umma = encodeURIComponent("SM100_MMA_F16BF16_2x1SM_SS<half_t,half_t,float,256,256,K,K>");
  await page.goto(base + `#/threads?atom=${umma}&layout=1x1x1&copy=SM100_TMEM_LOAD_32dp32b32x&over=tmem&bits=32`);
  await page.waitForSelector('[data-testid="threads-d"]', { timeout: 60000 });
  const uHovers = await hoverRows(page, "threads-c", "threads-hover", 2, 256);
  results.hover_to_next_frame_ms["umma 2-SM C 256x256"] = Math.round(median(uHovers.map((x) => x[0])));
  results.edit_work_ms["umma hover 256x256"] = Math.round(median(uHovers.map((x) => x[2])));
  const tHovers = await hoverRows(page, "threads-d", "threads-hover", 2, 128);
  results.hover_to_next_frame_ms["tmem load 128x256 (D)"] = Math.round(median(tHovers.map((x) => x[0])));
  results.edit_work_ms["tmem hover 128x256"] = Math.round(median(tHovers.map((x) => x[2])));

  // One SM's whole tensor memory on the Triton page (issue 54 item 8): 128 lanes × 512
  // columns (65,536 elements) beside the registers of its tcgen05.ld 32x32b, and the verdict.
  const tmem = encodeURIComponent("#ttng.tensor_memory_encoding<blockM = 128, blockN = 512, colStride = 1>");
  const tmemRegs = encodeURIComponent("get_tmem_reg_layout(ttgl.float32, [128, 512], TensorMemoryLayout((128, 512), 1), num_warps=4)");
  await page.goto(base + `#/triton?layout=${tmem}&shape=128,512&to=${tmemRegs}`);
  await page.waitForSelector('[data-testid="triton-grid"]', { timeout: 60000 });
  const wholeHovers = await hoverRows(page, "triton-grid", "triton-hover", 5, 128);
  results.hover_to_next_frame_ms["tmem 128x512 (Triton page, 2 canvases)"] = Math.round(median(wholeHovers.map((x) => x[0])));
  results.edit_work_ms["tmem hover 128x512"] = Math.round(median(wholeHovers.map((x) => x[2])));

  mkdirSync(dirname(out), { recursive: true });
  writeFileSync(out, JSON.stringify(results, null, 2) + "\n");
  console.log(JSON.stringify(results, null, 2));
} finally {
  await close();
}
