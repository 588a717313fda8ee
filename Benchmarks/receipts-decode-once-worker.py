"""Runs ppocr_worker.py in this interpreter and, when it ends, appends its CPU seconds and peak resident set to the
file $KAKEIBO_BENCH_RUSAGE: `kakeibo` stops its worker with SIGTERM and never waits for its usage, so GNU time on
kakeibo does not see the worker's (Benchmarks/receipts-decode-once.sh points KAKEIBO_PYTHON at a wrapper of this)."""
import atexit
import os
import resource
import runpy
import signal
import sys


def report():
    usage = resource.getrusage(resource.RUSAGE_SELF)
    with open(os.environ["KAKEIBO_BENCH_RUSAGE"], "a") as handle:
        handle.write("%.3f %d\n" % (usage.ru_utime + usage.ru_stime, usage.ru_maxrss))


def stopped(signum, frame):
    sys.exit(0)


atexit.register(report)
signal.signal(signal.SIGTERM, stopped)
arguments = [argument for argument in sys.argv[1:] if argument != "-u"]
sys.argv = arguments
runpy.run_path(arguments[0], run_name="__main__")
