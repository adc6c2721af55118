# damage.py flip FILE OFFSET [MASK]: xors the byte at OFFSET with MASK (0x01)
# damage.py cut FILE LENGTH: truncates FILE to LENGTH bytes
# damage.py append FILE HEXBYTES: appends bytes (a torn write's leftovers)
import sys

op, path = sys.argv[1], sys.argv[2]
data = bytearray(open(path, "rb").read())
if op == "flip":
    data[int(sys.argv[3])] ^= int(sys.argv[4], 0) if len(sys.argv) > 4 else 1
elif op == "cut":
    data = data[: int(sys.argv[3])]
elif op == "append":
    data += bytes.fromhex(sys.argv[3])
else:
    sys.exit("damage.py: unknown operation " + op)
open(path, "wb").write(bytes(data))
