"""Fails a test on any ERROR log from discord.py or the project unless the test expected it."""

from __future__ import annotations

import logging
import re
from collections.abc import Iterable

WATCHED_LOGGERS = ("discord", "bot", "cogs", "rendering", "asyncio")


class LogGuard(logging.Handler):
    """Collects ERROR records from the watched loggers and matches them against expectations."""

    def __init__(
        self, expected: Iterable[str] = (), loggers: Iterable[str] = WATCHED_LOGGERS
    ) -> None:
        """Expect the given regexes (each must match at least one ERROR record)."""
        super().__init__(level=logging.ERROR)
        self.records: list[logging.LogRecord] = []
        self.expected = [re.compile(p) for p in expected]
        self._loggers = [logging.getLogger(name) for name in loggers]

    def emit(self, record: logging.LogRecord) -> None:
        """Keep the record."""
        self.records.append(record)

    def install(self) -> None:
        """Start listening on the watched loggers."""
        for logger in self._loggers:
            logger.addHandler(self)

    def remove(self) -> None:
        """Stop listening."""
        for logger in self._loggers:
            logger.removeHandler(self)

    def expect(self, pattern: str) -> None:
        """Declare that an ERROR record matching this regex will (and must) appear."""
        self.expected.append(re.compile(pattern))

    def problems(self) -> list[str]:
        """Unexpected ERROR records, and expected ones that never came."""
        texts = [self._text(r) for r in self.records]
        found = [
            f"unexpected ERROR log: {t}"
            for t in texts
            if not any(p.search(t) for p in self.expected)
        ]
        found += [
            f"expected an ERROR log matching {p.pattern!r}, none came"
            for p in self.expected
            if not any(p.search(t) for t in texts)
        ]
        return found

    def _text(self, record: logging.LogRecord) -> str:
        """The record's logger, message and exception text."""
        text = f"[{record.name}] {record.getMessage()}"
        if record.exc_info:
            text += "\n" + logging.Formatter().formatException(record.exc_info)
        return text
