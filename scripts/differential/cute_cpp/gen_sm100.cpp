// Fresh Blackwell cases in the shared vectors' schema (../shared/vectors/README.md section 11),
// computed by CUTLASS 4.2's own CuTe headers:
//
//   gen_sm100 SEED   prints the cases; the last line of stderr is how many
//
// `umma`: the traits (Shape_MNK, ThrID, ALayout, BLayout, CLayout) of tcgen05 MMA atoms drawn
// from a pool of families, M, N, majors and element types. `tmem_copy`: make_tmem_copy of every
// SM100_TMEM_LOAD/STORE atom over 128-lane TMEM tensors of a few widths, its tiler and its
// S and D thread-value layouts. (The SM120 atoms are gen_tv.cpp's, as tiled MMAs.) Atom types
// are static in CuTe, so the pools are compiled in and SEED draws from them.
#include <cute/tensor.hpp>
#include <cute/atom/mma_atom.hpp>
#include <cute/atom/copy_atom.hpp>
#include <cute/atom/mma_traits_sm100.hpp>
#include <cute/atom/copy_traits_sm100.hpp>

#include <string>

#include "common.hpp"

using namespace cute;
using UMMA::Major;

// percent of the pool each kind draws
static int umma_percent = 40;
static int tmem_percent = 12;

template <class Op>
static void umma(std::string const& atom) {
  if (!coin(umma_percent)) return;
  using T = MMA_Traits<Op>;
  head("umma");
  printf(",\"atom\":\"%s\",\"shape_mnk\":", atom.c_str());
  text(typename T::Shape_MNK{});
  printf(",\"thr_id\":");
  text(typename T::ThrID{});
  printf(",\"A\":");
  obj(typename T::ALayout{});
  printf(",\"B\":");
  obj(typename T::BLayout{});
  printf(",\"C\":");
  obj(typename T::CLayout{});
  printf("}\n");
}

static std::string name(const char* family, const char* types, int m, int n, const char* tail) {
  char buf[256];
  snprintf(buf, sizeof buf, "SM100_MMA_%s<%s,%d,%d,%s>", family, types, m, n, tail);
  return buf;
}

// One family's atoms at (M, N), both majors where the source allows them.
#define DENSE(FAMILY, A, B, C, TYPES, M, N)                                                      \
  umma<SM100_MMA_##FAMILY<A, B, C, M, N, Major::K, Major::K>>(                                  \
      name(#FAMILY, TYPES, M, N, "K,K"));                                                       \
  umma<SM100_MMA_##FAMILY<A, B, C, M, N, Major::K, Major::MN>>(                                 \
      name(#FAMILY, TYPES, M, N, "UMMA::Major::K,UMMA::Major::MN"))
#define SHARED(FAMILY, A, B, C, TYPES, M, N)                                                     \
  DENSE(FAMILY, A, B, C, TYPES, M, N);                                                          \
  umma<SM100_MMA_##FAMILY<A, B, C, M, N, Major::MN, Major::K>>(                                 \
      name(#FAMILY, TYPES, M, N, "MN,K"))

template <class Op, class T, int N>
static void tmem_copy(const char* atom, const char* element) {
  if (!coin(tmem_percent)) return;
  auto tmem = make_tensor(make_tmem_ptr<T>(0),
                          Layout<Shape<_128, Int<N>>, Stride<TMEM::DP<T>, _1>>{});
  auto copy = make_tmem_copy(Op{}, tmem);
  head("tmem_copy");
  printf(",\"atom\":\"%s\",\"element\":\"%s\",\"tmem_shape\":[128,%d],\"threads\":%d,\"tiler\":",
         atom, element, N, int(size(copy)));
  text(typename decltype(copy)::Tiler_MN{});
  printf(",\"S_TV\":");
  obj(copy.get_layoutS_TV());
  printf(",\"D_TV\":");
  obj(copy.get_layoutD_TV());
  printf("}\n");
}

// An atom moving W bits of each lane: over the narrowest tensor it fits and one four times
// as wide, in 32-bit elements (`float`) or, for the packed 16-bit atoms, in `half_t`.
template <class Op, int W, bool Packed>
static void tmem_atom(const char* atom) {
  using T = conditional_t<Packed, half_t, float>;
  constexpr int columns = Packed ? W / 8 : W / 32;     // the columns of T it reaches
  constexpr int narrow = columns < 32 ? 32 : columns;  // at least 32
  constexpr int limit = Packed ? 1024 : 512;           // 512 32-bit columns a lane
  tmem_copy<Op, T, narrow>(atom, Packed ? "half" : "float");
  if constexpr (narrow * 4 <= limit) tmem_copy<Op, T, narrow * 4>(atom, Packed ? "half" : "float");
}

#define TMEM_REPS(OP, SHAPE, BITS, R)                                                             \
  tmem_atom<SM100_TMEM_##OP##_##SHAPE##R##x, BITS * R, false>("SM100_TMEM_" #OP "_" #SHAPE #R "x"); \
  tmem_atom<SM100_TMEM_##OP##_##SHAPE##R##x_16b, BITS * R, true>(                              \
      "SM100_TMEM_" #OP "_" #SHAPE #R "x_16b")
#define TMEM_UP_TO_32(OP, SHAPE, BITS)                                                          \
  TMEM_REPS(OP, SHAPE, BITS, 1);                                                                \
  TMEM_REPS(OP, SHAPE, BITS, 2);                                                                \
  TMEM_REPS(OP, SHAPE, BITS, 4);                                                                \
  TMEM_REPS(OP, SHAPE, BITS, 8);                                                                \
  TMEM_REPS(OP, SHAPE, BITS, 16);                                                               \
  TMEM_REPS(OP, SHAPE, BITS, 32)
#define TMEM_OP(OP)                                                                             \
  TMEM_UP_TO_32(OP, 32dp32b, 32);                                                               \
  TMEM_REPS(OP, 32dp32b, 32, 64);                                                               \
  TMEM_REPS(OP, 32dp32b, 32, 128);                                                              \
  TMEM_UP_TO_32(OP, 16dp32b, 64);                                                               \
  TMEM_REPS(OP, 16dp32b, 64, 64);                                                               \
  TMEM_REPS(OP, 16dp32b, 64, 128);                                                              \
  TMEM_UP_TO_32(OP, 16dp64b, 64);                                                               \
  TMEM_REPS(OP, 16dp64b, 64, 64);                                                               \
  TMEM_REPS(OP, 16dp64b, 64, 128);                                                              \
  TMEM_UP_TO_32(OP, 16dp128b, 128);                                                             \
  TMEM_REPS(OP, 16dp128b, 128, 64);                                                             \
  TMEM_UP_TO_32(OP, 16dp256b, 256)

int main(int argc, char** argv) {
  if (!start(argc, argv, "gen_sm100", "cppsm100")) return 2;
  using namespace SM100::TMEM::LOAD;
  using namespace SM100::TMEM::STORE;

  const char* f16 = "half_t,half_t,float";
  const char* bf16 = "bfloat16_t,bfloat16_t,float";
  const char* f16h = "half_t,half_t,half_t";
  SHARED(F16BF16_SS, half_t, half_t, float, f16, 64, 8);
  SHARED(F16BF16_SS, half_t, half_t, float, f16, 64, 136);
  SHARED(F16BF16_SS, bfloat16_t, bfloat16_t, float, bf16, 128, 64);
  SHARED(F16BF16_SS, half_t, half_t, half_t, f16h, 128, 256);
  DENSE(F16BF16_TS, half_t, half_t, float, f16, 64, 24);
  DENSE(F16BF16_TS, bfloat16_t, bfloat16_t, float, bf16, 128, 112);
  SHARED(F16BF16_2x1SM_SS, half_t, half_t, float, f16, 128, 48);
  SHARED(F16BF16_2x1SM_SS, bfloat16_t, bfloat16_t, float, bf16, 256, 256);
  DENSE(F16BF16_2x1SM_TS, half_t, half_t, float, f16, 128, 32);
  DENSE(F16BF16_2x1SM_TS, half_t, half_t, float, f16, 256, 192);
  SHARED(F16BF16_SS_SPARSE, half_t, half_t, float, f16, 128, 40);

  const char* tf32 = "tfloat32_t,tfloat32_t,float";
  SHARED(TF32_SS, tfloat32_t, tfloat32_t, float, tf32, 64, 16);
  SHARED(TF32_SS, tfloat32_t, tfloat32_t, float, tf32, 128, 200);
  DENSE(TF32_TS, tfloat32_t, tfloat32_t, float, tf32, 128, 96);
  SHARED(TF32_2x1SM_SS, tfloat32_t, tfloat32_t, float, tf32, 256, 80);
  DENSE(TF32_2x1SM_TS, tfloat32_t, tfloat32_t, float, tf32, 128, 64);
  SHARED(TF32_SS_SPARSE, tfloat32_t, tfloat32_t, float, tf32, 64, 56);

  const char* s8 = "int8_t,int8_t,int32_t";
  const char* u8 = "uint8_t,int8_t,int32_t";
  DENSE(S8_SS, int8_t, int8_t, int32_t, s8, 64, 8);
  DENSE(S8_SS, uint8_t, int8_t, int32_t, u8, 128, 144);
  DENSE(S8_TS, int8_t, int8_t, int32_t, s8, 128, 32);
  DENSE(S8_2x1SM_SS, int8_t, int8_t, int32_t, s8, 256, 224);
  DENSE(S8_2x1SM_TS, uint8_t, int8_t, int32_t, u8, 128, 64);
  DENSE(S8_SS_SPARSE, int8_t, int8_t, int32_t, s8, 128, 16);

  TMEM_OP(LOAD);
  TMEM_OP(STORE);
  fprintf(stderr, "%d\n", cases);
  return 0;
}
