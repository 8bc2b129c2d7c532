"""Plain-language messages for pydantic validation errors in project-authored files.

Both loaders of project-authored files use :func:`plain_message`: the army files
(``strategium.army.library``) and the rules-configuration overrides (``strategium.config.loading``). It turns
one pydantic error into a short message without the library's jargon ("Input should be a valid integer, unable
to parse string as an integer" becomes "must be a whole number"; "Extra inputs are not permitted" becomes
"unknown field; did you mean 'sv'?"). The caller adds the file, line and field (``InputError``).
"""

from __future__ import annotations

import difflib
import re
import types
from collections.abc import Callable, Mapping, Sequence
from typing import Annotated, Any, Union, get_args, get_origin

from pydantic import BaseModel
from pydantic_core import ErrorDetails

Loc = Sequence[str | int]
KeyNoun = Callable[[Loc], str]

_SIMPLE: Mapping[str, str] = {
    "int_type": "must be a whole number",
    "int_parsing": "must be a whole number",
    "int_from_float": "must be a whole number",
    "float_type": "must be a number",
    "float_parsing": "must be a number",
    "finite_number": "must be a finite number",
    "bool_type": "must be true or false",
    "bool_parsing": "must be true or false",
    "string_type": "must be text",
    "tuple_type": "must be a list",
    "list_type": "must be a list",
    "missing": "is required",
    "string_too_short": "must not be empty",
    "none_required": "must be empty (none)",
}


def _field_noun(loc: Loc) -> str:
    return "field"


def model_at(root: type[BaseModel], loc: Loc) -> type[BaseModel] | None:
    """The model class that holds the last key of ``loc`` (walking fields, list items and optional values), or
    None where ``loc`` leaves the models."""
    model: type[BaseModel] = root
    for part in loc[:-1]:
        if isinstance(part, int):
            continue
        if part not in model.model_fields:
            return None
        inner = _model_in(model.model_fields[part].annotation)
        if inner is None:
            return None
        model = inner
    return model


def _model_in(annotation: Any) -> type[BaseModel] | None:
    """The pydantic model inside an annotation such as ``Group``, ``tuple[Spec, ...]`` or ``Spec | None``."""
    if isinstance(annotation, type) and issubclass(annotation, BaseModel):
        return annotation
    origin = get_origin(annotation)
    if origin is Annotated:
        return _model_in(get_args(annotation)[0])
    if origin in (tuple, list, Union, types.UnionType):
        for arg in get_args(annotation):
            found = _model_in(arg)
            if found is not None:
                return found
    return None


_MAPPING_KINDS = frozenset({"model_type", "model_attributes_type", "dict_type"})


def plain_message(
    error: ErrorDetails, root: type[BaseModel], *, key_noun: KeyNoun = _field_noun, mapping_of: str = "fields"
) -> str:
    """One pydantic error as a plain message (no file, line or field: the caller adds them).

    ``root`` is the model that was validated (used to suggest a known key for an unknown one, and to state a
    field's bounds); ``key_noun(loc)`` names what an unknown key is ("field", "setting", "setting group");
    ``mapping_of`` what a mapping holds ("must be a mapping of settings").
    """
    kind = error["type"]
    loc = tuple(error["loc"])
    ctx = error.get("ctx") or {}
    if kind == "extra_forbidden":
        model = model_at(root, loc)
        known = list(model.model_fields) if model is not None else []
        what = key_noun(loc)
        close = difflib.get_close_matches(str(loc[-1]), known, n=1)
        if close:
            return f"unknown {what}; did you mean '{close[0]}'?"
        return f"unknown {what}; known: {', '.join(known)}" if known else f"unknown {what}"
    if kind in ("greater_than_equal", "less_than_equal", "greater_than", "less_than"):
        return bounds_message(root, loc, ctx)
    if kind in ("literal_error", "enum"):
        expected = str(ctx.get("expected", ""))
        choices = re.findall(r"'([^']*)'", expected) or [expected]
        if len(choices) == 1:
            return f"must be {choices[0]}"
        return f"must be one of: {', '.join(choices)}"
    if kind in ("too_short", "too_long"):
        return _length_message(kind, ctx)
    if kind in _MAPPING_KINDS:
        return f"must be a mapping of {mapping_of}"
    if kind in _SIMPLE:
        return _SIMPLE[kind]
    message = str(error["msg"]).removeprefix("Value error, ")
    return message[:1].lower() + message[1:]


def _length_message(kind: str, ctx: Mapping[str, Any]) -> str:
    if kind == "too_short":
        least = int(ctx.get("min_length", 1))
        return "must not be empty" if least <= 1 else f"needs at least {least} items"
    return f"may hold at most {ctx.get('max_length')} items"


def bounds_message(root: type[BaseModel], loc: Loc, ctx: Mapping[str, Any]) -> str:
    """ "must be between 2 and 6", "must be at least 0", "must be more than 0" for a bound that failed."""
    low: Any = None
    high: Any = None
    model = model_at(root, loc)
    name = loc[-1] if loc else None
    if model is not None and isinstance(name, str) and name in model.model_fields:
        metadata = model.model_fields[name].metadata
        above = next((item.gt for item in metadata if getattr(item, "gt", None) is not None), None)
        low = next((item.ge for item in metadata if getattr(item, "ge", None) is not None), None)
        high = next((item.le for item in metadata if getattr(item, "le", None) is not None), None)
        if above is not None:
            return f"must be more than {above}" + (f" and at most {high}" if high is not None else "")
    low = ctx.get("ge", low)
    high = ctx.get("le", high)
    if "gt" in ctx:
        return f"must be more than {ctx['gt']}"
    if "lt" in ctx:
        return f"must be less than {ctx['lt']}"
    if low is not None and high is not None:
        return f"must be between {low} and {high}"
    return f"must be at least {low}" if low is not None else f"must be at most {high}"
