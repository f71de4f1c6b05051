"""Fresh reference vectors from the real implementations, in the schema of
../shared/vectors/README.md, for `layout-lab check`:

    python gen.py tinygrad SEED COUNT   movement-op chains and `+` (tinygrad 0.11.0)
    python gen.py create SEED COUNT     View.create canonicalisation (tinygrad 0.11.0)
    python gen.py pycute SEED COUNT     the layout algebra (pycute, nvidia-cutlass 4.2.0.0)

The shared files come from the same references on seed 1; these generators draw cases of the
same kinds with other seeds, so the engine is checked on inputs nobody has looked at. Every
expectation is what the reference returned; offsets are evaluated from tinygrad's own rendered
expressions (C semantics for // and %) and cross-checked against a direct walk of the views,
as the shared files were (`check.naive_mismatches`, always 0).

One deliberate difference: pycute's `logical_product(A, n)` for a bare int `n` divides
(`logical_divide(A, Layout(n))`); the engine multiplies, as CuTe does, so products are never
drawn with int tilers (nor are they in the shared files).
"""

import ast
import json
import random
import sys
from importlib.metadata import version

MAX_ELEMS = 2048


def prod(xs):
    p = 1
    for x in xs:
        p *= x
    return p


def unravel(i, shape):
    """Row-major coordinates of linear index `i` in `shape`."""
    out = []
    for s in reversed(shape):
        out.append(i % s)
        i //= s
    return out[::-1]


def meta(kind, seed, count, **versions):
    """A file's first line: what made it, with which versions, seed and count."""
    return {"meta": True, "generator": f"scripts/differential/gen.py {kind}", **versions,
            "seed": seed, "count": count}


# ---------------------------------------------------------------------------------------------
# tinygrad


def view_record(v):
    mask = None if v.mask is None else [list(m) for m in v.mask]
    return {"shape": list(v.shape), "strides": list(v.strides), "offset": v.offset,
            "mask": mask, "contiguous": bool(v.contiguous)}


def c_eval(node, env):
    """Evaluates a rendered tinygrad expression (Python syntax) with C's // and %."""
    if isinstance(node, ast.Expression):
        return c_eval(node.body, env)
    if isinstance(node, ast.Constant):
        return node.value
    if isinstance(node, ast.Name):
        return env[node.id]
    if isinstance(node, ast.UnaryOp) and isinstance(node.op, ast.USub):
        return -c_eval(node.operand, env)
    if isinstance(node, ast.Compare) and len(node.ops) == 1:
        a, b = c_eval(node.left, env), c_eval(node.comparators[0], env)
        return {ast.Lt: a < b, ast.NotEq: a != b, ast.Eq: a == b}[type(node.ops[0])]
    if isinstance(node, ast.IfExp):
        return c_eval(node.body if c_eval(node.test, env) else node.orelse, env)
    if isinstance(node, ast.Call) and node.func.id == "max":
        return max(c_eval(a, env) for a in node.args)
    if isinstance(node, ast.BinOp):
        a, b, op = c_eval(node.left, env), c_eval(node.right, env), type(node.op)
        if op is ast.FloorDiv:
            q = abs(a) // abs(b)
            return q if (a >= 0) == (b >= 0) else -q
        if op is ast.Mod:
            r = abs(a) % abs(b)
            return r if a >= 0 else -r
        ops = {ast.Add: lambda: a + b, ast.Sub: lambda: a - b, ast.Mult: lambda: a * b,
               ast.BitAnd: lambda: a & b, ast.BitOr: lambda: a | b}
        if op in ops:
            return ops[op]()
    raise ValueError(f"cannot evaluate {ast.dump(node)}")


def rendered(st, shape):
    """idx and valid as tinygrad renders them, and each element's value (None where invalid)."""
    idx, valid = (u.render() for u in st.to_indexed_uops())
    ti, tv = ast.parse(idx, mode="eval"), ast.parse(valid, mode="eval")
    values = []
    for i in range(prod(shape)):
        env = {f"ridx{k}": x for k, x in enumerate(unravel(i, shape))}
        values.append(c_eval(ti, env) if c_eval(tv, env) else None)
    return idx, valid, values


def walked(views, shape):
    """Each element's offset by walking the views directly (None where a mask excludes it)."""
    out = []
    for i in range(prod(shape)):
        idx, offset = unravel(i, shape), None
        for k in range(len(views) - 1, -1, -1):
            v = views[k]
            if v.mask is not None and not all(b <= x < e for x, (b, e) in zip(idx, v.mask)):
                offset = None
                break
            offset = v.offset + sum(x * s for x, s in zip(idx, v.strides))
            if k > 0:
                idx = unravel(offset, views[k - 1].shape)
        out.append(offset)
    return out


def factors(n, rng):
    """A random shape of size n: splits, merges and size-1 dimensions."""
    if n == 0:
        shape = [rng.randint(1, 4) for _ in range(rng.randint(1, 3))]
        shape[rng.randrange(len(shape))] = 0
        return shape
    out = []
    while n > 1:
        ds = [d for d in range(2, n + 1) if n % d == 0]
        d = rng.choice(ds[:6] if rng.random() < 0.7 else ds)
        out.append(d)
        n //= d
    rng.shuffle(out)
    if len(out) > 1 and rng.random() < 0.4:
        i = rng.randrange(len(out) - 1)
        out[i:i + 2] = [out[i] * out[i + 1]]
    for _ in range(rng.choice([0, 0, 0, 1, 2])):
        out.insert(rng.randint(0, len(out)), 1)
    while len(out) > 6:
        out[0:2] = [out[0] * out[1]]
    return out if out or rng.random() < 0.2 else [1]


def movement(st, rng, simplify):
    """One random op on the tracker: (op, arg, new tracker), or None to draw again."""
    shape = list(st.shape)
    ops = ["reshape"] * 4 + ["shrink", "flip", "pad"] * 2 + ["permute", "expand"]
    if simplify and len(st.views) > 1:
        ops.append("simplify")
    op = rng.choice(ops) if shape else "reshape"
    if op == "reshape":
        arg = factors(prod(shape), rng)
        return op, arg, st.reshape(tuple(arg))
    if op == "shrink":
        arg = []
        for s in shape:
            if s == 0 or rng.random() < 0.4:
                arg.append([0, s])
            else:
                b = rng.randint(0, s - 1)
                arg.append([b, rng.randint(b if rng.random() < 0.05 else b + 1, s)])
        return op, arg, st.shrink(tuple(map(tuple, arg)))
    if op == "flip":
        arg = [rng.random() < 0.5 for _ in shape]
        return op, arg, st.flip(tuple(arg))
    if op == "pad":
        arg = [[0, 0] if rng.random() < 0.5 else [rng.randint(0, 2), rng.randint(0, 2)]
               for _ in shape]
        if prod(s + a + b for s, (a, b) in zip(shape, arg)) > MAX_ELEMS:
            return None
        return op, arg, st.pad(tuple(map(tuple, arg)))
    if op == "permute":
        arg = list(range(len(shape)))
        rng.shuffle(arg)
        return op, arg, st.permute(tuple(arg))
    if op == "expand":
        arg = [rng.randint(2, 6) if s == 1 and rng.random() < 0.7 else s for s in shape]
        if arg == shape or prod(arg) > MAX_ELEMS:
            return None
        return op, arg, st.expand(tuple(arg))
    return op, None, st.simplify()


def chain(st, n, rng, simplify=True):
    steps = []
    while len(steps) < n:
        drawn = movement(st, rng, simplify)
        if drawn is not None:
            op, arg, st = drawn
            steps.append({"op": op, "arg": arg, "views": [view_record(v) for v in st.views]})
    return st, steps


def final(st, mismatches):
    shape = list(st.shape)
    idx, valid, values = rendered(st, shape)
    mismatches[0] += sum(a != b for a, b in zip(values, walked(st.views, shape)))
    return {"views": [view_record(v) for v in st.views], "shape": shape, "size": prod(shape),
            "idx": idx, "valid": valid, "offsets": [-1 if v is None else v for v in values]}


def tinygrad_cases(seed, count):
    from tinygrad.shape.shapetracker import ShapeTracker

    rng = random.Random(seed)
    yield meta("tinygrad", seed, count, tinygrad_version=version("tinygrad"), mode="ops",
               max_elems=MAX_ELEMS)
    for n in range(count):
        base = [rng.randint(1, 6) for _ in range(rng.randint(1, 4))]
        kind = "add" if rng.random() < 0.2 else "ops"
        st, steps = chain(ShapeTracker.from_shape(tuple(base)), rng.randint(1, 6), rng)
        case = {"id": f"tg-{seed}-{n}", "kind": kind, "base_shape": base, "steps": steps}
        if kind == "add":
            rhs, rhs_steps = chain(ShapeTracker.from_shape(st.shape), rng.randint(1, 4), rng,
                                   simplify=False)
            st = st + rhs
            case.update({"rhs_base_shape": case["steps"][-1]["views"][-1]["shape"],
                         "rhs_steps": rhs_steps,
                         "add_result_views": [view_record(v) for v in st.views]})
        mismatches = [0]
        case["final"] = final(st, mismatches)
        simplified = st.simplify()
        case["simplified"] = final(simplified, mismatches) if simplified != st else None
        case["check"] = {"naive_mismatches": mismatches[0]}
        yield case


def create_cases(seed, count):
    from tinygrad.shape.shapetracker import ShapeTracker
    from tinygrad.shape.view import View

    rng = random.Random(seed)
    yield meta("create", seed, count, tinygrad_version=version("tinygrad"), mode="create",
               max_elems=MAX_ELEMS)
    for n in range(count):
        rank = rng.randint(0, 4)
        shape = [rng.randint(0, 6) if rng.random() < 0.08 else rng.randint(1, 6)
                 for _ in range(rank)]
        strides = None if rng.random() < 0.2 else [rng.randint(-6, 12) for _ in range(rank)]
        offset = 0 if rng.random() < 0.7 else rng.randint(-20, 30)
        mask = None
        if rng.random() < 0.55:
            mask = []
            for s in shape:
                b = rng.randint(0, s)
                mask.append([0, s] if rng.random() < 0.4 else [b, rng.randint(b, s)])
        v = View.create(tuple(shape), None if strides is None else tuple(strides), offset,
                        None if mask is None else tuple(map(tuple, mask)))
        idx, valid, values = rendered(ShapeTracker((v,)), list(v.shape))
        mismatches = sum(a != b for a, b in zip(values, walked((v,), list(v.shape))))
        yield {"id": f"tgc-{seed}-{n}", "kind": "create",
               "input": {"shape": shape, "strides": strides, "offset": offset, "mask": mask},
               "view": view_record(v), "idx": idx, "valid": valid, "offsets": values,
               "check": {"naive_mismatches": mismatches}}


# ---------------------------------------------------------------------------------------------
# pycute


def pycute_cases(seed, count):
    import pycute as cute
    from pycute import Layout

    def as_json(t):
        return [as_json(x) for x in t] if isinstance(t, tuple) else t

    def record(layout, values=True):
        rec = {"shape": as_json(layout.shape), "stride": as_json(layout.stride),
               "str": str(layout), "size": cute.size(layout), "cosize": None}
        try:
            rec["cosize"] = cute.cosize(layout)
        except ZeroDivisionError:  # a layout of size 0 (a complement of overlapping modes)
            pass
        if values:
            n = cute.size(layout)
            rec["values"] = [layout(i) for i in range(n)] if n <= 1024 else None
        return rec

    def outcome(op):
        try:
            return {"result": record(op())}
        except Exception as e:  # the reference rejected the input: any error must follow
            return {"error": f"{type(e).__name__}: {e}"}

    def flat(t):
        return [y for x in t for y in flat(x)] if isinstance(t, tuple) else [t]

    def unflat(t, it):
        return tuple(unflat(x, it) for x in t) if isinstance(t, tuple) else next(it)

    def random_shape(depth, rank):
        if depth == 0:
            return rng.randint(1, 6)
        if depth == 1:
            return tuple(rng.randint(1, 6) for _ in range(rank))
        return tuple(random_shape(rng.choice([0, 1]), rng.randint(1, 3)) for _ in range(rank))

    def random_stride(shape, kind):
        sizes = flat(shape)
        if kind == "random":
            return unflat(shape, iter(rng.randint(0, 40) for _ in sizes))
        order = list(range(len(sizes)))
        if kind != "compact":
            rng.shuffle(order)
        strides, acc = [0] * len(sizes), 1
        for k in order:
            strides[k] = acc
            acc *= sizes[k]
            if kind == "gaps" and rng.random() < 0.5:
                acc *= rng.randint(2, 3)
        if kind == "broadcast":
            strides = [0 if rng.random() < 0.35 else s for s in strides]
        return unflat(shape, iter(strides))

    def depth_of(t):
        return 1 + max((depth_of(x) for x in t), default=0) if isinstance(t, tuple) else 0

    def random_layout(max_depth=2):
        depth = rng.randint(0, max_depth)
        shape = random_shape(depth, rng.randint(1, 3) if depth else 1)
        kind = rng.choice(["compact", "compact_perm", "gaps", "broadcast", "random"])
        return Layout(shape, random_stride(shape, kind)), kind, depth_of(shape)

    def other_layout():
        """A second operand: flat mostly, nested sometimes."""
        return random_layout(2 if rng.random() < 0.3 else 1)[0]

    def profile_of(shape):
        """A by-mode profile: A's modes, a nested one kept nested or taken whole."""
        return tuple(tuple(1 for _ in m) if isinstance(m, tuple) and rng.random() < 0.5 else 1
                     for m in shape)

    def dividing_layout(n):
        """Mostly a layout whose size divides n, the case the algebra is defined for."""
        s = rng.choice([d for d in range(1, n + 1) if n % d == 0])
        if rng.random() < 0.3:
            a = rng.choice([d for d in range(1, s + 1) if s % d == 0])
            return Layout((a, s // a), (rng.randint(1, 3), a * rng.randint(1, 2)))
        return Layout(s, rng.choice([1, 1, 2, 3, n // s]))

    def layout_tiler(b):
        return b, {"layout": record(b, False)}

    def by_mode(parts):
        """A tuple tiler: a layout per mode, or None for a mode left alone."""
        return tuple(parts), {"tuple": [None if p is None else layout_tiler(p)[1] for p in parts]}

    def dividing_part(mode):
        part = None if rng.random() < 0.25 else dividing_layout(cute.size(mode))
        return other_layout() if part is not None and rng.random() < 0.1 else part

    def tiler(a):
        r = rng.random()
        if r < 0.15:
            n = rng.randint(1, 6)
            return n, {"int": n}
        if r < 0.45 and isinstance(a.shape, tuple):
            return by_mode([dividing_part(m) for m in a.shape[:rng.randint(1, len(a.shape))]])
        return layout_tiler(dividing_layout(cute.size(a)) if rng.random() < 0.7
                            else other_layout())

    def product_tiler():
        if rng.random() < 0.25:
            return by_mode([None if rng.random() < 0.2 else other_layout()
                            for _ in range(rng.randint(1, 2))])
        return layout_tiler(other_layout())

    rng = random.Random(seed)
    yield meta("pycute", seed, count, nvidia_cutlass_version=version("nvidia-cutlass"),
               max_values=1024)
    for n in range(count):
        a, kind, depth = random_layout()
        ops = {"coalesce": outcome(lambda: cute.coalesce(a)), "coalesce_profile": None}
        if isinstance(a.shape, tuple):
            profile = profile_of(a.shape)
            ops["coalesce_profile"] = {"profile": as_json(profile),
                                       **outcome(lambda: cute.coalesce(a, profile))}
        ops["filter"] = outcome(lambda: cute.filter(a))
        ops["complement"] = outcome(lambda: cute.complement(a))
        bound = cute.size(a) * rng.choice([1, 2, 3, 4, 8])
        ops["complement_max"] = {"max_idx": bound, **outcome(lambda: cute.complement(a, bound))}
        ops["right_inverse"] = outcome(lambda: cute.right_inverse(a))
        ops["left_inverse"] = outcome(lambda: cute.left_inverse(a))
        b = dividing_layout(cute.size(a)) if rng.random() < 0.6 else other_layout()
        composed = outcome(lambda: cute.composition(a, b))
        law = None
        if "result" in composed:
            r = cute.composition(a, b)
            try:
                law = all(r(i) == a(b(i)) for i in range(cute.size(r)))
            except Exception:  # the result reads outside A: its law does not hold
                law = False
        ops["composition"] = {"B": record(b, False), "b_in_domain": cute.cosize(b) <= cute.size(a),
                              "prop_ok": law, **composed}
        t, t_record = tiler(a)
        for name in ("logical_divide", "zipped_divide", "tiled_divide"):
            op = getattr(cute, name)
            ops[name] = {"tiler": t_record, **outcome(lambda: op(a, t))}
        t, t_record = product_tiler()
        for name in ("logical_product", "zipped_product", "tiled_product"):
            op = getattr(cute, name)
            ops[name] = {"B": t_record, **outcome(lambda: op(a, t))}
        yield {"id": f"cute-{seed}-{n}", "A": record(a), "A_stride_kind": kind,
               "A_rank": len(a.shape) if isinstance(a.shape, tuple) else 1, "A_depth": depth,
               "ops": ops}


def main():
    kinds = {"tinygrad": tinygrad_cases, "create": create_cases, "pycute": pycute_cases}
    if len(sys.argv) != 4 or sys.argv[1] not in kinds:
        sys.exit(__doc__)
    for case in kinds[sys.argv[1]](int(sys.argv[2]), int(sys.argv[3])):
        if case.get("check", {}).get("naive_mismatches", 0):
            sys.exit(f"{case['id']}: tinygrad's rendered expressions disagree with its views")
        print(json.dumps(case))


if __name__ == "__main__":
    main()
