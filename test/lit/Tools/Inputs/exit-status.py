# exit-status.py N CMD [ARGS...]: runs CMD (its output passes through) and
# succeeds exactly when CMD exits with status N, so that a test can tell
# exit 1 (bad input) from exit 2 (bad command line), which `not` cannot.
import subprocess
import sys

want = int(sys.argv[1])
got = subprocess.call(sys.argv[2:])
if got != want:
    sys.stderr.write("exit-status.py: %s exited with %d, expected %d\n" % (sys.argv[2], got, want))
    sys.exit(1)
