"""CSV exports that stream in bounded memory, under daphne as under a plain WSGI server.

Django serves a ``StreamingHttpResponse`` over ASGI only from an asynchronous iterator: a synchronous
one is read whole into memory before the first byte goes out (a warning in the log), so a club's
ledger of a million entries was built in memory by the process serving players. Here the rows are
read in chunks by key (each chunk one query, no server-side cursor to keep open between chunks) and
written as they come: through ``sync_to_async`` for an ASGI request, directly for a WSGI one.
"""

from __future__ import annotations

import csv
import io
import re
from collections.abc import AsyncIterator, Callable, Iterator, Sequence
from typing import Any

from asgiref.sync import sync_to_async
from django.core.handlers.asgi import ASGIRequest
from django.db.models import Model, Q, QuerySet
from django.http import HttpRequest, StreamingHttpResponse
from django.utils import translation

#: Rows read and written per query.
CHUNK_ROWS = 2000

_FORMULA_STARTS = ("=", "+", "-", "@", "\t", "\r")


#: A ";" then a formula's first character: Excel in Russian or Bulgarian splits a .csv on ";" (quotes
#: or not: a quote inside a cell is a plain character to it), so what follows starts a cell of its own.
_FORMULA_AFTER_SEMICOLON = re.compile(r";(?=[=+\-@\t\r])")


def csv_text(value: str) -> str:
    """A text cell a spreadsheet will not run as a formula (a reason is typed by a manager), read with
    "," or with ";" between the cells."""
    value = f"'{value}" if value.startswith(_FORMULA_STARTS) else value
    return _FORMULA_AFTER_SEMICOLON.sub(";'", value)


def _after(order: Sequence[str], last: Sequence[Any]) -> Q:
    """Rows after ``last`` in the ascending order ``order`` (its last field unique): (a > x) or
    (a = x and b > y) ..."""
    condition = Q()
    for depth, name in enumerate(order):
        equal = {order[k]: last[k] for k in range(depth)}
        condition |= Q(**equal, **{f"{name}__gt": last[depth]})
    return condition


class _Chunks:
    """The CSV text of ``rows`` in order, one chunk of ``CHUNK_ROWS`` rows at a time."""

    def __init__(
        self,
        rows: QuerySet[Any],
        order: Sequence[str],
        header: Sequence[Any],
        cells: Callable[[Any], Sequence[Any]],
    ) -> None:
        self.rows = rows.order_by(*order)
        self.order = tuple(order)
        self.header = header
        self.cells = cells
        # Read while the request's language is active: the chunks may be written later, elsewhere.
        self.language = translation.get_language()
        self.last: tuple[Any, ...] | None = None
        self.done = False

    def next_text(self) -> str:
        """The next chunk as CSV text ("" once every row is written)."""
        if self.done:
            return ""
        out = io.StringIO()
        writer = csv.writer(out)
        with translation.override(self.language):
            if self.last is None:
                # A byte-order mark first: without it Excel reads UTF-8 as the local code page, and
                # a Russian or Bulgarian name or memo comes out as mojibake.
                out.write("\ufeff")
                writer.writerow([str(cell) for cell in self.header])
                batch = list(self.rows[:CHUNK_ROWS])
            else:
                batch = list(self.rows.filter(_after(self.order, self.last))[:CHUNK_ROWS])
            for row in batch:
                writer.writerow(self.cells(row))
        if len(batch) < CHUNK_ROWS:
            self.done = True
        if batch:
            self.last = tuple(_value(batch[-1], name) for name in self.order)
        return out.getvalue()

    def __iter__(self) -> Iterator[str]:
        while text := self.next_text():
            yield text

    async def __aiter__(self) -> AsyncIterator[str]:
        read = sync_to_async(self.next_text)
        while text := await read():
            yield text


def _value(row: Model, path: str) -> Any:
    value: Any = row
    for part in path.split("__"):
        value = getattr(value, part)
    return value


def csv_response(
    request: HttpRequest,
    *,
    filename: str,
    rows: QuerySet[Any],
    order: Sequence[str],
    header: Sequence[Any],
    cells: Callable[[Any], Sequence[Any]],
) -> StreamingHttpResponse:
    """``rows`` in the ascending ``order`` (its last field unique, as "id") as a CSV attachment;
    ``cells`` makes a row's cells (its text cells through ``csv_text``)."""
    chunks = _Chunks(rows, order, header, cells)
    content = chunks.__aiter__() if isinstance(request, ASGIRequest) else iter(chunks)
    response = StreamingHttpResponse(content, content_type="text/csv; charset=utf-8")
    response["Content-Disposition"] = f'attachment; filename="{filename}"'
    return response
