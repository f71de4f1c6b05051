// Fresh CuTe C++ cases in the shared vectors' schema (../shared/vectors/README.md section 6),
// computed by CUTLASS 4.2's own CuTe headers:
//
//   gen SEED COUNT   COUNT `swizzle` cases drawn with SEED, then every `swizzle_atom` case
//
// `swizzle`: a Swizzle<B,M,S> (from a fixed list: the type is chosen at run time by a switch)
// composed with a layout whose integers are drawn at run time (dynamic), or a mix of static and
// dynamic ones, and its composition, logical_divide, zipped_divide and tiled_divide by tilers
// drawn at run time too. `swizzle_atom`: every GMMA atom (K / MN, INTER / SW32 / SW64 / SW128)
// for 8-, 16- and 32-bit elements, tile_to_shape to four static shapes, with the element
// offsets a real shared-memory pointer gives. Everything printed is CuTe's own `print`.
#include <cute/layout.hpp>
#include <cute/swizzle_layout.hpp>
#include <cute/pointer.hpp>
#include <cute/tensor.hpp>
#include <cute/atom/mma_traits_sm90_gmma.hpp>

#include "common.hpp"

using namespace cute;

static int pow2(int lo, int hi) { return 1 << draw(lo, hi); }

// One swizzle case: the composed layout, then each operation with its argument.
template <class C, class B, class T>
static void emit(C const& composed, B const& b, T const& tiler) {
  auto sw = composed.layout_a();
  head("swizzle");
  printf(",\"swizzle\":[%d,%d,%d],\"layout\":", decltype(sw)::num_bits, decltype(sw)::num_base,
         decltype(sw)::num_shft);
  obj(composed);
  printf(",\"composition\":{\"B\":");
  text(b);
  printf(",\"result\":");
  obj(composition(composed, b));
  printf("}");
  const char* names[] = {"logical_divide", "zipped_divide", "tiled_divide"};
  for (int k = 0; k < 3; ++k) {
    printf(",\"%s\":{\"B\":", names[k]);
    text(tiler);
    printf(",\"result\":");
    if (k == 0) obj(logical_divide(composed, tiler));
    if (k == 1) obj(zipped_divide(composed, tiler));
    if (k == 2) obj(tiled_divide(composed, tiler));
    printf("}");
  }
  printf("}\n");
}

// A composition argument that fits A's domain (cosize <= size(A)): `(n):(d)`, `n:d`, `n:_1`
// or `(n,m):(d,e)`, all drawn at run time.
template <class F>
static void with_b(int size_a, F&& f) {
  int n = pow2(0, 4);
  while (n > size_a) n /= 2;
  int d = draw(1, std::max(1, (size_a - 1) / std::max(1, n - 1)));
  switch (draw(0, 3)) {
    case 0: f(make_layout(make_shape(n), make_stride(d))); break;
    case 1: f(make_layout(n, d)); break;
    case 2: f(make_layout(n, Int<1>{})); break;
    default: {
      int e = n * d;  // (n,2):(d,n·d), where it fits
      if ((n - 1) * d + e + 1 <= size_a) {
        f(make_layout(make_shape(n, 2), make_stride(d, e)));
      } else {
        f(make_layout(make_shape(n), make_stride(d)));
      }
    }
  }
}

// A divide tiler for a layout of size `size_a` whose first mode has `mode0` elements:
// `n:_1` (as the shared file), `n:d` (a dynamic stride), a bare `n`, or `(n:_1,m:_1)` by mode.
template <class L, class F>
static void with_tiler(L const& layout, F&& f) {
  int mode0 = int(size<0>(layout));
  int mode1 = int(size<1>(layout));
  int n = pow2(0, 3);
  while (n > mode0) n /= 2;
  switch (draw(0, 3)) {
    case 0: f(make_layout(n, Int<1>{})); break;
    case 1: f(make_layout(n, draw(1, 2))); break;
    case 2: f(n); break;
    default: {
      int m = pow2(0, 2);
      while (m > mode1) m /= 2;
      f(make_tile(make_layout(n, Int<1>{}), make_layout(m, Int<1>{})));
    }
  }
}

// Compact (either order) or permuted strides, sometimes with gaps.
static void strides3(int const s[3], int d[3]) {
  int order[3] = {0, 1, 2};
  std::shuffle(order, order + 3, rng);
  int acc = 1;
  for (int k = 0; k < 3; ++k) {
    d[order[k]] = acc;
    acc *= s[order[k]] * (draw(0, 4) == 0 ? 2 : 1);
  }
}

template <class F>
static void with_layout(F&& f) {
  int s[3] = {pow2(1, 4), pow2(1, 4), pow2(1, 3)};
  int d[3];
  strides3(s, d);
  switch (draw(0, 6)) {
    case 0: f(make_layout(make_shape(s[0], s[1]), make_stride(d[0], d[1] == 1 ? s[0] : d[1]))); break;
    case 1: f(make_layout(make_shape(make_shape(s[0], s[1]), s[2]), make_stride(make_stride(d[0], d[1]), d[2]))); break;
    case 2: f(make_layout(make_shape(s[0], make_shape(s[1], s[2])), make_stride(d[0], make_stride(d[1], d[2])))); break;
    case 3: f(make_layout(make_shape(Int<8>{}, s[1]), make_stride(Int<1>{}, Int<8>{}))); break;
    case 4: f(make_layout(make_shape(s[0], Int<4>{}), make_stride(Int<4>{}, Int<1>{}))); break;
    case 5: f(make_layout(make_shape(s[0], Int<1>{}, s[1]), make_stride(s[1], Int<0>{}, Int<1>{}))); break;
    // static: coalesce merges here, and the static checks run on the layout's side
    default: f(make_layout(make_shape(Int<4>{}, make_shape(Int<2>{}, Int<8>{})),
                           make_stride(Int<16>{}, make_stride(Int<8>{}, Int<1>{})))); break;
  }
}

template <int B, int M, int S>
static void swizzle_case() {
  with_layout([&](auto const& layout) {
    auto composed = composition(Swizzle<B, M, S>{}, Int<0>{}, layout);
    with_b(int(size(layout)), [&](auto const& b) {
      with_tiler(layout, [&](auto const& tiler) { emit(composed, b, tiler); });
    });
  });
}

static void any_swizzle_case() {
  switch (draw(0, 8)) {
    case 0: swizzle_case<1, 0, 1>(); break;
    case 1: swizzle_case<1, 1, 3>(); break;
    case 2: swizzle_case<2, 1, 3>(); break;
    case 3: swizzle_case<3, 2, 3>(); break;
    case 4: swizzle_case<2, 2, 5>(); break;
    case 5: swizzle_case<3, 4, 3>(); break;
    case 6: swizzle_case<3, 3, 3>(); break;
    case 7: swizzle_case<1, 4, 4>(); break;
    default: swizzle_case<2, 0, 2>(); break;
  }
}

// The atom tiled to (K1·rows, K2·cols) of itself, its values and element offsets.
template <class T, class Atom, int K1, int K2>
static void atom_case(const char* name, int bits) {
  Atom atom{};
  auto shape = make_shape(size<0>(atom) * Int<K1>{}, size<1>(atom) * Int<K2>{});
  auto tiled = tile_to_shape(atom, shape);
  int m = int(size<0>(tiled)), n = int(size<1>(tiled));
  printf("{\"id\":\"atom-%s-%dx%d\",\"kind\":\"swizzle_atom\",\"atom\":\"%s\",\"element_bits\":%d,"
         "\"atom_layout\":", name, m, n, name, bits);
  text(atom);
  printf(",\"shape\":[%d,%d],\"layout\":", m, n);
  obj(tiled);
  // a real (host) shared-memory pointer, aligned past every swizzle's span
  alignas(4096) static uint8_t buffer[1 << 16];
  T* base = reinterpret_cast<T*>(buffer);
  auto tensor = make_tensor(make_smem_ptr(base), tiled);
  printf(",\"element_offsets\":");
  int_list(int(size(tiled)), [&](int i) { return raw_pointer_cast(&tensor(i)) - base; });
  printf("}\n");
}

template <class T, class Atom>
static void atom_shapes(const char* name, int bits) {
  atom_case<T, Atom, 1, 1>(name, bits);
  atom_case<T, Atom, 2, 1>(name, bits);
  atom_case<T, Atom, 1, 2>(name, bits);
  atom_case<T, Atom, 4, 2>(name, bits);
}

template <class T>
static void atoms(const char* type, int bits) {
  char name[64];
#define ATOM(MAJOR, SW)                                                   \
  snprintf(name, sizeof name, "%s_%s_%s", #MAJOR, #SW, type);            \
  atom_shapes<T, GMMA::Layout_##MAJOR##_##SW##_Atom<T>>(name, bits);
  ATOM(K, INTER) ATOM(K, SW32) ATOM(K, SW64) ATOM(K, SW128)
  ATOM(MN, INTER) ATOM(MN, SW32) ATOM(MN, SW64) ATOM(MN, SW128)
#undef ATOM
}

int main(int argc, char** argv) {
  int count = 0;
  if (!start(argc, argv, "gen", "cppgen", &count)) return 2;
  for (int n = 0; n < count; ++n) any_swizzle_case();
  atoms<uint8_t>("uint8", 8);
  atoms<half_t>("half", 16);
  atoms<float>("float", 32);
  return 0;
}
