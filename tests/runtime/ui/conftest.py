"""Fixtures for the renderer tests."""

from __future__ import annotations

import pytest
from ui_maps import make_module

from hexwright.runtime.model import Module


@pytest.fixture
def tiny_module() -> Module:
    return make_module()
