// probe.cu -- one warp-wide memory load per kernel launch, for Nsight Compute.
//
// Usage:  probe CASES.txt
//
// CASES.txt: one launch per line (blank lines and lines starting with '#' are skipped):
//     <kernel> <do_load> <o0> <o1> ... <o31>
//   kernel  : one of the names in KERNELS below (k_lds32, k_ldsm_x4, k_ldg128, ...)
//   do_load : 1 = execute the measured load; 0 = baseline (read the offsets, store, no measured load)
//   o0..o31 : byte offset used by thread t (into the shared array for k_lds*/k_ldsm*, into a
//             256-byte-aligned global buffer for k_ldg*)
//
// Every kernel is launched with ONE block of 32 threads; cudaDeviceSynchronize after each launch.
// Each kernel: thread t reads its offset offs[t] from global memory (one 4-byte ld.global per
// thread, 128 contiguous bytes, 128-byte aligned), then (if do_load) executes exactly ONE inline-PTX
// load (asm volatile), then stores the loaded value(s) AND the offset to global memory (so neither
// the offset read nor the load is dead, and the offset read happens on both paths).
// The host prints "LAUNCH <k> <kernel> <do_load>" for each launch so that the ncu CSV rows
// (one per launch, in launch order) can be checked against the case list.

#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <string>
#include <vector>
#include <cuda_runtime.h>

#define SMEM_BYTES 32768          // static shared array per kernel (1024-byte aligned)
#define GBUF_BYTES (1 << 20)      // global buffer (cudaMalloc: >= 256-byte aligned)
#define OUT_WORDS (32 * 5 + 1)    // 4 value words + 1 offset word per thread, + shared base

#define CHECK(x)                                                                         \
  do {                                                                                   \
    cudaError_t e_ = (x);                                                                \
    if (e_ != cudaSuccess) {                                                             \
      fprintf(stderr, "CUDA error %s at %s:%d: %s\n", cudaGetErrorName(e_), __FILE__,   \
              __LINE__, cudaGetErrorString(e_));                                         \
      exit(1);                                                                           \
    }                                                                                    \
  } while (0)

typedef void (*kfn_t)(const int*, const unsigned char*, unsigned*, int);

// ------------------------------------------------------------------------------------------
// shared-memory kernels
// ------------------------------------------------------------------------------------------
#define SHARED_PROLOGUE                                                  \
  __shared__ __align__(1024) unsigned char smem[SMEM_BYTES];             \
  const unsigned t = threadIdx.x;                                        \
  const int off = offs[t];                                               \
  const unsigned base = (unsigned)__cvta_generic_to_shared(smem);        \
  const unsigned addr = base + (unsigned)off;                            \
  unsigned r0 = 0, r1 = 0, r2 = 0, r3 = 0;

#define EPILOGUE                                                         \
  out[t * 5 + 0] = r0;                                                   \
  out[t * 5 + 1] = r1;                                                   \
  out[t * 5 + 2] = r2;                                                   \
  out[t * 5 + 3] = r3;                                                   \
  out[t * 5 + 4] = (unsigned)off;

extern "C" __global__ void __launch_bounds__(32)
k_lds16(const int* offs, const unsigned char* gbuf, unsigned* out, int do_load) {
  SHARED_PROLOGUE
  if (do_load) {
    unsigned short h;
    asm volatile("ld.shared.u16 %0, [%1];" : "=h"(h) : "r"(addr) : "memory");
    r0 = h;
  }
  EPILOGUE
  if (t == 0) out[160] = base;
}

extern "C" __global__ void __launch_bounds__(32)
k_lds32(const int* offs, const unsigned char* gbuf, unsigned* out, int do_load) {
  SHARED_PROLOGUE
  if (do_load) {
    asm volatile("ld.shared.u32 %0, [%1];" : "=r"(r0) : "r"(addr) : "memory");
  }
  EPILOGUE
  if (t == 0) out[160] = base;
}

extern "C" __global__ void __launch_bounds__(32)
k_lds64(const int* offs, const unsigned char* gbuf, unsigned* out, int do_load) {
  SHARED_PROLOGUE
  if (do_load) {
    asm volatile("ld.shared.v2.u32 {%0, %1}, [%2];" : "=r"(r0), "=r"(r1) : "r"(addr) : "memory");
  }
  EPILOGUE
  if (t == 0) out[160] = base;
}

extern "C" __global__ void __launch_bounds__(32)
k_lds128(const int* offs, const unsigned char* gbuf, unsigned* out, int do_load) {
  SHARED_PROLOGUE
  if (do_load) {
    asm volatile("ld.shared.v4.u32 {%0, %1, %2, %3}, [%4];"
                 : "=r"(r0), "=r"(r1), "=r"(r2), "=r"(r3) : "r"(addr) : "memory");
  }
  EPILOGUE
  if (t == 0) out[160] = base;
}

// ldmatrix: thread t supplies the address of row (t % 8) of matrix (t / 8); .x1 uses threads
// 0-7, .x2 threads 0-15, .x4 all 32 (the other threads' addresses are ignored by the hardware).
extern "C" __global__ void __launch_bounds__(32)
k_ldsm_x1(const int* offs, const unsigned char* gbuf, unsigned* out, int do_load) {
  SHARED_PROLOGUE
  if (do_load) {
    asm volatile("ldmatrix.sync.aligned.x1.m8n8.shared.b16 {%0}, [%1];"
                 : "=r"(r0) : "r"(addr) : "memory");
  }
  EPILOGUE
  if (t == 0) out[160] = base;
}

extern "C" __global__ void __launch_bounds__(32)
k_ldsm_x2(const int* offs, const unsigned char* gbuf, unsigned* out, int do_load) {
  SHARED_PROLOGUE
  if (do_load) {
    asm volatile("ldmatrix.sync.aligned.x2.m8n8.shared.b16 {%0, %1}, [%2];"
                 : "=r"(r0), "=r"(r1) : "r"(addr) : "memory");
  }
  EPILOGUE
  if (t == 0) out[160] = base;
}

extern "C" __global__ void __launch_bounds__(32)
k_ldsm_x4(const int* offs, const unsigned char* gbuf, unsigned* out, int do_load) {
  SHARED_PROLOGUE
  if (do_load) {
    asm volatile("ldmatrix.sync.aligned.x4.m8n8.shared.b16 {%0, %1, %2, %3}, [%4];"
                 : "=r"(r0), "=r"(r1), "=r"(r2), "=r"(r3) : "r"(addr) : "memory");
  }
  EPILOGUE
  if (t == 0) out[160] = base;
}

extern "C" __global__ void __launch_bounds__(32)
k_ldsm_x2_t(const int* offs, const unsigned char* gbuf, unsigned* out, int do_load) {
  SHARED_PROLOGUE
  if (do_load) {
    asm volatile("ldmatrix.sync.aligned.x2.trans.m8n8.shared.b16 {%0, %1}, [%2];"
                 : "=r"(r0), "=r"(r1) : "r"(addr) : "memory");
  }
  EPILOGUE
  if (t == 0) out[160] = base;
}

extern "C" __global__ void __launch_bounds__(32)
k_ldsm_x4_t(const int* offs, const unsigned char* gbuf, unsigned* out, int do_load) {
  SHARED_PROLOGUE
  if (do_load) {
    asm volatile("ldmatrix.sync.aligned.x4.trans.m8n8.shared.b16 {%0, %1, %2, %3}, [%4];"
                 : "=r"(r0), "=r"(r1), "=r"(r2), "=r"(r3) : "r"(addr) : "memory");
  }
  EPILOGUE
  if (t == 0) out[160] = base;
}

// ------------------------------------------------------------------------------------------
// global-memory kernels: plain ld.global (PTX default cache operator .ca = cache in L1 and L2;
// SASS LDG.E.*, a weak load like compiler-generated code; NOT ld.global.ca, which ptxas turns
// into LDG.E.*.STRONG.SM) of 1..16 bytes per thread
// ------------------------------------------------------------------------------------------
#define GLOBAL_PROLOGUE                                                  \
  const unsigned t = threadIdx.x;                                        \
  const int off = offs[t];                                               \
  const unsigned char* p = gbuf + off;                                   \
  unsigned r0 = 0, r1 = 0, r2 = 0, r3 = 0;

extern "C" __global__ void __launch_bounds__(32)
k_ldg8(const int* offs, const unsigned char* gbuf, unsigned* out, int do_load) {
  GLOBAL_PROLOGUE
  if (do_load) {
    unsigned short h;
    asm volatile("ld.global.u8 %0, [%1];" : "=h"(h) : "l"(p) : "memory");
    r0 = h;
  }
  EPILOGUE
}

extern "C" __global__ void __launch_bounds__(32)
k_ldg16(const int* offs, const unsigned char* gbuf, unsigned* out, int do_load) {
  GLOBAL_PROLOGUE
  if (do_load) {
    unsigned short h;
    asm volatile("ld.global.u16 %0, [%1];" : "=h"(h) : "l"(p) : "memory");
    r0 = h;
  }
  EPILOGUE
}

extern "C" __global__ void __launch_bounds__(32)
k_ldg32(const int* offs, const unsigned char* gbuf, unsigned* out, int do_load) {
  GLOBAL_PROLOGUE
  if (do_load) {
    asm volatile("ld.global.u32 %0, [%1];" : "=r"(r0) : "l"(p) : "memory");
  }
  EPILOGUE
}

extern "C" __global__ void __launch_bounds__(32)
k_ldg64(const int* offs, const unsigned char* gbuf, unsigned* out, int do_load) {
  GLOBAL_PROLOGUE
  if (do_load) {
    asm volatile("ld.global.v2.u32 {%0, %1}, [%2];" : "=r"(r0), "=r"(r1) : "l"(p) : "memory");
  }
  EPILOGUE
}

extern "C" __global__ void __launch_bounds__(32)
k_ldg128(const int* offs, const unsigned char* gbuf, unsigned* out, int do_load) {
  GLOBAL_PROLOGUE
  if (do_load) {
    asm volatile("ld.global.v4.u32 {%0, %1, %2, %3}, [%4];"
                 : "=r"(r0), "=r"(r1), "=r"(r2), "=r"(r3) : "l"(p) : "memory");
  }
  EPILOGUE
}

// ------------------------------------------------------------------------------------------
struct KInfo {
  const char* name;
  kfn_t fn;
  int is_shared;  // 1: offsets index the shared array, 0: the global buffer
  int bytes;      // bytes per thread address (ldmatrix: one 16-byte row)
};

static const KInfo KERNELS[] = {
    {"k_lds16", k_lds16, 1, 2},         {"k_lds32", k_lds32, 1, 4},
    {"k_lds64", k_lds64, 1, 8},         {"k_lds128", k_lds128, 1, 16},
    {"k_ldsm_x1", k_ldsm_x1, 1, 16},    {"k_ldsm_x2", k_ldsm_x2, 1, 16},
    {"k_ldsm_x4", k_ldsm_x4, 1, 16},    {"k_ldsm_x2_t", k_ldsm_x2_t, 1, 16},
    {"k_ldsm_x4_t", k_ldsm_x4_t, 1, 16},
    {"k_ldg8", k_ldg8, 0, 1},           {"k_ldg16", k_ldg16, 0, 2},
    {"k_ldg32", k_ldg32, 0, 4},         {"k_ldg64", k_ldg64, 0, 8},
    {"k_ldg128", k_ldg128, 0, 16},
};
static const int NKERNELS = sizeof(KERNELS) / sizeof(KERNELS[0]);

struct Case {
  int kernel;
  int do_load;
  int offs[32];
};

int main(int argc, char** argv) {
  // Line-buffered stdout: under ncu the probe's stdout and ncu's own "==PROF==" lines go to the
  // same log file; with the default full buffering (4 KiB blocks) a LAUNCH line could be cut in
  // two by ncu's lines, and analyze.py then missed it (321 of 323 launches logged on the H200).
  setvbuf(stdout, nullptr, _IOLBF, 0);
  if (argc != 2) {
    fprintf(stderr, "usage: %s CASES.txt\n", argv[0]);
    return 2;
  }
  FILE* f = fopen(argv[1], "r");
  if (!f) {
    perror(argv[1]);
    return 2;
  }
  std::vector<Case> cases;
  char line[4096];
  int lineno = 0;
  while (fgets(line, sizeof line, f)) {
    lineno++;
    char* s = line;
    while (*s == ' ' || *s == '\t') s++;
    if (*s == '#' || *s == '\n' || *s == '\r' || *s == 0) continue;
    char kname[64];
    int n = 0;
    Case c;
    if (sscanf(s, "%63s %d%n", kname, &c.do_load, &n) != 2) {
      fprintf(stderr, "line %d: cannot parse kernel/do_load\n", lineno);
      return 2;
    }
    s += n;
    c.kernel = -1;
    for (int k = 0; k < NKERNELS; k++)
      if (strcmp(kname, KERNELS[k].name) == 0) c.kernel = k;
    if (c.kernel < 0) {
      fprintf(stderr, "line %d: unknown kernel %s\n", lineno, kname);
      return 2;
    }
    for (int i = 0; i < 32; i++) {
      if (sscanf(s, "%d%n", &c.offs[i], &n) != 1) {
        fprintf(stderr, "line %d: expected 32 offsets, got %d\n", lineno, i);
        return 2;
      }
      s += n;
    }
    const KInfo& K = KERNELS[c.kernel];
    const int limit = K.is_shared ? SMEM_BYTES : GBUF_BYTES;
    const int align = K.bytes;
    for (int i = 0; i < 32; i++) {
      int o = c.offs[i];
      if (o < 0 || o + K.bytes > limit || (o % align) != 0) {
        fprintf(stderr, "line %d: offset %d of thread %d invalid for %s (limit %d, align %d)\n",
                lineno, o, i, K.name, limit, align);
        return 2;
      }
    }
    cases.push_back(c);
  }
  fclose(f);
  const int ncases = (int)cases.size();
  if (ncases == 0) {
    fprintf(stderr, "no cases\n");
    return 2;
  }

  // all offsets uploaded once: case k uses d_offs + 32*k (128-byte aligned)
  std::vector<int> h_offs((size_t)ncases * 32);
  for (int k = 0; k < ncases; k++) memcpy(&h_offs[(size_t)k * 32], cases[k].offs, 32 * sizeof(int));
  int* d_offs = nullptr;
  unsigned char* d_gbuf = nullptr;
  unsigned* d_out = nullptr;
  CHECK(cudaMalloc(&d_offs, h_offs.size() * sizeof(int)));
  CHECK(cudaMalloc(&d_gbuf, GBUF_BYTES));
  CHECK(cudaMalloc(&d_out, OUT_WORDS * sizeof(unsigned)));
  if (((size_t)d_gbuf % 256) != 0 || ((size_t)d_offs % 256) != 0) {
    fprintf(stderr, "cudaMalloc returned a buffer that is not 256-byte aligned\n");
    return 1;
  }
  CHECK(cudaMemcpy(d_offs, h_offs.data(), h_offs.size() * sizeof(int), cudaMemcpyHostToDevice));
  {
    // fill via cudaMemcpy (not cudaMemset) so that no extra kernel could ever be launched
    std::vector<unsigned char> g(GBUF_BYTES);
    for (size_t i = 0; i < g.size(); i++) g[i] = (unsigned char)(i * 131u + 7u);
    CHECK(cudaMemcpy(d_gbuf, g.data(), g.size(), cudaMemcpyHostToDevice));
    std::vector<unsigned> o(OUT_WORDS, 0);
    CHECK(cudaMemcpy(d_out, o.data(), o.size() * sizeof(unsigned), cudaMemcpyHostToDevice));
  }
  CHECK(cudaDeviceSynchronize());

  unsigned h_out[OUT_WORDS];
  for (int k = 0; k < ncases; k++) {
    const Case& c = cases[k];
    const KInfo& K = KERNELS[c.kernel];
    K.fn<<<1, 32>>>(d_offs + (size_t)k * 32, d_gbuf, d_out, c.do_load);
    CHECK(cudaGetLastError());
    CHECK(cudaDeviceSynchronize());
    CHECK(cudaMemcpy(h_out, d_out, sizeof h_out, cudaMemcpyDeviceToHost));
    for (int tt = 0; tt < 32; tt++) {
      if ((int)h_out[tt * 5 + 4] != c.offs[tt]) {
        fprintf(stderr, "launch %d: thread %d stored offset %u, expected %d\n", k, tt,
                h_out[tt * 5 + 4], c.offs[tt]);
        return 1;
      }
    }
    if (K.is_shared && (h_out[160] % 1024) != 0) {
      fprintf(stderr, "launch %d: shared array base 0x%x is not 1024-byte aligned\n", k, h_out[160]);
      return 1;
    }
    printf("LAUNCH %d %s %d%s%s\n", k, K.name, c.do_load, K.is_shared ? " smem_base=" : "",
           K.is_shared ? std::to_string(h_out[160]).c_str() : "");
  }
  printf("DONE %d\n", ncases);
  fflush(stdout);
  CHECK(cudaFree(d_offs));
  CHECK(cudaFree(d_gbuf));
  CHECK(cudaFree(d_out));
  return 0;
}
