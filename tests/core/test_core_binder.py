"""Binder installs what the notebooks need: the same dependencies as the package, pinned runtime."""

import tomllib
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def test_binder_requirements_match_the_package_dependencies() -> None:
    project = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
    wanted = set(project["project"]["dependencies"])
    lines = (ROOT / "binder" / "requirements.txt").read_text(encoding="utf-8").splitlines()
    listed = {line.strip() for line in lines if line.strip() and not line.startswith("#")}
    assert listed == wanted


def test_binder_pins_a_python_the_package_supports_and_installs_the_package() -> None:
    runtime = (ROOT / "binder" / "runtime.txt").read_text(encoding="utf-8").strip()
    major, minor = runtime.removeprefix("python-").split(".")[:2]
    assert (int(major), int(minor)) >= (3, 11)
    assert "pip install" in (ROOT / "binder" / "postBuild").read_text(encoding="utf-8")
