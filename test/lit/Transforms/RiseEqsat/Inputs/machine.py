# Writes a machine file (costmodel/machine.h) with fixed figures, so that
# the analytic model's estimates in tests do not depend on this machine.
#   machine.py OUT [damage]   damage: write it without its crc32 line
import sys
import zlib

text = ("version = 1\nname = lit test machine\ncores = 2\ncache.1 = 32768\n"
        "cache.2 = 1048576\ncache.3 = 8388608\nbandwidth.1 = 100\nbandwidth.2 = 50\n"
        "bandwidth.3 = 25\nbandwidth.mem = 10\ngflops.vector = 50\ngflops.scalar = 2\n")
if len(sys.argv) < 3:
    text += "crc32 = %08x\n" % (zlib.crc32(text.encode()) & 0xffffffff)
with open(sys.argv[1], "w") as f:
    f.write(text)
