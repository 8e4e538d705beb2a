"""Checks for records that write their dataclass's ``__init__`` by hand (issue 14: rulings,
readings, pots, levels and the hand set their slots directly): the parameters must stay the
fields, in order, with the fields' defaults."""

from __future__ import annotations

import dataclasses
import inspect


def init_params(cls: type) -> list[inspect.Parameter]:
    """``cls``'s ``__init__`` parameters, checked against its dataclass fields: the same names in
    order; a field's default as the parameter's; a default factory's as ``None`` ("a new one");
    no default where the field has none."""
    params = list(inspect.signature(cls).parameters.values())
    fields = dataclasses.fields(cls)
    assert [p.name for p in params] == [f.name for f in fields]
    for p, f in zip(params, fields, strict=True):
        if f.default is not dataclasses.MISSING:
            assert p.default == f.default, f.name
        elif f.default_factory is not dataclasses.MISSING:
            assert p.default is None, f.name  # None stands for "a new one"
        else:
            assert p.default is inspect.Parameter.empty, f.name
    return params
