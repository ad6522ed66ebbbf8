"""``Prepared``: a hot read compiled by the ORM once per process, then run as plain SQL.

Every move runs about a dozen small reads (the table lock, the running deal, its seats, the update's
stacks and presence...). Compiling a queryset to SQL (``SQLCompiler.as_sql``: joins, ordering,
quoting) cost far more CPU than the database took to answer it, and it gave the same SQL every time.
A ``Prepared`` builds its queryset once with stand-in arguments, keeps the SQL, where each argument
goes among the parameters, and what the ORM needs to turn rows into objects (converters, model
classes, ``select_related`` populators); a call then only executes and converts.

Arguments are ints, strs or lists of ints (a list's length is part of the shape: ``IN (%s, %s)``).
Anything the recipe can't describe (an argument the ORM folded into the SQL, an empty list, another
iterable class) is run through the ORM as usual, so the answer is always the queryset's.
"""

from __future__ import annotations

import threading
from collections.abc import Callable, Sequence
from dataclasses import dataclass, replace
from typing import Any

from django.db import DEFAULT_DB_ALIAS, connections
from django.db.models import QuerySet
from django.db.models.query import (
    FlatValuesListIterable,
    ModelIterable,
    ValuesListIterable,
    get_related_populators,
)
from django.db.transaction import TransactionManagementError

Arg = int | str | Sequence[int]
_Shape = tuple[Any, ...]
#: Stand-in ids, far below any real one (ids are positive); two sets, to check the SQL is the same.
_STAND_INS = (-7_340_000_000, -8_450_000_000)


@dataclass(frozen=True)
class _Plan:
    sql: str
    #: Per SQL parameter: (argument, element or None) to take from the call, or (None, constant).
    recipe: tuple[tuple[int | None, Any], ...]
    kind: type
    col_count: int
    trim: bool  # rows carry extra columns (ordering) past ``col_count``
    converters: tuple[tuple[int, tuple[Any, ...], Any], ...]
    for_update: bool
    # ModelIterable's parts, for model rows.
    model: Any = None
    init_list: tuple[str, ...] = ()
    model_slice: tuple[int, int] = (0, 0)
    populators: tuple[Any, ...] = ()
    annotation_col_map: tuple[tuple[str, int], ...] = ()


#: What a database integer column holds. An id from a URL may be any length ("/deals/99…9/"): the
#: ORM answers one outside this range with an empty result, but the plain SQL handed it to the
#: driver, and SQLite's refused it (OverflowError: a 500 instead of a 404).
_INT_RANGE = range(-(2**63), 2**63)


def _shape(args: Sequence[Arg]) -> _Shape | None:
    out: list[Any] = []
    for arg in args:
        if isinstance(arg, bool):
            return None
        if isinstance(arg, int):
            if arg not in _INT_RANGE:
                return None
            out.append("i")
        elif isinstance(arg, str):
            out.append("s")
        elif isinstance(arg, list | tuple) and arg and all(type(x) is int for x in arg):
            out.append(len(arg))
        else:
            return None
    return tuple(out)


def _stand_ins(shape: _Shape, base: int) -> tuple[list[Any], dict[Any, tuple[int, int | None]]]:
    args: list[Any] = []
    where: dict[Any, tuple[int, int | None]] = {}
    for i, kind in enumerate(shape):
        if kind == "i":
            value: Any = base - 1000 * i
            where[value] = (i, None)
        elif kind == "s":
            value = f"\x00stand-in {base} {i}\x00"
            where[value] = (i, None)
        else:
            value = [base - 1000 * i - j for j in range(kind)]
            for j, element in enumerate(value):
                where[element] = (i, j)
        args.append(value)
    return args, where


class Prepared:
    """``Prepared(lambda session_id: Seat.objects.filter(session_id=session_id))(42)``: the list the
    queryset would give for those arguments. ``build`` must put every argument in a filter
    parameter (never in ``[:n]`` or an ``order_by``), which the plan checks."""

    def __init__(self, build: Callable[..., QuerySet[Any]]) -> None:
        self.build = build
        self._plans: dict[tuple[str, str, _Shape], _Plan | None] = {}
        self._lock = threading.Lock()

    def first(self, *args: Arg, using: str = DEFAULT_DB_ALIAS) -> Any:
        """The first row or None, for a ``build`` that slices ``[:1]`` (see ``first_of``)."""
        rows = self(*args, using=using)
        return rows[0] if rows else None

    def __call__(self, *args: Arg, using: str = DEFAULT_DB_ALIAS) -> list[Any]:
        shape = _shape(args)
        connection = connections[using]
        plan = None
        if shape is not None:
            key = (using, connection.vendor, shape)
            if key not in self._plans:
                with self._lock:
                    if key not in self._plans:
                        self._plans[key] = self._compile(shape, using)
            plan = self._plans[key]
        if plan is None:
            return list(self.build(*args).using(using))
        return self._run(plan, args, using)

    # --- compiling --------------------------------------------------------------------------------

    def _compiled(self, shape: _Shape, base: int, using: str) -> tuple[Any, str, list[Any], dict[Any, Any]]:
        args, where = _stand_ins(shape, base)
        queryset = self.build(*args).using(using)
        compiler = queryset.query.get_compiler(using=using)
        sql, params = compiler.as_sql()
        return (queryset, compiler), sql, list(params), where

    def _compile(self, shape: _Shape, using: str) -> _Plan | None:
        try:
            (queryset, compiler), sql, params, where = self._compiled(shape, _STAND_INS[0], using)
            _other, sql_2, params_2, where_2 = self._compiled(shape, _STAND_INS[1], using)
        except TransactionManagementError:
            raise
        except Exception:  # an empty result, a query the compiler refuses: the ORM says it each time
            return None
        if sql != sql_2 or len(params) != len(params_2):
            return None
        recipe: list[tuple[int | None, Any]] = []
        for value, value_2 in zip(params, params_2, strict=True):
            if _hashable(value) and value in where:
                if not _hashable(value_2) or where_2.get(value_2) != where[value]:
                    return None
                recipe.append(where[value])
            elif value == value_2 and not (_hashable(value) and value in where_2):
                recipe.append((None, value))
            else:
                return None
        if sorted({r for r in recipe if r[0] is not None}, key=str) != sorted(set(where.values()), key=str):
            return None  # an argument that did not become a parameter (folded into the SQL)
        kind = queryset._iterable_class
        if kind not in (ModelIterable, ValuesListIterable, FlatValuesListIterable):
            return None
        query = queryset.query
        if kind is not ModelIterable and queryset._fields:
            names = [*query.extra_select, *query.values_select, *query.annotation_select]
            if list(queryset._fields) != names:
                return None  # values_list reordered around annotations: leave it to the ORM
        if kind is ModelIterable and queryset._known_related_objects:
            return None
        fields = [s[0] for s in compiler.select[0 : compiler.col_count]]
        if compiler.has_composite_fields(fields):
            return None
        converters = tuple(
            (pos, tuple(convs), expression)
            for pos, (convs, expression) in compiler.get_converters(fields).items()
        )
        plan = _Plan(
            sql=sql,
            recipe=tuple(recipe),
            kind=kind,
            col_count=compiler.col_count,
            trim=compiler.has_extra_select,
            converters=converters,
            for_update=bool(query.select_for_update),
        )
        if kind is ModelIterable:
            klass_info = compiler.klass_info
            select_fields = klass_info["select_fields"]
            start, end = select_fields[0], select_fields[-1] + 1
            plan = replace(
                plan,
                model=klass_info["model"],
                init_list=tuple(f[0].target.attname for f in compiler.select[start:end]),
                model_slice=(start, end),
                populators=tuple(get_related_populators(klass_info, compiler.select, using)),
                annotation_col_map=tuple((compiler.annotation_col_map or {}).items()),
            )
        return plan

    # --- running ----------------------------------------------------------------------------------

    def _run(self, plan: _Plan, args: Sequence[Arg], using: str) -> list[Any]:
        connection = connections[using]
        if plan.for_update and connection.features.has_select_for_update and connection.get_autocommit():
            raise TransactionManagementError("select_for_update cannot be used outside of a transaction.")
        params = [
            second if i is None else (args[i] if second is None else args[i][second])  # type: ignore[index]
            for i, second in plan.recipe
        ]
        with connection.cursor() as cursor:
            cursor.execute(plan.sql, params)
            rows = cursor.fetchall()
        if plan.trim:
            rows = [row[: plan.col_count] for row in rows]
        if plan.converters:
            rows = [_convert(row, plan.converters, connection) for row in rows]
        if plan.kind is FlatValuesListIterable:
            return [row[0] for row in rows]
        if plan.kind is ValuesListIterable:
            return [tuple(row) for row in rows]
        start, end = plan.model_slice
        out = []
        for row in rows:
            obj = plan.model.from_db(using, plan.init_list, row[start:end])
            for populator in plan.populators:
                populator.populate(row, obj)
            for name, pos in plan.annotation_col_map:
                setattr(obj, name, row[pos])
            out.append(obj)
        return out


def first_of(queryset: QuerySet[Any]) -> QuerySet[Any]:
    """What ``queryset.first()`` reads, as a queryset: its ordering (or the pk's), one row."""
    return (queryset if queryset.ordered else queryset.order_by("pk"))[:1]


def _convert(
    row: Sequence[Any], converters: tuple[tuple[int, tuple[Any, ...], Any], ...], connection: Any
) -> list[Any]:
    values = list(row)
    for pos, convs, expression in converters:
        value = values[pos]
        for converter in convs:
            value = converter(value, expression, connection)
        values[pos] = value
    return values


def _hashable(value: Any) -> bool:
    try:
        hash(value)
    except TypeError:
        return False
    return True


__all__ = ["Prepared", "first_of"]
