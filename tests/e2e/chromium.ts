// Debian's Chromium, never a downloaded browser. Flags: root needs --no-sandbox; the machine has
// no network but the registries, so background traffic is switched off. `webgpu` adds the flag
// that makes Chromium offer WebGPU (SwiftShader, no GPU needed).
export const chromium = (webgpu = false) => ({
  executablePath: "/usr/bin/chromium",
  args: [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-dev-shm-usage",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    ...(webgpu ? ["--enable-unsafe-webgpu"] : []),
  ],
});
