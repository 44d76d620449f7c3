#!/usr/bin/env python3
"""Drive `workout-sim run` (or the example's `fitness-tracker-phone`) in a pseudo-terminal, as a user at a terminal would.

Starts the binary with its standard input, output and error on the slave side of a new pty (as
the controlling terminal, with the given size), runs a list of steps, and prints one JSON object:
{"exit": status (negative: killed by that signal), "restored": true when the terminal settings
after the exit equal those before the start, "screen": the output with escape sequences removed,
"latencies_ms": the time from each `key` step to the first output after it}.

Steps (separated by ';'):
  wait:TEXT        wait (up to --timeout s) until TEXT appears in the output (escapes removed)
  waitre:REGEX     wait (up to --timeout s) until the regular expression REGEX matches the
                   output (escapes removed): what only a redraw shows, such as a rule of
                   exactly 60 columns after a resize, `(?<!\u2500)\u2500{60}`
  send:KEY         write KEY (\\r for Enter, \\x1b[A for up: Python escapes are decoded)
  key:KEY          like send, and measure the time until the next output byte
  sleep:SECONDS    keep reading for that long
  signal:NAME      send the signal (TERM, INT, HUP, WINCH) to the process
  resize:COLSxROWS set the window size (and the kernel sends SIGWINCH)

Usage: pty-watch.py [--cols 80] [--rows 30] [--timeout 10] [--env K=V ...] --steps STEPS -- BINARY ARGS...
Exits 0 when every wait succeeded, 1 otherwise (the JSON says which step failed).
"""

import argparse
import fcntl
import json
import os
import re
import select
import signal
import struct
import subprocess
import sys
import termios
import time

CSI = re.compile(r"\x1b\[[0-9;?]*[A-Za-z]")


def set_size(fd, cols, rows):
    fcntl.ioctl(fd, termios.TIOCSWINSZ, struct.pack("HHHH", rows, cols, 0, 0))


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--cols", type=int, default=80)
    parser.add_argument("--rows", type=int, default=30)
    parser.add_argument("--timeout", type=float, default=10)
    parser.add_argument("--env", action="append", default=[])
    parser.add_argument("--steps", default="")
    parser.add_argument("command", nargs=argparse.REMAINDER)
    args = parser.parse_args()
    command = [c for c in args.command if c != "--"] if args.command[:1] == ["--"] else args.command
    if not command:
        parser.error("missing BINARY")

    master, slave = os.openpty()
    set_size(master, args.cols, args.rows)
    before = termios.tcgetattr(slave)
    env = dict(os.environ)
    env.pop("NO_COLOR", None)
    env["TERM"] = "xterm-256color"
    for item in args.env:
        key, _, value = item.partition("=")
        env[key] = value

    def child_setup():
        os.setsid()
        fcntl.ioctl(0, termios.TIOCSCTTY, 0)

    process = subprocess.Popen(
        command, stdin=slave, stdout=slave, stderr=slave, env=env, preexec_fn=child_setup,
        close_fds=True)
    output = bytearray()
    latencies = []
    failed = None

    def pump(seconds):
        end = time.monotonic() + seconds
        got_at = None
        while True:
            remaining = end - time.monotonic()
            if remaining <= 0:
                return got_at
            ready, _, _ = select.select([master], [], [], min(remaining, 0.05))
            if ready:
                try:
                    data = os.read(master, 65536)
                except OSError:
                    return got_at
                if data:
                    output.extend(data)
                    if got_at is None:
                        got_at = time.monotonic()

    def text():
        return CSI.sub("", output.decode("utf-8", "replace"))

    for step in [s for s in args.steps.split(";") if s]:
        kind, _, value = step.partition(":")
        value = value.encode().decode("unicode_escape")
        if kind in ("wait", "waitre"):
            if kind == "wait":
                found = lambda: value in text()
            else:
                pattern = re.compile(value)
                found = lambda: pattern.search(text()) is not None
            deadline = time.monotonic() + args.timeout
            while not found() and time.monotonic() < deadline:
                pump(0.05)
            if not found():
                failed = step
                break
        elif kind in ("send", "key"):
            pump(0.0)
            sent = time.monotonic()
            os.write(master, value.encode())
            if kind == "key":
                deadline = sent + args.timeout
                got = None
                while got is None and time.monotonic() < deadline:
                    got = pump(0.005)
                if got is not None:
                    latencies.append((got - sent) * 1000)
        elif kind == "sleep":
            pump(float(value))
        elif kind == "signal":
            process.send_signal(getattr(signal, "SIG" + value))
        elif kind == "resize":
            cols, _, rows = value.partition("x")
            set_size(master, int(cols), int(rows))
            process.send_signal(signal.SIGWINCH)
        else:
            failed = "unknown step " + step
            break

    deadline = time.monotonic() + args.timeout
    while process.poll() is None and time.monotonic() < deadline:
        pump(0.05)
    if process.poll() is None:
        process.kill()
        failed = failed or "did not exit"
    pump(0.1)
    status = process.wait()
    after = termios.tcgetattr(slave)
    print(json.dumps({
        "exit": status, "restored": after == before, "failed": failed,
        "latencies_ms": latencies, "screen": text(),
    }))
    return 0 if failed is None else 1


if __name__ == "__main__":
    sys.exit(main())
