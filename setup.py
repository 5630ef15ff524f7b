"""Install the checkout's top-level folders under the distribution's own import name.

``runtime/`` and ``editor/`` are the project's layout; installed, they are
``hexwright.runtime`` and ``hexwright.editor``, so a PyPI package called ``editor`` or
``runtime`` can never overwrite them. The bundled modules (``modules/``), the JSON
Schemas (``resources/``) and the user guide (``docs/``, shown by Help ▸ User guide) ship
as package data under ``hexwright.modules``, ``hexwright.resources`` and ``hexwright.docs``,
read through ``importlib.resources``. Everything else about the
distribution is in ``pyproject.toml``.
"""

from pathlib import Path

from setuptools import find_packages, setup

ROOT = Path(__file__).resolve().parent
CODE = {"runtime": "runtime", "editor": "editor"}
DATA = {"modules": "modules", "resources": "resources", "docs": "docs"}


def _data_packages() -> list[str]:
    """Every folder of the data trees, as the package whose files ship with it."""
    names = []
    for package, folder in DATA.items():
        names.append(f"hexwright.{package}")
        for sub in sorted(p for p in (ROOT / folder).rglob("*") if p.is_dir() and p.name != "__pycache__"):
            names.append("hexwright." + ".".join((package, *sub.relative_to(ROOT / folder).parts)))
    return names


CODE_PACKAGES = [f"hexwright.{name}" for name in find_packages(where=str(ROOT), include=[f"{top}*" for top in CODE])]
DATA_PACKAGES = _data_packages()

setup(
    packages=sorted(CODE_PACKAGES + DATA_PACKAGES),
    package_dir={f"hexwright.{name}": folder for name, folder in {**CODE, **DATA}.items()},
    package_data={name: ["*"] for name in DATA_PACKAGES},
    include_package_data=False,
)
