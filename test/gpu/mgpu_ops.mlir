// The gpu host operations beyond those rise-to-nvvm emits today, for
// test/gpu/mgpu_abi.sh: gpu-to-llvm turns each into an mgpu* call
// (allocation, host_shared allocation, copy, fill, free, async tokens as
// streams and events, host registration), all of which
// libariadne_mgpu.so must define.
module attributes {gpu.container_module} {
  func.func @ops(%h: memref<16xf32>, %v: f32, %i: i16) {
    %t0 = gpu.wait async
    %d, %t1 = gpu.alloc async [%t0] () : memref<16xf32>
    %t2 = gpu.memcpy async [%t1] %d, %h : memref<16xf32>, memref<16xf32>
    %t3 = gpu.memset async [%t2] %d, %v : memref<16xf32>, f32
    %d16, %t4 = gpu.alloc async [%t3] () : memref<16xi16>
    %t5 = gpu.memset async [%t4] %d16, %i : memref<16xi16>, i16
    %t6 = gpu.dealloc async [%t5] %d16 : memref<16xi16>
    %t7 = gpu.dealloc async [%t6] %d : memref<16xf32>
    %t8 = gpu.wait async [%t7]
    %t9 = gpu.wait async
    gpu.wait [%t8, %t9]
    %s = gpu.alloc host_shared () : memref<16xf32>
    %c = memref.cast %h : memref<16xf32> to memref<*xf32>
    gpu.host_register %c : memref<*xf32>
    gpu.host_unregister %c : memref<*xf32>
    return
  }
}
