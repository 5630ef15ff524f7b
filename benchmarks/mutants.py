"""Mutants of one Python source file, for ``benchmarks/mutate.py``.

Each mutant is one small change a test ought to notice, made by splicing new text over one
node of the file (so the rest of the file, comments included, stays as written):

* comparisons: ``<``↔``<=``, ``>``↔``>=``, ``==``↔``!=``, ``in``↔``not in``, ``is``↔``is not``;
* ``and``↔``or``; ``not x`` → ``x``; ``-x`` → ``x``;
* arithmetic: ``+``↔``-``, ``*``↔``/``, ``//`` → ``/``, ``%`` → ``*``, ``|``↔``&`` (also in ``+=`` …);
* constants: integers ±1 (so indices and slice bounds are off by one), ``True``↔``False``,
  strings compared with ``==``/``in`` changed;
* ``min``↔``max``, ``any``↔``all``;
* statements removed (replaced by ``pass``): ``raise``, ``return``, ``continue``, ``break`` and
  calls made for their effect (``out.add(j)``).

Left alone: docstrings, annotations, f-strings, ``assert`` (they only inform the type checker
here), ``__all__``, ``if TYPE_CHECKING:`` blocks and any line marked ``# pragma: no mutate``.

A mutant's :attr:`Mutant.key` names it without a line number (function, operator, old and new
text), so a list of equivalent mutants keeps matching while the code around them moves.
"""

from __future__ import annotations

import ast
import difflib
import re
from collections.abc import Iterator
from dataclasses import dataclass, replace

COMPARE_SWAPS: dict[type[ast.cmpop], type[ast.cmpop]] = {
    ast.Lt: ast.LtE, ast.LtE: ast.Lt, ast.Gt: ast.GtE, ast.GtE: ast.Gt, ast.Eq: ast.NotEq, ast.NotEq: ast.Eq,
    ast.In: ast.NotIn, ast.NotIn: ast.In, ast.Is: ast.IsNot, ast.IsNot: ast.Is,
}
BINOP_SWAPS: dict[type[ast.operator], type[ast.operator]] = {
    ast.Add: ast.Sub, ast.Sub: ast.Add, ast.Mult: ast.Div, ast.Div: ast.Mult, ast.FloorDiv: ast.Div,
    ast.Mod: ast.Mult, ast.BitOr: ast.BitAnd, ast.BitAnd: ast.BitOr,
}
CALL_SWAPS = {"min": "max", "max": "min", "any": "all", "all": "any"}
NO_MUTATE = "pragma: no mutate"


@dataclass(frozen=True)
class Mutant:
    path: str
    """The file, relative to the checkout (``runtime/rules/zoc.py``)."""
    line: int
    end_line: int
    scope: str
    """The function or class it sits in (``ZocSearch.offer``), or ``<module>``."""
    operator: str
    old: str
    new: str
    start: int
    """Byte offsets of the replaced text in the file."""
    end: int
    occurrence: int = 1

    @property
    def key(self) -> str:
        suffix = f" #{self.occurrence}" if self.occurrence > 1 else ""
        return f"{self.scope}: {_squash(self.old)} -> {_squash(self.new)}{suffix}"

    def apply(self, source: bytes) -> bytes:
        return source[:self.start] + self.new.encode("utf-8") + source[self.end:]

    def diff(self, source: bytes) -> str:
        before = source.decode("utf-8").splitlines(keepends=True)
        after = self.apply(source).decode("utf-8").splitlines(keepends=True)
        lines = difflib.unified_diff(before, after, f"a/{self.path}", f"b/{self.path}", n=0)
        return "".join(lines)


def _squash(text: str) -> str:
    return re.sub(r"\s+", " ", text).strip()


def _wrap(node: ast.expr) -> str:
    """Source for ``node`` that means the same wherever an expression stood."""
    text = ast.unparse(node)
    return text if isinstance(node, ast.Name | ast.Constant | ast.Attribute | ast.Call | ast.Subscript) else f"({text})"


class _Finder(ast.NodeVisitor):
    def __init__(self, source: bytes, path: str) -> None:
        self.source = source
        self.path = path
        starts = [0]
        for line in source.splitlines(keepends=True):
            starts.append(starts[-1] + len(line))
        self.starts = starts
        self.lines = source.decode("utf-8").splitlines()
        self.scope: list[str] = []
        self.found: list[Mutant] = []
        self.skip: set[int] = set()

    # -- where -------------------------------------------------------------------------------

    def _span(self, node: ast.AST) -> tuple[int, int]:
        start = self.starts[node.lineno - 1] + node.col_offset  # type: ignore[attr-defined]
        end = self.starts[node.end_lineno - 1] + node.end_col_offset  # type: ignore[attr-defined]
        return start, end

    def _add(self, node: ast.AST, operator: str, new: str) -> None:
        line = node.lineno  # type: ignore[attr-defined]
        if NO_MUTATE in self.lines[line - 1]:
            return
        start, end = self._span(node)
        old = self.source[start:end].decode("utf-8")
        if old == new:
            return
        scope = ".".join(self.scope) or "<module>"
        end_line = node.end_lineno  # type: ignore[attr-defined]
        self.found.append(Mutant(self.path, line, end_line, scope, operator, old, new, start, end))

    def _replace(self, node: ast.expr, replacement: ast.expr, operator: str) -> None:
        self._add(node, operator, _wrap(replacement))

    # -- what is left alone ------------------------------------------------------------------

    def _leave(self, *nodes: ast.AST | None) -> None:
        for node in nodes:
            if node is not None:
                self.skip.update(id(n) for n in ast.walk(node))

    def visit(self, node: ast.AST) -> None:
        if id(node) in self.skip:
            return
        super().visit(node)

    def _scoped(self, node: ast.FunctionDef | ast.AsyncFunctionDef | ast.ClassDef) -> None:
        self.scope.append(node.name)
        body = node.body
        if body and isinstance(body[0], ast.Expr) and isinstance(body[0].value, ast.Constant):
            self._leave(body[0])
        if not isinstance(node, ast.ClassDef):
            args = node.args
            self._leave(node.returns, *(a.annotation for a in (*args.posonlyargs, *args.args, *args.kwonlyargs)))
            self._leave(args.vararg, args.kwarg)
        self._leave(*node.decorator_list)
        self.generic_visit(node)
        self.scope.pop()

    visit_FunctionDef = _scoped
    visit_AsyncFunctionDef = _scoped
    visit_ClassDef = _scoped

    def visit_Module(self, node: ast.Module) -> None:
        if node.body and isinstance(node.body[0], ast.Expr) and isinstance(node.body[0].value, ast.Constant):
            self._leave(node.body[0])
        self.generic_visit(node)

    def visit_AnnAssign(self, node: ast.AnnAssign) -> None:
        self._leave(node.annotation)
        self.generic_visit(node)

    def visit_Assign(self, node: ast.Assign) -> None:
        if any(isinstance(t, ast.Name) and t.id == "__all__" for t in node.targets):
            return
        self.generic_visit(node)

    def visit_If(self, node: ast.If) -> None:
        test = node.test
        if (isinstance(test, ast.Name) and test.id == "TYPE_CHECKING") or (
                isinstance(test, ast.Attribute) and test.attr == "TYPE_CHECKING"):
            return
        self.generic_visit(node)

    def visit_ImportFrom(self, node: ast.ImportFrom) -> None:
        return

    def visit_Import(self, node: ast.Import) -> None:
        return

    def visit_Assert(self, node: ast.Assert) -> None:
        return

    def visit_JoinedStr(self, node: ast.JoinedStr) -> None:
        return

    # -- statements removed ------------------------------------------------------------------

    def _remove(self, node: ast.stmt, operator: str) -> None:
        self._add(node, operator, "pass")

    def visit_Raise(self, node: ast.Raise) -> None:
        self._remove(node, "remove raise")
        self.generic_visit(node)

    def visit_Return(self, node: ast.Return) -> None:
        self._remove(node, "remove return")
        self.generic_visit(node)

    def visit_Continue(self, node: ast.Continue) -> None:
        self._remove(node, "remove continue")

    def visit_Break(self, node: ast.Break) -> None:
        self._remove(node, "remove break")

    def visit_Expr(self, node: ast.Expr) -> None:
        if isinstance(node.value, ast.Call):
            self._remove(node, "remove call")
        self.generic_visit(node)

    def visit_AugAssign(self, node: ast.AugAssign) -> None:
        swap = BINOP_SWAPS.get(type(node.op))
        if swap is not None:
            target = ast.unparse(node.target)
            self._add(node, "augmented assignment", f"{target} {_OPS[swap]}= {ast.unparse(node.value)}")
        self.generic_visit(node)

    # -- expressions changed -----------------------------------------------------------------

    def visit_Compare(self, node: ast.Compare) -> None:
        for k, op in enumerate(node.ops):
            swap = COMPARE_SWAPS.get(type(op))
            if swap is not None:
                ops = list(node.ops)
                ops[k] = swap()
                self._replace(node, ast.Compare(node.left, ops, node.comparators), "comparison")
        if any(isinstance(op, ast.Eq | ast.NotEq | ast.In | ast.NotIn) for op in node.ops):
            for operand in (node.left, *node.comparators):
                if isinstance(operand, ast.Constant) and isinstance(operand.value, str):
                    self._add(operand, "string", repr(f"XX{operand.value}XX"))
                    self.skip.add(id(operand))
        self.generic_visit(node)

    def visit_BoolOp(self, node: ast.BoolOp) -> None:
        other = ast.Or() if isinstance(node.op, ast.And) else ast.And()
        self._replace(node, ast.BoolOp(other, node.values), "boolean")
        self.generic_visit(node)

    def visit_UnaryOp(self, node: ast.UnaryOp) -> None:
        if isinstance(node.op, ast.Not):
            self._replace(node, node.operand, "remove not")
        elif isinstance(node.op, ast.USub) and not isinstance(node.operand, ast.Constant):
            self._replace(node, node.operand, "remove minus")
        self.generic_visit(node)

    def visit_BinOp(self, node: ast.BinOp) -> None:
        swap = BINOP_SWAPS.get(type(node.op))
        if swap is not None:
            self._replace(node, ast.BinOp(node.left, swap(), node.right), "arithmetic")
        self.generic_visit(node)

    def visit_Call(self, node: ast.Call) -> None:
        if isinstance(node.func, ast.Name) and node.func.id in CALL_SWAPS:
            self._add(node.func, "swap call", CALL_SWAPS[node.func.id])
        self.generic_visit(node)

    def visit_Constant(self, node: ast.Constant) -> None:
        value = node.value
        if isinstance(value, bool):
            self._add(node, "constant", repr(not value))
        elif isinstance(value, int):
            for new in (value + 1, value - 1):
                self._add(node, "constant", repr(new) if new >= 0 else f"({new})")


_OPS: dict[type[ast.operator], str] = {
    ast.Add: "+", ast.Sub: "-", ast.Mult: "*", ast.Div: "/", ast.FloorDiv: "//", ast.Mod: "%",
    ast.BitOr: "|", ast.BitAnd: "&",
}


def find_mutants(source: bytes, path: str) -> list[Mutant]:
    """Every mutant of ``source`` (the bytes of the file at ``path``), in file order."""
    finder = _Finder(source, path)
    finder.visit(ast.parse(source, path))
    seen: dict[str, int] = {}
    out = []
    for m in sorted(finder.found, key=lambda m: (m.start, m.end, m.operator, m.new)):
        seen[m.key] = seen.get(m.key, 0) + 1
        out.append(replace(m, occurrence=seen[m.key]))
    return out


def compiles(source: bytes, path: str) -> bool:
    try:
        compile(source, path, "exec", dont_inherit=True)
    except SyntaxError:
        return False
    return True


def iter_valid(source: bytes, path: str) -> Iterator[Mutant]:
    """The mutants of ``source`` that still compile."""
    for m in find_mutants(source, path):
        if compiles(m.apply(source), path):
            yield m
