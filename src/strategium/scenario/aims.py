"""Scenario keys for Template and Blast weapons (``docs/scenario-format.md``, "Templates, Blasts and the Scatter
die"): a forced Scatter die in ``force_dice`` and the placements of a ``shoot:`` entry.

- ``{scatter: hit}`` or ``{scatter: DEGREES}`` in a ``force_dice`` list forces the next Scatter die
  (:class:`strategium.dice.ScatterFace`).
- ``blast_at: [MODEL, ...]``: the target models the Blast markers go over, one per marker in the order fired (the
  last used again); ``template_at: {MODEL: DEGREES}``: the direction of each firing model's template. A MODEL is
  a 1-based number in the unit's models still in play (in the unit's order, then joined characters'), as for
  ``positions``, or a model id.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Annotated, Literal

from pydantic import BaseModel, BeforeValidator, ConfigDict, Field

from strategium.dice import Forced, ScatterFace
from strategium.errors import InputError

if TYPE_CHECKING:
    from strategium.engine.core.game import Game


def _degrees(value: object) -> object:
    """YAML's true/false is not a number of degrees."""
    if isinstance(value, bool):
        raise ValueError("must be 'hit' or a number of degrees, not true/false")
    return value


class ScatterDie(BaseModel):
    """A forced Scatter die in ``force_dice``: ``{scatter: hit}`` or ``{scatter: 90}`` (degrees anticlockwise
    from +x)."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    scatter: Literal["hit"] | Annotated[float, BeforeValidator(_degrees), Field(strict=False, allow_inf_nan=False)]

    def face(self) -> ScatterFace:
        """The :class:`ScatterFace` to force."""
        return ScatterFace.hit() if self.scatter == "hit" else ScatterFace.arrow(float(self.scatter))

    def __str__(self) -> str:
        return str(self.face())


ModelRef = int | str
"""A model of a unit in a scenario: 1-based number among its models in play, or its id."""


def forced(faces: Sequence[int | ScatterDie]) -> tuple[Forced, ...]:
    """The faces of a ``force_dice`` list as the dice take them."""
    return tuple(f.face() if isinstance(f, ScatterDie) else f for f in faces)


def model_id(game: Game, unit_id: str, ref: ModelRef) -> str:
    """The id of the model ``ref`` names in unit ``unit_id`` (see the module docstring). Raises ``InputError``."""
    s = game.state
    from strategium.engine.attacks import damage

    models = [m.id for _, m in damage.living(game, unit_id)]
    if isinstance(ref, str) and not ref.isdigit():
        if ref not in models:
            raise InputError(f"{s.unit(unit_id).name} has no model {ref!r} in play", field="actions")
        return ref
    n = int(ref)
    if not 1 <= n <= len(models):
        raise InputError(f"{s.unit(unit_id).name} has {len(models)} models in play, not a model {n}", field="actions")
    return models[n - 1]


def aims(
    game: Game,
    unit_id: str,
    target_id: str,
    blast_at: Sequence[ModelRef] | None,
    template_at: Mapping[ModelRef, float] | None,
) -> tuple[tuple[str, ...], tuple[tuple[str, float], ...]]:
    """The ``Shoot`` fields ``blast_at`` and ``template_at`` of a ``shoot:`` entry."""
    blasts = tuple(model_id(game, target_id, ref) for ref in blast_at or ())
    templates = tuple((model_id(game, unit_id, ref), float(deg)) for ref, deg in (template_at or {}).items())
    return blasts, templates
