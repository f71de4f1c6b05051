// What the CuTe C++ generators (gen.cpp, gen_tv.cpp, gen_partition.cpp) share: the command
// line and meta line, the random draws, each case's id, and the JSON of the shared vectors'
// schema (../shared/vectors/README.md section 6) written around CuTe's own `print`. Each
// generator is one translation unit that includes this after its CuTe headers;
// scripts/differential/run recompiles them all when it changes.
#pragma once

#include <cute/tensor.hpp>

#include <cstdio>
#include <cstdlib>
#include <random>

using U = cute::Underscore;

// The draws: every one from this generator, seeded with SEED, in a fixed order.
inline std::mt19937_64 rng;
inline int seed_g = 0;
// how many cases head() has opened
inline int cases = 0;
// the cases' ids: PREFIX-SEED-N
inline const char* id_prefix = "";

// An integer in [lo, hi].
inline int draw(int lo, int hi) { return std::uniform_int_distribution<int>(lo, hi)(rng); }

// True with probability `percent` in 100.
inline bool coin(int percent) { return draw(0, 99) < percent; }

// `NAME SEED`, or `NAME SEED COUNT` where `count` is given: seeds the draws and writes the meta
// line, or says how to call it and returns false.
inline bool start(int argc, char** argv, const char* name, const char* prefix,
                  int* count = nullptr) {
  if (argc != (count ? 3 : 2)) {
    fprintf(stderr, count ? "usage: %s SEED COUNT\n" : "usage: %s SEED\n", name);
    return false;
  }
  seed_g = atoi(argv[1]);
  id_prefix = prefix;
  rng.seed(seed_g);
  printf("{\"meta\":true,\"generator\":\"scripts/differential/cute_cpp/%s.cpp\","
         "\"cutlass\":\"4.2.0\",\"seed\":%d", name, seed_g);
  if (count) {
    *count = atoi(argv[2]);
    printf(",\"count\":%d", *count);
  }
  printf("}\n");
  return true;
}

// `{"id":…,"kind":"KIND"` of the next case, left open for its fields.
inline void head(const char* kind) {
  printf("{\"id\":\"%s-%d-%d\",\"kind\":\"%s\"", id_prefix, seed_g, cases++, kind);
}

// `[at(0),…,at(n-1)]`
template <class F>
inline void int_list(int n, F&& at) {
  printf("[");
  for (int i = 0; i < n; ++i) printf(i ? ",%d" : "%d", int(at(i)));
  printf("]");
}

// CuTe's `print` of `t` as a JSON string.
template <class T>
inline void text(T const& t) {
  using cute::print;  // and whatever print argument-dependent lookup finds, as unqualified
  printf("\"");
  print(t);
  printf("\"");
}

// {"str":"…","size":N,"values":[…]} of any layout or composed layout
template <class L>
inline void obj(L const& l) {
  printf("{\"str\":");
  text(l);
  printf(",\"size\":%d,\"values\":", int(cute::size(l)));
  int_list(int(cute::size(l)), [&](int i) { return l(i); });
  printf("}");
}

// A tiled MMA's fields (a `tiled_mma` case's): its atom, atom layout and permutation.
template <class AL, class P>
inline void mma_fields(const char* atom, AL const& al, P const& perm) {
  printf("\"atom\":\"%s\",\"atom_layout\":", atom);
  text(al);
  printf(",\"permutation\":");
  text(perm);
}

// A tiled copy's fields (a `tiled_copy` case's) of make_tiled_copy: its atom, element width,
// and thread and value layouts.
template <class Thr, class Val>
inline void copy_fields(const char* atom, int bits, Thr const& thr, Val const& val) {
  printf("\"atom\":\"%s\",\"element_bits\":%d,\"thr_layout\":", atom, bits);
  text(thr);
  printf(",\"val_layout\":");
  text(val);
}

// A tiled copy's fields of make_tiled_copy_A/B/C: its atom, element width, the operand and the
// tiled MMA's fields under `mma`.
template <class AL, class P>
inline void copy_mma_fields(const char* atom, int bits, char operand, const char* mma_atom,
                            AL const& al, P const& perm) {
  printf("\"atom\":\"%s\",\"element_bits\":%d,\"operand\":\"%c\",\"mma\":{", atom, bits, operand);
  mma_fields(mma_atom, al, perm);
  printf("}");
}
