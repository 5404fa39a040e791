"""Which rule ids a test module checks, and which functions of a game name them."""

from __future__ import annotations

import ast
import re
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def ids_in_test_names(test_file: str, prefix: str) -> set[str]:
    """Rule ids in the names of a module's tests: test_IC2_IC3_… gives IC-2, IC-3."""
    tree = ast.parse((ROOT / test_file).read_text())
    names = [node.name for node in ast.walk(tree) if isinstance(node, ast.FunctionDef)]
    pattern = re.compile(rf"(?<![A-Za-z]){prefix}(\d+)(?=_)")
    return {
        f"{prefix}-{n}" for name in names if name.startswith("test_") for n in pattern.findall(name)
    }


def coded_ids(package: str, prefix: str) -> set[str]:
    """Rule ids named in the docstring of some function or method of a game package."""
    found: set[str] = set()
    for path in sorted((ROOT / "bot" / "games" / package).glob("*.py")):
        for node in ast.walk(ast.parse(path.read_text())):
            if isinstance(node, ast.FunctionDef):
                found |= set(re.findall(rf"{prefix}-\d+", ast.get_docstring(node) or ""))
    return found
