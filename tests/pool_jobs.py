"""Jobs for worker-pool tests (tests/test_pools.py), importable by name in a worker process."""

from __future__ import annotations

import os
import signal
import socket


def report_and_hang(address: str) -> None:
    """Tell the test this worker's pid over a unix socket, then wait until that socket closes
    (a job still running for as long as the test wants)."""
    with socket.socket(socket.AF_UNIX) as connection:
        connection.connect(address)
        connection.sendall(str(os.getpid()).encode())
        connection.recv(1)


def deaf_to_stop_signals() -> bool:
    """Whether this worker ignores Ctrl-C and SIGTERM."""
    stops = (signal.SIGINT, signal.SIGTERM)
    return all(signal.getsignal(number) is signal.SIG_IGN for number in stops)
