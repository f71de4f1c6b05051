// Fresh thread-value cases in the shared vectors' schema (../shared/vectors/README.md section 6),
// computed by CUTLASS 4.2's own CuTe headers:
//
//   gen_tv SEED   prints the cases; the last line of stderr is how many
//
// `tiled_mma`: every MMA atom Layout Lab lists (SM70 to SM120), over atom layouts drawn (with SEED) from a pool
// that holds strided ones (`(_2,_2,_1):(_2,_1,_0)`) and K-split ones, with and without
// permutations (tile sizes, and layouts that interleave M or N). `tiled_copy`: each copy atom over
// thread and value layouts drawn from a pool, and make_tiled_copy_A/B/C of tiled MMAs. Atom
// types are static in CuTe, so the pools are compiled in and SEED draws from them. Everything
// printed is CuTe's own `print`; the fields Layout Lab reads beyond section 6: `element_bits`
// (the copy's element type), `mma` and `operand` (make_tiled_copy_A/B/C).
#include <cute/tensor.hpp>
#include <cute/atom/mma_atom.hpp>
#include <cute/atom/copy_atom.hpp>
#include <cute/atom/mma_traits_sm89.hpp>
#include <cute/arch/mma_sm90_gmma_ext.hpp>
#include <cute/atom/mma_traits_sm90_gmma_ext.hpp>
#include <cute/atom/mma_traits_sm120.hpp>

#include "common.hpp"

using namespace cute;

template <class Op, class AL, class P>
static void emit_mma(const char* atom, AL const& al, P const& perm) {
  auto mma = make_tiled_mma(Op{}, al, perm);
  head("tiled_mma");
  printf(",");
  mma_fields(atom, al, perm);
  printf(",\"tile_mnk\":[%d,%d,%d],\"threads\":%d,\"A_TV\":", int(tile_size<0>(mma)),
         int(tile_size<1>(mma)), int(tile_size<2>(mma)), int(size(mma)));
  obj(mma.get_layoutA_TV());
  printf(",\"B_TV\":");
  obj(mma.get_layoutB_TV());
  printf(",\"C_TV\":");
  obj(mma.get_layoutC_TV());
  printf("}\n");
}

// A warp-level atom: always over one atom, then each pool entry with probability `percent`.
template <class Op>
static void warp_atom(const char* atom, int percent) {
  using Shape = typename MMA_Traits<Op>::Shape_MNK;
  constexpr int M = size<0>(Shape{});
  constexpr int N = size<1>(Shape{});
  emit_mma<Op>(atom, Layout<cute::Shape<_1, _1, _1>>{}, Tile<U, U, U>{});
  if (coin(percent)) emit_mma<Op>(atom, Layout<cute::Shape<_2, _2, _1>>{}, Tile<U, U, U>{});
  if (coin(percent))
    emit_mma<Op>(atom, Layout<cute::Shape<_2, _2, _1>, Stride<_2, _1, _0>>{}, Tile<U, U, U>{});
  if (coin(percent)) emit_mma<Op>(atom, Layout<cute::Shape<_1, _2, _2>>{}, Tile<U, U, U>{});
  if (coin(percent))
    emit_mma<Op>(atom, Layout<cute::Shape<_2, _4, _1>, Stride<_4, _1, _0>>{}, Tile<U, U, U>{});
  if (coin(percent))
    emit_mma<Op>(atom, Layout<cute::Shape<_2, _2, _1>>{}, Tile<Int<4 * M>, Int<4 * N>, U>{});
  // interleaved M (the classic `(_2,_4,_4):(_1,_8,_2)` shape of permutation) and N
  if (coin(percent))
    emit_mma<Op>(atom, Layout<cute::Shape<_2, _2, _1>>{},
                 make_tile(Layout<cute::Shape<_2, Int<M>>, Stride<Int<M>, _1>>{},
                           Layout<cute::Shape<Int<N>, _2>, Stride<_2, _1>>{}, U{}));
}

// A warpgroup atom: one atom, and two or one copies in M or N.
template <class Op>
static void gmma_atom(const char* atom, int percent) {
  emit_mma<Op>(atom, Layout<Shape<_1, _1, _1>>{}, Tile<U, U, U>{});
  if (coin(percent)) emit_mma<Op>(atom, Layout<Shape<_2, _1, _1>>{}, Tile<U, U, U>{});
  if (coin(percent)) emit_mma<Op>(atom, Layout<Shape<_1, _2, _1>>{}, Tile<U, U, U>{});
}

// A tiled copy's layouts, closing its case.
template <class Copy>
static void copy_tv(Copy const& copy) {
  printf(",\"S_TV\":");
  obj(copy.get_layoutS_TV());
  printf(",\"D_TV\":");
  obj(copy.get_layoutD_TV());
  printf("}\n");
}

template <class Op, class T, class Thr, class Val>
static void emit_copy(const char* atom, int bits, Thr const& thr, Val const& val) {
  auto copy = make_tiled_copy(Copy_Atom<Op, T>{}, thr, val);
  head("tiled_copy");
  printf(",");
  copy_fields(atom, bits, thr, val);
  copy_tv(copy);
}

// A copy atom of V values per thread over 128 threads: each pool entry with probability
// `percent`, the first always.
template <class Op, class T, int V>
static void copy_atom(const char* atom, int bits, int percent) {
  emit_copy<Op, T>(atom, bits, Layout<Shape<_32, _4>, Stride<_4, _1>>{},
                   Layout<Shape<_1, Int<V>>>{});
  if (coin(percent))
    emit_copy<Op, T>(atom, bits, Layout<Shape<_16, _8>, Stride<_8, _1>>{},
                     Layout<Shape<Int<V>, _1>>{});
  if (coin(percent))
    emit_copy<Op, T>(atom, bits, Layout<Shape<_8, _16>>{}, Layout<Shape<_1, Int<V>>>{});
  if (coin(percent))
    emit_copy<Op, T>(atom, bits, Layout<Shape<_32, _4>, Stride<_4, _1>>{},
                     Layout<Shape<_2, Int<V>>, Stride<Int<V>, _1>>{});
}

// make_tiled_copy_A/B/C of a tiled MMA.
template <char operand, class Op, class T, class Mma, class AL>
static void emit_copy_mma(const char* atom, int bits, const char* mma_atom, Mma const& mma,
                          AL const& al) {
  auto run = [&](auto const& copy) {
    head("tiled_copy");
    printf(",");
    copy_mma_fields(atom, bits, operand, mma_atom, al, Tile<U, U, U>{});
    copy_tv(copy);
  };
  if constexpr (operand == 'A') run(make_tiled_copy_A(Copy_Atom<Op, T>{}, mma));
  if constexpr (operand == 'B') run(make_tiled_copy_B(Copy_Atom<Op, T>{}, mma));
  if constexpr (operand == 'C') run(make_tiled_copy_C(Copy_Atom<Op, T>{}, mma));
}

int main(int argc, char** argv) {
  if (!start(argc, argv, "gen_tv", "cpptv")) return 2;
  const int p = 50;
  warp_atom<SM70_8x8x4_F32F16F16F32_NT>("SM70_8x8x4_F32F16F16F32_NT", p);
  warp_atom<SM70_8x8x4_F32F16F16F32_TN>("SM70_8x8x4_F32F16F16F32_TN", p);
  warp_atom<SM70_8x8x4_F16F16F16F16_NN>("SM70_8x8x4_F16F16F16F16_NN", p);
  warp_atom<SM75_16x8x8_F32F16F16F32_TN>("SM75_16x8x8_F32F16F16F32_TN", p);
  warp_atom<SM80_16x8x16_F16F16F16F16_TN>("SM80_16x8x16_F16F16F16F16_TN", p);
  warp_atom<SM80_16x8x16_F32F16F16F32_TN>("SM80_16x8x16_F32F16F16F32_TN", p);
  warp_atom<SM80_16x8x16_F32BF16BF16F32_TN>("SM80_16x8x16_F32BF16BF16F32_TN", p);
  warp_atom<SM80_16x8x8_F32TF32TF32F32_TN>("SM80_16x8x8_F32TF32TF32F32_TN", p);
  warp_atom<SM80_16x8x32_S32S8S8S32_TN>("SM80_16x8x32_S32S8S8S32_TN", p);
  warp_atom<SM80_8x8x4_F64F64F64F64_TN>("SM80_8x8x4_F64F64F64F64_TN", p);
  warp_atom<SM89_16x8x32_F32E4M3E4M3F32_TN>("SM89_16x8x32_F32E4M3E4M3F32_TN", p);
  warp_atom<SM89_16x8x32_F32E5M2E4M3F32_TN>("SM89_16x8x32_F32E5M2E4M3F32_TN", p);
  warp_atom<SM120_16x8x32_TN<float_e4m3_t, float_e4m3_t, float>>(
      "SM120_16x8x32_TN<float_e4m3_t,float_e4m3_t,float>", p);
  warp_atom<SM120_16x8x32_TN<float_e2m1_t, float_e5m2_t, half_t>>(
      "SM120_16x8x32_TN<e2m1,e5m2,half>", p);
  warp_atom<SM120::BLOCKSCALED::SM120_16x8x32_TN_VS<float_e3m2_t, float_e2m3_t, float,
                                                    float_ue8m0_t, 32>>(
      "SM120::BLOCKSCALED::SM120_16x8x32_TN_VS<float_e3m2_t,float_e2m3_t,float,float_ue8m0_t,32>",
      p);
  warp_atom<SM120::BLOCKSCALED::SM120_16x8x64_TN_VS<float_e2m1_t, float_e2m1_t, float,
                                                    float_ue4m3_t, 16>>(
      "SM120::BLOCKSCALED::SM120_16x8x64_TN_VS<float_e2m1_t,float_e2m1_t,float,float_ue4m3_t,16>",
      p);
  using namespace SM90::GMMA;
  gmma_atom<SM90_64x8x16_F16F16F16_SS<Major::K, Major::K>>("SM90_64x8x16_F16F16F16_SS", p);
  gmma_atom<SM90_64x24x16_F32BF16BF16_SS<Major::MN, Major::MN>>(
      "SM90_64x24x16_F32BF16BF16_SS<GMMA::Major::MN,GMMA::Major::MN>", p);
  gmma_atom<SM90_64x64x16_F32F16F16_RS<Major::K, Major::MN>>(
      "SM90_64x64x16_F32F16F16_RS<GMMA::Major::K,GMMA::Major::MN>", p);
  gmma_atom<SM90_64x16x32_F32E4M3E5M2_SS_TN<>>("SM90_64x16x32_F32E4M3E5M2_SS_TN", p);
  gmma_atom<SM90_64x40x32_F16E5M2E4M3_RS_TN<>>("SM90_64x40x32_F16E5M2E4M3_RS_TN", p);
  emit_mma<SM90_64x256x16_F16F16F16_SS<Major::K, Major::K>>(
      "SM90_64x256x16_F16F16F16_SS", Layout<Shape<_1, _1, _1>>{}, Tile<U, U, U>{});

  copy_atom<SM75_U32x1_LDSM_N, half_t, 2>("SM75_U32x1_LDSM_N", 16, p);
  copy_atom<SM75_U32x2_LDSM_N, half_t, 4>("SM75_U32x2_LDSM_N", 16, p);
  copy_atom<SM75_U32x4_LDSM_N, half_t, 8>("SM75_U32x4_LDSM_N", 16, p);
  copy_atom<SM75_U16x2_LDSM_T, half_t, 2>("SM75_U16x2_LDSM_T", 16, p);
  copy_atom<SM75_U16x4_LDSM_T, half_t, 4>("SM75_U16x4_LDSM_T", 16, p);
  copy_atom<SM75_U16x8_LDSM_T, half_t, 8>("SM75_U16x8_LDSM_T", 16, p);
  copy_atom<SM90_U32x1_STSM_N, half_t, 2>("SM90_U32x1_STSM_N", 16, p);
  copy_atom<SM90_U32x2_STSM_N, half_t, 4>("SM90_U32x2_STSM_N", 16, p);
  copy_atom<SM90_U32x4_STSM_N, half_t, 8>("SM90_U32x4_STSM_N", 16, p);
  copy_atom<UniversalCopy<uint32_t>, half_t, 2>("UniversalCopy<uint32_t>", 16, p);
  copy_atom<UniversalCopy<uint64_t>, float, 2>("UniversalCopy<uint64_t>", 32, p);
  copy_atom<UniversalCopy<uint128_t>, half_t, 8>("UniversalCopy<uint128_t>", 16, p);
  copy_atom<SM80_CP_ASYNC_CACHEALWAYS<uint128_t>, half_t, 8>(
      "SM80_CP_ASYNC_CACHEALWAYS<uint128_t>", 16, p);

  auto al = Layout<Shape<_2, _2, _1>>{};
  auto sm80 = make_tiled_mma(SM80_16x8x16_F16F16F16F16_TN{}, al);
  const char* sm80_name = "SM80_16x8x16_F16F16F16F16_TN";
  emit_copy_mma<'A', SM75_U32x4_LDSM_N, half_t>("SM75_U32x4_LDSM_N", 16, sm80_name, sm80, al);
  emit_copy_mma<'B', SM75_U32x2_LDSM_N, half_t>("SM75_U32x2_LDSM_N", 16, sm80_name, sm80, al);
  emit_copy_mma<'A', SM75_U16x8_LDSM_T, half_t>("SM75_U16x8_LDSM_T", 16, sm80_name, sm80, al);
  emit_copy_mma<'B', SM75_U16x4_LDSM_T, half_t>("SM75_U16x4_LDSM_T", 16, sm80_name, sm80, al);
  emit_copy_mma<'C', SM90_U32x2_STSM_N, half_t>("SM90_U32x2_STSM_N", 16, sm80_name, sm80, al);
  emit_copy_mma<'C', UniversalCopy<uint32_t>, half_t>("UniversalCopy<uint32_t>", 16, sm80_name, sm80,
                                                 al);
  auto al_row = Layout<Shape<_2, _2, _1>, Stride<_2, _1, _0>>{};
  auto tf32 = make_tiled_mma(SM80_16x8x8_F32TF32TF32F32_TN{}, al_row);
  emit_copy_mma<'A', UniversalCopy<uint32_t>, float>("UniversalCopy<uint32_t>", 32,
                                                "SM80_16x8x8_F32TF32TF32F32_TN", tf32, al_row);
  emit_copy_mma<'B', SM75_U32x2_LDSM_N, float>("SM75_U32x2_LDSM_N", 32, "SM80_16x8x8_F32TF32TF32F32_TN",
                                          tf32, al_row);
  fprintf(stderr, "%d\n", cases);
  return 0;
}
