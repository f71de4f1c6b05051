"""The probe's kernels for each access and the textbook models of bank wavefronts and sectors,
shared by gen_cases.py and its case generators (stdlib only)."""
SEED = 2
SMEM_LIMIT = 16384          # fresh bank cases stay within 16 KiB (the kernel has 32 KiB)
GBUF_LIMIT = 65536          # fresh sector cases stay within 64 KiB (the buffer has 1 MiB)

# ------------------------------------------------------------------------------------------
# access <-> kernel
# ------------------------------------------------------------------------------------------
LDS_KERNEL = {2: "k_lds16", 4: "k_lds32", 8: "k_lds64", 16: "k_lds128"}
LDG_KERNEL = {1: "k_ldg8", 2: "k_ldg16", 4: "k_ldg32", 8: "k_ldg64", 16: "k_ldg128"}
LDSM = {  # access string -> (kernel, number of 8x8 matrices)
    "ldmatrix": ("k_ldsm_x4", 4),
    "ldmatrix.x1": ("k_ldsm_x1", 1),
    "ldmatrix.x2": ("k_ldsm_x2", 2),
    "ldmatrix.x2.trans": ("k_ldsm_x2_t", 2),
    "ldmatrix.x4.trans": ("k_ldsm_x4_t", 4),
}


def lds_access(vb):
    return "ld.shared %d-bit" % (8 * vb)


def ldg_access(vb):
    return "ld.global %d-bit" % (8 * vb)


def bank_kernel(access, vb):
    if access.startswith("ldmatrix"):
        return LDSM[access][0]
    assert access == lds_access(vb), (access, vb)
    return LDS_KERNEL[vb]


def sector_kernel(access, vb):
    assert access == ldg_access(vb), (access, vb)
    return LDG_KERNEL[vb]


def phases_of(access, vb):
    """The README section 7 'phases' field: 1,1,2,4 for 2,4,8,16 bytes; ldmatrix: matrices."""
    if access.startswith("ldmatrix"):
        return LDSM[access][1]
    return {1: 1, 2: 1, 4: 1, 8: 2, 16: 4}[vb]


# ------------------------------------------------------------------------------------------
# textbook models (sanity check only; the hardware numbers are what is wanted)
# ------------------------------------------------------------------------------------------
def bank_model(access, vb, offs):
    """32 banks of 4 bytes. 4/8/16 bytes per thread -> phases of 32/16/8 threads (2 bytes: one
    phase of 32); ldmatrix: one phase per 8x8 matrix (8 row addresses of 16 bytes). Per phase the
    wavefronts are the largest number of distinct 4-byte words in one bank; sum over phases."""
    if access.startswith("ldmatrix"):
        nmat = LDSM[access][1]
        groups = [range(8 * m, 8 * m + 8) for m in range(nmat)]
        width = 16
    else:
        n = {2: 32, 4: 32, 8: 16, 16: 8}[vb]
        groups = [range(i, i + n) for i in range(0, 32, n)]
        width = vb
    total = 0
    for g in groups:
        words = {b // 4 for t in g for b in range(offs[t], offs[t] + width)}
        per_bank = {}
        for w in words:
            per_bank[w % 32] = per_bank.get(w % 32, 0) + 1
        total += max(per_bank.values())
    return total


def sector_model(vb, offs):
    """Distinct 32-byte sectors touched by the 32 threads' bytes."""
    return len({b // 32 for o in offs for b in range(o, o + vb)})


# ------------------------------------------------------------------------------------------
# helpers for the fresh cases
# ------------------------------------------------------------------------------------------
def sw(x, B, M, S):
    """CuTe Swizzle<B,M,S>: XOR bits [M+S, M+S+B) into bits [M, M+B)."""
    return x ^ ((x >> S) & (((1 << B) - 1) << M))


def swname(B, M, S):
    return "Sw<%d,%d,%d>" % (B, M, S)
