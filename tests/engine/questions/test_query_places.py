"""Places among a query's blockers (strategium.engine.questions.queries.place): a blocker registered ``at`` a place
stands there, after those already there, whatever the import order; other blockers come after the place."""

from __future__ import annotations

import pytest

from strategium.catalogue.citations import Reason
from strategium.engine.core.game import Game
from strategium.engine.questions import queries
from strategium.engine.questions.queries import Block, Query, ask, blocker, place
from tests.engine.builders_assault import assault_game, squad


def always(block_id: str) -> queries.Blocker:
    def fn(game: Game, unit_id: str) -> Block | None:
        return Block(block_id, Reason("test", block_id))

    fn.__name__ = block_id
    return fn


@pytest.fixture
def empty(monkeypatch: pytest.MonkeyPatch) -> None:
    """Fresh registries for this test (the battle's own blockers are put back afterwards)."""
    monkeypatch.setattr(queries, "_ORDER", {})
    monkeypatch.setattr(queries, "_BLOCKERS", {})
    monkeypatch.setattr(queries, "_EXEMPTIONS", {})


@pytest.mark.usefixtures("empty")
def test_blockers_at_a_place_stand_there_in_registration_order() -> None:
    blocker(Query.MAY_RUN)(always("first"))
    rules = place(Query.MAY_RUN, "rules")
    blocker(Query.MAY_RUN)(always("after"))
    blocker(Query.MAY_RUN, at=rules)(always("rule-1"))
    blocker(Query.MAY_RUN, at=rules)(always("rule-2"))
    blocker(Query.MAY_RUN)(always("last"))
    game = assault_game([squad("a")], [squad("b")])
    answer = ask(game, Query.MAY_RUN, "a")
    assert [b.id for b in answer.blocks] == ["first", "rule-1", "rule-2", "after", "last"]
    assert [f.__name__ for f in queries._BLOCKERS[Query.MAY_RUN]] == ["first", "rule-1", "rule-2", "after", "last"]


@pytest.mark.usefixtures("empty")
def test_a_place_is_reserved_once_and_belongs_to_one_query() -> None:
    rules = place(Query.MAY_RUN, "rules")
    with pytest.raises(ValueError, match="reserved already"):
        place(Query.MAY_RUN, "rules")
    with pytest.raises(ValueError, match="no place 'rules'"):
        blocker(Query.MAY_REACT, at=rules)
    with pytest.raises(ValueError, match="no place 'elsewhere'"):
        blocker(Query.MAY_RUN, at=queries.Place(Query.MAY_RUN, "elsewhere"))
