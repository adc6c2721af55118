// A type the C header cannot express.
func.func @half(%a: memref<4xbf16>) {
  return
}
