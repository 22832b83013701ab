"""Set-up shared by every worker process cardgen starts (the check's games, the kit's PNGs)."""

from __future__ import annotations

import os
import signal
import threading
import time


def worker_start(parent: int) -> None:
    """Pool initializer for a worker of the process `parent`.

    Ctrl-C is the parent's to handle: a terminal sends it to every process of the group, and
    the parent then ends the pool, so a worker ignores it (no traceback from each worker). A
    worker whose parent died outright (SIGKILL, so it could not end the pool) ends itself
    within a quarter second instead of waiting forever for work."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)

    def watch() -> None:
        while os.getppid() == parent:
            time.sleep(0.25)
        os._exit(1)

    threading.Thread(target=watch, name="cardgen-parent-watch", daemon=True).start()
