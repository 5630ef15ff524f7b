"""``rules.json`` as a module file: defaults, strictness, schema, canonical saving."""

import json
from pathlib import Path

import pytest
from builders import rules_module
from pydantic import ValidationError

from hexwright.runtime.model.rules_config import RulesConfig, ZocRules
from hexwright.runtime.model.schema import schemas
from hexwright.runtime.storage import files_from_module, module_from_files
from hexwright.runtime.storage.errors import ModuleError

ROOT = Path(__file__).resolve().parents[3]


def test_default_rules_write_no_file():
    """A module that configures no rules gets no rules.json, so older modules keep their bytes."""
    assert "rules.json" not in files_from_module(rules_module())


def test_rules_json_written_sparse_and_read_back():
    m = rules_module(rules=RulesConfig(zoc=ZocRules(enter_cost="2", section="9.2"), enforcement={"zoc": "warn"}))
    files = files_from_module(m)
    assert json.loads(files["rules.json"]) == {"enforcement": {"zoc": "warn"},
                                               "zoc": {"enter_cost": "2", "section": "9.2"}}
    assert module_from_files(files).module.rules == m.rules


def test_unknown_field_is_an_error_naming_the_file():
    files = files_from_module(rules_module())
    files["rules.json"] = b'{"zoc": {"stop_on_entr": true}}'
    with pytest.raises(ModuleError) as err:
        module_from_files(files)
    assert "rules.json: zoc.stop_on_entr: unknown field" in str(err.value)


def test_bad_enforcement_level_rejected():
    with pytest.raises(ValidationError):
        RulesConfig.model_validate({"enforcement": {"zoc": "sometimes"}})


def test_schema_is_generated_and_current():
    assert "rules.schema.json" in schemas()
    on_disk = json.loads((ROOT / "resources" / "schema" / "rules.schema.json").read_text())
    assert on_disk == json.loads(json.dumps(schemas()["rules.schema.json"]))


def test_rules_json_examples_in_the_design_note_parse():
    import re

    text = (ROOT / "docs" / "rules-engine.md").read_text(encoding="utf-8")
    blocks = re.findall(r"```json\n(.*?)```", text, flags=re.S)
    assert len(blocks) >= 2
    for block in blocks:
        RulesConfig.model_validate(json.loads(block))
