// Fresh partitioning cases in the shared vectors' schema, computed by CUTLASS 4.2's own CuTe
// headers, each on a tensor over counting_iterator<int>(base) so every element is its index:
//
//   gen_partition SEED   prints the cases; the last line of stderr is how many
//
// `partition_mma`: get_thread_slice(thread).partition_A/B/C(tensor) of tiled MMAs (a `tiled_mma`
// case's fields under `mma`), on the operand's static tile, on dynamic column- or row-major
// tensors of a few tiles, or on local_tile(tensor, tile, coord) of one (`tile`, `coord`).
// `partition_copy`: get_thread_slice(thread).partition_S/D(tensor) (`side`) of tiled copies (a
// `tiled_copy` case's fields under `copy`), on the same kinds of tensor. `local_tile`:
// local_tile(tensor, tiler, coord), `coord` a list of integers and "_" or one integer, with a
// projection `keep` (Step<_1,X,_1> is [1,0,1]) where present. `local_partition`:
// local_partition(tensor, thr_layout, index), with `keep` likewise. `tensor` is the input's
// {str, offset}; `result` the output's {str, offset, size, values}: print(t.layout()), *t.data()
// and every t(i). Types are static in CuTe, so the pools are compiled in and SEED draws threads,
// extents and coordinates. Kept apart from gen_tv.cpp so the two compile in parallel.
#include <cute/tensor.hpp>
#include <cute/atom/mma_atom.hpp>
#include <cute/atom/copy_atom.hpp>

#include "common.hpp"

using namespace cute;

template <class T>
static void input(T const& t) {
  printf(",\"tensor\":{\"str\":");
  text(t.layout());
  printf(",\"offset\":%d}", int(*t.data()));
}

template <class T>
static void result(T const& t) {
  printf(",\"result\":{\"str\":");
  text(t.layout());
  printf(",\"offset\":%d,\"size\":%d,\"values\":", int(*t.data()), int(size(t)));
  int_list(int(size(t)), [&](int i) { return t(i); });
  printf("}}\n");
}

static auto counting(int base) { return counting_iterator<int>(base); }

// The tensors a partition is drawn on: the tile (static), a dynamic column-major or row-major
// tensor of 1..3 x 1..3 tiles, and one tile of a column-major one (local_tile, the Threads page's
// case). `f(tensor, fields, view)`: the input, a printer of the `tile`/`coord` fields (nothing
// when none), and what the partition is taken of (the tensor or its tile).
template <int M, int N, class F>
static void tensors(F&& f) {
  int base = draw(0, 1) * draw(0, 999);
  auto none = [] {};
  auto whole = [](auto const& t) { return t; };
  f(make_tensor(counting(base), Layout<Shape<Int<M>, Int<N>>>{}), none, whole);
  int rows = M * draw(1, 3), cols = N * draw(1, 3);
  auto col = make_tensor(counting(base), make_layout(make_shape(rows, cols)));
  if (draw(0, 1)) {
    f(col, none, whole);
  } else {
    f(make_tensor(counting(base), make_layout(make_shape(rows, cols), LayoutRight{})), none, whole);
  }
  int i = draw(0, rows / M - 1), j = draw(0, cols / N - 1);
  auto fields = [&] {
    printf(",\"tile\":");
    text(Shape<Int<M>, Int<N>>{});
    printf(",\"coord\":[%d,%d]", i, j);
  };
  f(col, fields, [&](auto const& t) { return local_tile(t, Shape<Int<M>, Int<N>>{}, make_coord(i, j)); });
}

template <char Operand, int M, int N, class Mma, class Fields>
static void mma_operand(Mma const& mma, Fields const& mma_fields, int draws) {
  for (int d = 0; d < draws; ++d) {
    tensors<M, N>([&](auto const& t, auto const& fields, auto const& view) {
      int thread = draw(0, int(size(mma)) - 1);
      auto slice = mma.get_thread_slice(thread);
      head("partition_mma");
      printf(",\"mma\":{");
      mma_fields();
      printf("},\"operand\":\"%c\",\"thread\":%d", Operand, thread);
      input(t);
      fields();
      if constexpr (Operand == 'A') result(slice.partition_A(view(t)));
      if constexpr (Operand == 'B') result(slice.partition_B(view(t)));
      if constexpr (Operand == 'C') result(slice.partition_C(view(t)));
    });
  }
}

template <class Op, class AL, class P>
static void mma_cases(const char* atom, AL const& al, P const& perm, int draws) {
  auto mma = make_tiled_mma(Op{}, al, perm);
  auto fields = [&] { mma_fields(atom, al, perm); };
  constexpr int M = decltype(tile_size<0>(mma))::value;
  constexpr int N = decltype(tile_size<1>(mma))::value;
  constexpr int K = decltype(tile_size<2>(mma))::value;
  mma_operand<'A', M, K>(mma, fields, draws);
  mma_operand<'B', N, K>(mma, fields, draws);
  mma_operand<'C', M, N>(mma, fields, draws);
}

template <class Copy, class Fields>
static void copy_cases(Copy const& copy, Fields const& copy_fields, int draws) {
  constexpr int M = decltype(size<0>(typename Copy::Tiler_MN{}))::value;
  constexpr int N = decltype(size<1>(typename Copy::Tiler_MN{}))::value;
  for (int d = 0; d < draws; ++d) {
    tensors<M, N>([&](auto const& t, auto const& fields, auto const& view) {
      int thread = draw(0, int(size<0>(typename Copy::TiledLayout_TV{})) - 1);
      auto slice = copy.get_thread_slice(thread);
      for (char side : {'S', 'D'}) {
        head("partition_copy");
        printf(",\"copy\":{");
        copy_fields();
        printf("},\"side\":\"%c\",\"thread\":%d", side, thread);
        input(t);
        fields();
        if (side == 'S') result(slice.partition_S(view(t)));
        else result(slice.partition_D(view(t)));
      }
    });
  }
}

template <class Op, class T, class Thr, class Val>
static void copy_thr_val(const char* atom, int bits, Thr const& thr, Val const& val, int draws) {
  auto fields = [&] { copy_fields(atom, bits, thr, val); };
  copy_cases(make_tiled_copy(Copy_Atom<Op, T>{}, thr, val), fields, draws);
}

int main(int argc, char** argv) {
  if (!start(argc, argv, "gen_partition", "cpppart")) return 2;
  const int d = 3;
  auto al = Layout<Shape<_2, _2, _1>>{};
  auto al_row = Layout<Shape<_2, _2, _1>, Stride<_2, _1, _0>>{};
  mma_cases<SM80_16x8x16_F16F16F16F16_TN>("SM80_16x8x16_F16F16F16F16_TN", al, Tile<U, U, U>{}, d);
  mma_cases<SM80_16x8x8_F32TF32TF32F32_TN>("SM80_16x8x8_F32TF32TF32F32_TN", al_row,
                                           Tile<_64, _32, U>{}, d);
  mma_cases<SM70_8x8x4_F32F16F16F32_NT>(
      "SM70_8x8x4_F32F16F16F32_NT", al,
      make_tile(Layout<Shape<_2, _16>, Stride<_16, _1>>{}, Layout<Shape<_16, _2>, Stride<_2, _1>>{}, U{}), d);
  mma_cases<SM80_8x8x4_F64F64F64F64_TN>("SM80_8x8x4_F64F64F64F64_TN", Layout<Shape<_1, _2, _2>>{},
                                        Tile<U, U, U>{}, d);
  {
    using namespace SM90::GMMA;
    mma_cases<SM90_64x8x16_F16F16F16_SS<Major::K, Major::K>>(
        "SM90_64x8x16_F16F16F16_SS", Layout<Shape<_2, _1, _1>>{}, Tile<U, U, U>{}, d);
  }

  copy_thr_val<SM75_U32x4_LDSM_N, half_t>("SM75_U32x4_LDSM_N", 16, Layout<Shape<_32, _4>, Stride<_4, _1>>{},
                                          Layout<Shape<_1, _8>>{}, d);
  copy_thr_val<UniversalCopy<uint128_t>, half_t>("UniversalCopy<uint128_t>", 16,
                                                 Layout<Shape<_16, _8>, Stride<_8, _1>>{},
                                                 Layout<Shape<_8, _1>>{}, d);
  copy_thr_val<SM75_U16x4_LDSM_T, half_t>("SM75_U16x4_LDSM_T", 16, Layout<Shape<_8, _16>>{},
                                          Layout<Shape<_2, _4>, Stride<_4, _1>>{}, d);
  auto sm80 = make_tiled_mma(SM80_16x8x16_F16F16F16F16_TN{}, al);
  auto for_mma = [&](const char* atom, char operand) {
    return [=] {
      copy_mma_fields(atom, 16, operand, "SM80_16x8x16_F16F16F16F16_TN", al, Tile<U, U, U>{});
    };
  };
  copy_cases(make_tiled_copy_A(Copy_Atom<SM75_U32x4_LDSM_N, half_t>{}, sm80),
             for_mma("SM75_U32x4_LDSM_N", 'A'), d);
  copy_cases(make_tiled_copy_B(Copy_Atom<SM75_U16x4_LDSM_T, half_t>{}, sm80),
             for_mma("SM75_U16x4_LDSM_T", 'B'), d);
  copy_cases(make_tiled_copy_C(Copy_Atom<SM90_U32x2_STSM_N, half_t>{}, sm80),
             for_mma("SM90_U32x2_STSM_N", 'C'), d);

  // local_tile of a dynamic column-major tensor: by (i,j), (i,_), a flat index, and the
  // (M,N,K) tiler projected by Step<_1,X,_1>
  for (int n = 0; n < 12; ++n) {
    int tiles_m = draw(1, 4), tiles_n = draw(1, 4);
    int base = draw(0, 99);
    auto t = make_tensor(counting(base), make_layout(make_shape(16 * tiles_m, 8 * tiles_n)));
    auto tiler = Shape<_16, _8>{};
    int i = draw(0, tiles_m - 1), j = draw(0, tiles_n - 1);
    auto emit = [&](auto const& coord, auto const& out) {
      head("local_tile");
      input(t);
      printf(",\"tiler\":");
      text(tiler);
      printf(",\"coord\":");
      coord();
      result(out);
    };
    switch (n % 4) {
      case 0: emit([&] { printf("[%d,%d]", i, j); }, local_tile(t, tiler, make_coord(i, j))); break;
      case 1: emit([&] { printf("[%d,\"_\"]", i); }, local_tile(t, tiler, make_coord(i, _))); break;
      case 2: emit([&] { printf("%d", i + tiles_m * j); }, local_tile(t, tiler, i + tiles_m * j)); break;
      default:
        head("local_tile");
        input(t);
        printf(",\"tiler\":");
        text(Shape<_16, _32, _8>{});
        printf(",\"coord\":[%d,0,\"_\"],\"keep\":[1,0,1]", i);
        result(local_tile(t, Shape<_16, _32, _8>{}, make_coord(i, 0, _), Step<_1, X, _1>{}));
    }
  }

  // local_partition of a dynamic column-major tensor by thread layouts, and projected
  for (int n = 0; n < 12; ++n) {
    int base = draw(0, 99);
    auto t = make_tensor(counting(base), make_layout(make_shape(8 * draw(1, 4), 16 * draw(1, 3))));
    auto emit = [&](auto const& thr, const char* keep, auto const& out, int index) {
      head("local_partition");
      input(t);
      printf(",\"thr_layout\":");
      text(thr);
      printf(",\"index\":%d%s", index, keep);
      result(out);
    };
    auto row = Layout<Shape<_4, _8>, Stride<_8, _1>>{};
    auto col = Layout<Shape<_8, _16>>{};
    auto mnk = Layout<Shape<_2, _16, _1>, Stride<_16, _1, _0>>{};
    int index = draw(0, 31);
    switch (n % 3) {
      case 0: emit(row, "", local_partition(t, row, index), index); break;
      case 1: index = draw(0, 127); emit(col, "", local_partition(t, col, index), index); break;
      default: emit(mnk, ",\"keep\":[1,0,1]", local_partition(t, mnk, index, Step<_1, X, _1>{}), index);
    }
  }
  fprintf(stderr, "%d\n", cases);
  return 0;
}
