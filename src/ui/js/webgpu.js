// WebGPU for the Shader page's Run button: the browser API is promise-based JavaScript, so
// the dispatch lives here and Rust gets one promise. No layout maths: the kernel comes from
// the engine, and the engine checks what it writes.

// A reason WebGPU cannot run here, or "" when it can.
export async function gpuMissing() {
  if (!navigator.gpu) return "this browser has no WebGPU (navigator.gpu is missing)";
  const adapter = await navigator.gpu.requestAdapter();
  return adapter ? "" : "this browser offers no WebGPU adapter";
}

// Runs the gather kernel `main` of `code` over an arange input of `inputLen` words into
// `elements` output words, with workgroups split over x and y as the kernel expects.
// Resolves to { output: Int32Array, ms: string, adapter: string }.
export async function runGather(code, elements, inputLen, workgroupSize) {
  const adapter = await navigator.gpu?.requestAdapter();
  if (!adapter) throw new Error("no WebGPU adapter");
  const device = await adapter.requestDevice();
  try {
    const module = device.createShaderModule({ code });
    const errors = (await module.getCompilationInfo()).messages.filter((m) => m.type === "error");
    if (errors.length) throw new Error("the shader does not compile: " + errors[0].message);
    const U = GPUBufferUsage;
    const input = device.createBuffer({ size: inputLen * 4, usage: U.STORAGE, mappedAtCreation: true });
    const words = new Int32Array(input.getMappedRange());
    for (let k = 0; k < inputLen; k++) words[k] = k;
    input.unmap();
    const bytes = Math.max(elements, 1) * 4;
    const output = device.createBuffer({ size: bytes, usage: U.STORAGE | U.COPY_SRC });
    const read = device.createBuffer({ size: bytes, usage: U.MAP_READ | U.COPY_DST });
    const pipeline = await device.createComputePipelineAsync({
      layout: "auto",
      compute: { module, entryPoint: "main" },
    });
    const bindGroup = device.createBindGroup({
      layout: pipeline.getBindGroupLayout(0),
      entries: [
        { binding: 0, resource: { buffer: input } },
        { binding: 1, resource: { buffer: output } },
      ],
    });
    const groups = Math.ceil(elements / workgroupSize);
    const x = Math.min(groups, 65535);
    const start = performance.now();
    const encoder = device.createCommandEncoder();
    const pass = encoder.beginComputePass();
    pass.setPipeline(pipeline);
    pass.setBindGroup(0, bindGroup);
    if (groups > 0) pass.dispatchWorkgroups(x, Math.ceil(groups / x));
    pass.end();
    encoder.copyBufferToBuffer(output, 0, read, 0, bytes);
    device.queue.submit([encoder.finish()]);
    await read.mapAsync(GPUMapMode.READ);
    const ms = (performance.now() - start).toFixed(2);
    const result = new Int32Array(read.getMappedRange().slice(0, elements * 4));
    read.unmap();
    const info = adapter.info ?? {};
    return { output: result, ms, adapter: [info.vendor, info.architecture].filter(Boolean).join(" ") };
  } finally {
    device.destroy();
  }
}
