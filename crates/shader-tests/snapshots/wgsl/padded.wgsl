// Layout Lab indexing shader for View(shape=(6, 6), strides=(4, 1), offset=-4, mask=((1, 5), (0, 4)), contiguous=False)
// 36 elements, row-major shape (6, 6); arithmetic in i32.
//
// Bindings (group 0):
//   binding 0: input,  storage read,       array<i32>: the buffer the layout indexes
//   binding 1: output, storage read_write, array<i32>, 36 elements: element i
//              gets input[offset(i)], or 0 where i is masked or outside input
// Dispatch ceil(36 / 64) workgroups, split over x and y when above 65535.

struct Address {
    offset: i32,
    valid: bool,
}

// The offset of element i and whether it is valid (9 ops per element).
fn address_of(i: u32) -> Address {
    let ridx0 = i32(i / 6u);
    let ridx1 = i32(i % 6u);
    return Address(ridx0 * 4i + ridx1 - 4i, ridx0 >= 1i && ridx0 < 5i && ridx1 < 4i);
}

@group(0) @binding(0) var<storage, read> input: array<i32>;
@group(0) @binding(1) var<storage, read_write> output: array<i32>;

@compute @workgroup_size(64)
fn main(@builtin(global_invocation_id) gid: vec3<u32>, @builtin(num_workgroups) groups: vec3<u32>) {
    let i = gid.x + gid.y * groups.x * 64u;
    if (i >= 36u) {
        return;
    }
    let a = address_of(i);
    if (a.valid && a.offset >= 0i && u32(a.offset) < arrayLength(&input)) {
        output[i] = input[a.offset];
    } else {
        output[i] = 0i;
    }
}
