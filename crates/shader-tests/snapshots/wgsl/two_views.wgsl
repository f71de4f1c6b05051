// Layout Lab indexing shader for View(shape=(3, 2), strides=(1, 3), offset=0, mask=None, contiguous=False) then View(shape=(6,), strides=(1,), offset=0, mask=None, contiguous=True)
// 6 elements, row-major shape (6); arithmetic in i32.
//
// Bindings (group 0):
//   binding 0: input,  storage read,       array<i32>: the buffer the layout indexes
//   binding 1: output, storage read_write, array<i32>, 6 elements: element i
//              gets input[offset(i)], or 0 where i is masked or outside input
// Dispatch ceil(6 / 64) workgroups, split over x and y when above 65535.

struct Address {
    offset: i32,
    valid: bool,
}

// The offset of element i and whether it is valid (4 ops per element).
fn address_of(i: u32) -> Address {
    let ridx0 = i32(i);
    return Address(ridx0 / 2i + ridx0 % 2i * 3i, true);
}

@group(0) @binding(0) var<storage, read> input: array<i32>;
@group(0) @binding(1) var<storage, read_write> output: array<i32>;

@compute @workgroup_size(64)
fn main(@builtin(global_invocation_id) gid: vec3<u32>, @builtin(num_workgroups) groups: vec3<u32>) {
    let i = gid.x + gid.y * groups.x * 64u;
    if (i >= 6u) {
        return;
    }
    let a = address_of(i);
    if (a.valid && a.offset >= 0i && u32(a.offset) < arrayLength(&input)) {
        output[i] = input[a.offset];
    } else {
        output[i] = 0i;
    }
}
