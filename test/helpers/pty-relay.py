# Runs a command on a real pseudo-terminal (Python's pty module) and relays it over pipes: our
# stdin goes to the terminal as keystrokes, the terminal's output comes out on our stdout, and our
# exit code is the command's. Used by test/helpers/pty-session.ts to drive `zeroclaw chat` as a
# person at a terminal would, headless (CI has no terminal).
import fcntl
import os
import pty
import select
import struct
import sys
import termios

argv = sys.argv[1:]
pid, fd = pty.fork()
if pid == 0:
    os.execvp(argv[0], argv)

# 30 rows x 120 columns, so readline does not wrap short lines.
fcntl.ioctl(fd, termios.TIOCSWINSZ, struct.pack("HHHH", 30, 120, 0, 0))
inputs = [fd, 0]
while True:
    ready, _, _ = select.select(inputs, [], [])
    if fd in ready:
        try:
            data = os.read(fd, 65536)
        except OSError:
            break  # EIO: the command closed the terminal (it exited)
        if not data:
            break
        os.write(1, data)
    if 0 in ready:
        data = os.read(0, 65536)
        if data:
            os.write(fd, data)
        else:
            inputs.remove(0)  # our stdin ended; keep relaying output until the command exits
_, status = os.waitpid(pid, 0)
code = os.waitstatus_to_exitcode(status)
sys.exit(code if code >= 0 else 128 - code)
