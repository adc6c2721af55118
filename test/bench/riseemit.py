"""What the benchmark program generators share: rise type spelling and an
indented line writer with fresh SSA names."""


def arr(*dims, elem="f32"):
    """The rise array type of the given dimensions, outermost first."""
    return "!rise.array<" + "x".join(str(d) for d in dims) + "x" + elem + ">"


class W:
    """Collects indented lines of MLIR text."""

    def __init__(self):
        self.lines, self.n = [], 0

    def fresh(self, p="v"):
        self.n += 1
        return f"%{p}{self.n}"

    def emit(self, s, ind):
        self.lines.append("  " * ind + s)
