// Layout Lab indexing shader for input 0 (shape [4, 6]) of a Syno operator
// 24 elements, row-major loops (o0, o1) of extents (4, 6); arithmetic in u32.
//
// Bindings (group 0):
//   binding 0: input,  storage read,       array<i32>: the buffer the layout indexes
//   binding 1: output, storage read_write, array<i32>, 24 elements: element i
//              gets input[offset(i)], or -1 where i is masked or outside input
// Dispatch ceil(24 / 256) workgroups, split over x and y when above 65535.

struct Address {
    offset: u32,
    valid: bool,
}

// The offset of element i and whether it is valid (4 ops per element).
fn address_of(i: u32) -> Address {
    let o0 = u32(i / 6u);
    let o1 = u32(i % 6u);
    return Address(o0*6u+(o1+2u)%6u, true);
}

@group(0) @binding(0) var<storage, read> input: array<i32>;
@group(0) @binding(1) var<storage, read_write> output: array<i32>;

@compute @workgroup_size(256)
fn main(@builtin(global_invocation_id) gid: vec3<u32>, @builtin(num_workgroups) groups: vec3<u32>) {
    let i = gid.x + gid.y * groups.x * 256u;
    if (i >= 24u) {
        return;
    }
    let a = address_of(i);
    if (a.valid && a.offset < arrayLength(&input)) {
        output[i] = input[a.offset];
    } else {
        output[i] = -1i;
    }
}
