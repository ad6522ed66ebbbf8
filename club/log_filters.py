"""Logging filters for the site's handlers."""

from __future__ import annotations

import logging


class ClientErrorsWithoutTraceback(logging.Filter):
    """A 4xx answer (403 Permission denied, 404, 400 Suspicious operation) is the client's mistake, not
    the site's: one line, no traceback. Django logs these with the exception attached, so a demo log
    with a few refused clicks read like a crash. Server errors (5xx) keep their traceback."""

    def filter(self, record: logging.LogRecord) -> bool:
        status = getattr(record, "status_code", None)
        if record.exc_info and isinstance(status, int) and 400 <= status < 500:
            record.exc_info = None
            record.exc_text = None
        return True
