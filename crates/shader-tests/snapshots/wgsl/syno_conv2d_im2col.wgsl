// Layout Lab indexing shader for input 0 (shape [1, 3, 16, 16]) of a Syno operator
// 55296 elements, row-major loops (o0, o1, o2, o3, r0, r1, r2) of extents (1, 8, 16, 16, 3, 3, 3); arithmetic in i32.
//
// Bindings (group 0):
//   binding 0: input,  storage read,       array<i32>: the buffer the layout indexes
//   binding 1: output, storage read_write, array<i32>, 55296 elements: element i
//              gets input[offset(i)], or 0 where i is masked or outside input
// Dispatch ceil(55296 / 64) workgroups, split over x and y when above 65535.

struct Address {
    offset: i32,
    valid: bool,
}

// The offset of element i and whether it is valid (21 ops per element).
fn address_of(i: u32) -> Address {
    let o2 = i32((i / 432u) % 16u);
    let o3 = i32((i / 27u) % 16u);
    let r0 = i32((i / 9u) % 3u);
    let r1 = i32((i / 3u) % 3u);
    let r2 = i32(i % 3u);
    return Address(r0 * 256i + o2 * 16i + r1 * 16i + o3 + r2 - 17i, o2 + r1 >= 1i && o2 + r1 < 17i && o3 + r2 >= 1i && o3 + r2 < 17i);
}

@group(0) @binding(0) var<storage, read> input: array<i32>;
@group(0) @binding(1) var<storage, read_write> output: array<i32>;

@compute @workgroup_size(64)
fn main(@builtin(global_invocation_id) gid: vec3<u32>, @builtin(num_workgroups) groups: vec3<u32>) {
    let i = gid.x + gid.y * groups.x * 64u;
    if (i >= 55296u) {
        return;
    }
    let a = address_of(i);
    if (a.valid && a.offset >= 0i && u32(a.offset) < arrayLength(&input)) {
        output[i] = input[a.offset];
    } else {
        output[i] = 0i;
    }
}
