"""The Python example of README.md's "### Python" quick start, as printed there."""

import ast
import pathlib
import re

README = pathlib.Path(__file__).resolve().parents[2] / "README.md"


def python_quick_start(readme=README):
    """The one ```python block of the "### Python" subsection, unchanged."""
    text = readme.read_text(encoding="utf-8")
    start = re.search(r"^### Python[ \t]*$", text, re.M)
    assert start, f'{readme} has no "### Python" heading'
    # The subsection ends at the next heading of level 1 to 3.
    end = re.compile(r"^#{1,3} ", re.M).search(text, start.end())
    section = text[start.end() : end.start() if end else len(text)]
    blocks = re.findall(r"^```python[ \t]*\n(.*?)^```[ \t]*$", section, re.M | re.S)
    assert len(blocks) == 1, f'expected one ```python block under "### Python", found {len(blocks)}'
    return blocks[0]


def claimed_output(source):
    """The lines the snippet says it prints: each top-level `print(...)  # TEXT` claims TEXT."""
    lines = source.splitlines()
    claims = []
    for stmt in ast.parse(source).body:
        call = stmt.value if isinstance(stmt, ast.Expr) else None
        if isinstance(call, ast.Call) and isinstance(call.func, ast.Name) and call.func.id == "print":
            line = lines[stmt.end_lineno - 1]
            comment = line[stmt.end_col_offset :].strip()
            assert comment.startswith("# "), f"README: {line.strip()!r} does not say what it prints"
            claims.append(comment[2:].strip())
    return claims
