// Layout Lab indexing shader for input 1 (shape [16, 8]) of a Syno operator
// 512 elements, row-major loops (o0, o1, r0) of extents (4, 8, 16); arithmetic in i32.
//
// Bindings (group 0):
//   binding 0: input,  storage read,       array<i32>: the buffer the layout indexes
//   binding 1: output, storage read_write, array<i32>, 512 elements: element i
//              gets input[offset(i)], or 0 where i is masked or outside input
// Dispatch ceil(512 / 64) workgroups, split over x and y when above 65535.

struct Address {
    offset: i32,
    valid: bool,
}

// The offset of element i and whether it is valid (2 ops per element).
fn address_of(i: u32) -> Address {
    let o1 = i32((i / 16u) % 8u);
    let r0 = i32(i % 16u);
    return Address(r0 * 8i + o1, true);
}

@group(0) @binding(0) var<storage, read> input: array<i32>;
@group(0) @binding(1) var<storage, read_write> output: array<i32>;

@compute @workgroup_size(64)
fn main(@builtin(global_invocation_id) gid: vec3<u32>, @builtin(num_workgroups) groups: vec3<u32>) {
    let i = gid.x + gid.y * groups.x * 64u;
    if (i >= 512u) {
        return;
    }
    let a = address_of(i);
    if (a.valid && a.offset >= 0i && u32(a.offset) < arrayLength(&input)) {
        output[i] = input[a.offset];
    } else {
        output[i] = 0i;
    }
}
