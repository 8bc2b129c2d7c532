"""Rich rendering of armies (report/army_view.py)."""

from __future__ import annotations

import json

from rich.console import Console

from strategium.army.library import load_demo_army
from strategium.report.army_view import army_to_data, render_army, rule_status
from strategium.rules.registry import find_rule


def text_of(renderable: object) -> str:
    console = Console(width=200, record=True, color_system=None)
    console.print(renderable)
    return console.export_text()


def test_render_lists_units_models_weapons_and_rule_status() -> None:
    out = text_of(render_army(load_demo_army("imperialis_militia")))
    assert "Imperialis Militia demo · Imperialis Militia · Loyalist · 1495 points" in out
    assert "Crusade Primary Detachment (Crusade chart)" in out
    assert "Cavalry Squad" in out and "Ogryn Brute Squad" in out and "Imperial Bunker" in out
    assert "14× Outrider" in out
    assert "M14 WS3 BS3 S3 T3 W1 I3 A1 Ld6 Sv5+" in out
    assert "Militia Lance: -, S7, AP3, Melee, Ungainly, Brutal (2), Sudden Strike (2), Two-handed" in out
    assert "BS- AV14/14/14 HP4 capacity 12 Fire Points 2" in out
    assert "60×35 mm" in out
    assert "Strength in Numbers ?" in out  # not registered: unknown
    assert "Hammer of Wrath (1) ·" in out  # registered, not implemented yet


def test_transport_is_shown_with_its_unit() -> None:
    out = text_of(render_army(load_demo_army("emperors_children")))
    assert "(Dedicated Transport of tactical-support)" in out
    assert "M14 BS4 AV11/11/10 HP3 Transport Capacity 12" in out
    assert "Inv 5+" in out


def test_rule_status_words() -> None:
    assert rule_status(find_rule("Relentless")) in {"implemented", "partial", "not yet"}
    assert rule_status(find_rule("Strength in Numbers")) == "unknown"


def test_army_to_data_is_json_ready() -> None:
    data = army_to_data(load_demo_army("emperors_children"))
    text = json.dumps(data)
    assert json.loads(text)["points"] == 1565
    rhino = data["detachments"][0]["units"][4]
    assert rhino["dedicated_transport_for"] == "tactical-support"
    assert rhino["models"][0]["profile"]["characteristics"]["kind"] == "VehicleCharacteristics"
    assert rhino["rules"][0]["name"] == "Legiones Hereticus (Emperor's Children)"
