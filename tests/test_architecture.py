"""Architecture rules checked on the source text: no import circles between the modules of
`referee`, no private names imported or read as attributes across modules, a comment saying why
on every project import inside a function, and a package root that holds only the entry points.

A module is one .py file under referee/ (a package's __init__.py is the package itself).
Imports inside functions count, because they still tie the two modules together; imports under
`if TYPE_CHECKING:` do not, since they never run.
"""

from __future__ import annotations

import ast
from collections.abc import Iterator
from pathlib import Path

REPO_ROOT = Path(__file__).resolve().parent.parent
PACKAGE = "referee"
PACKAGE_DIR = REPO_ROOT / PACKAGE
ROOT_FILES_ALLOWED = {"__init__.py", "cli.py", "errors.py"}


def _module_name(path: Path) -> str:
    parts = list(path.relative_to(REPO_ROOT).with_suffix("").parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


def _package_modules() -> dict[str, Path]:
    return {_module_name(path): path for path in sorted(PACKAGE_DIR.rglob("*.py"))}


MODULES = _package_modules()


def _is_type_checking_guard(test: ast.expr) -> bool:
    if isinstance(test, ast.Name):
        return test.id == "TYPE_CHECKING"
    return isinstance(test, ast.Attribute) and test.attr == "TYPE_CHECKING"


def _runtime_imports(tree: ast.AST) -> Iterator[ast.Import | ast.ImportFrom]:
    """Every import statement that can run, at any depth, leaving out TYPE_CHECKING blocks."""
    pending: list[ast.AST] = [tree]
    while pending:
        node = pending.pop()
        if isinstance(node, (ast.Import, ast.ImportFrom)):
            yield node
            continue
        if isinstance(node, ast.If) and _is_type_checking_guard(node.test):
            pending.extend(node.orelse)
            continue
        pending.extend(ast.iter_child_nodes(node))


def _imported_from(node: ast.ImportFrom, importer: str, importer_is_package: bool) -> str:
    """The absolute module a `from ... import` reads from, relative levels resolved."""
    if node.level == 0:
        return node.module or ""
    package_parts = importer.split(".")
    if not importer_is_package:
        package_parts.pop()
    base = package_parts[: len(package_parts) - (node.level - 1)]
    return ".".join(base + ([node.module] if node.module else []))


def _parse(path: Path) -> ast.Module:
    return ast.parse(path.read_text(encoding="utf-8"), filename=str(path))


def _import_graph() -> dict[str, set[str]]:
    graph: dict[str, set[str]] = {name: set() for name in MODULES}
    for name, path in MODULES.items():
        is_package = path.name == "__init__.py"
        for node in _runtime_imports(_parse(path)):
            if isinstance(node, ast.Import):
                targets = [alias.name for alias in node.names]
            else:
                source = _imported_from(node, name, is_package)
                targets = []
                for alias in node.names:
                    submodule = f"{source}.{alias.name}"
                    targets.append(submodule if submodule in MODULES else source)
            graph[name].update(t for t in targets if t in MODULES and t != name)
    return graph


def _strongly_connected_components(graph: dict[str, set[str]]) -> list[list[str]]:
    """Tarjan's algorithm, iterative so deep chains cannot hit the recursion limit."""
    index_of: dict[str, int] = {}
    lowlink: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    components: list[list[str]] = []
    work: list[tuple[str, Iterator[str]]] = []  # the depth-first path, each node with its unseen successors

    def enter(node: str) -> None:
        index_of[node] = lowlink[node] = len(index_of)
        stack.append(node)
        on_stack.add(node)
        work.append((node, iter(sorted(graph[node]))))

    for root in sorted(graph):
        if root in index_of:
            continue
        enter(root)
        while work:
            node, successors = work[-1]
            successor = next(successors, None)
            if successor is not None:
                if successor not in index_of:
                    enter(successor)
                elif successor in on_stack:
                    lowlink[node] = min(lowlink[node], index_of[successor])
                continue
            work.pop()
            if work:
                parent = work[-1][0]
                lowlink[parent] = min(lowlink[parent], lowlink[node])
            if lowlink[node] == index_of[node]:
                component = []
                while True:
                    member = stack.pop()
                    on_stack.discard(member)
                    component.append(member)
                    if member == node:
                        break
                components.append(sorted(component))
    return components


def _one_cycle(graph: dict[str, set[str]], component: list[str]) -> list[str]:
    """A concrete path round the circle, so the failure names the imports to undo."""
    members = set(component)
    start = component[0]
    came_from: dict[str, str] = {}
    frontier = [start]
    while frontier:
        next_frontier = []
        for node in frontier:
            for successor in sorted(graph[node] & members):
                if successor == start:
                    path = [node]
                    while path[-1] != start:
                        path.append(came_from[path[-1]])
                    return [*reversed(path), start]
                if successor not in came_from:
                    came_from[successor] = node
                    next_frontier.append(successor)
        frontier = next_frontier
    return component


def _is_private(name: str) -> bool:
    return name.startswith("_") and not (name.startswith("__") and name.endswith("__"))


def _checked_files() -> list[Path]:
    files = [*MODULES.values()]
    for folder in ("tests", "bench"):
        files.extend(sorted((REPO_ROOT / folder).rglob("*.py")))
    return files


def test_the_checker_sees_function_imports_and_skips_type_checking_ones():
    source = (
        "from typing import TYPE_CHECKING\n"
        "if TYPE_CHECKING:\n    from referee.vision import deck\n"
        "else:\n    import referee.errors\n"
        "def load():\n    from ..engine import cards\n"
    )
    found = [(getattr(node, "level", 0), getattr(node, "module", None), [alias.name for alias in node.names])
             for node in _runtime_imports(ast.parse(source))]
    assert sorted(found, key=str) == sorted([(0, "typing", ["TYPE_CHECKING"]), (0, None, ["referee.errors"]),
                                             (2, "engine", ["cards"])], key=str)
    relative = ast.parse("from ..engine import cards").body[0]
    assert _imported_from(relative, "referee.live.loop", importer_is_package=False) == "referee.engine"
    assert _imported_from(relative, "referee.live", importer_is_package=True) == "referee.engine"


def test_the_checker_finds_a_circle_and_a_path_round_it():
    graph = {"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}, "e": set()}
    circles = [c for c in _strongly_connected_components(graph) if len(c) > 1]
    assert circles == [["a", "b", "c"]]
    assert _one_cycle(graph, circles[0]) == ["a", "b", "c", "a"]


def test_import_graph_sees_known_edges():
    graph = _import_graph()
    assert "referee.engine.engine" in graph
    assert "referee.errors" in set().union(*graph.values())


def test_no_import_cycles():
    graph = _import_graph()
    circles = [c for c in _strongly_connected_components(graph) if len(c) > 1]
    report = [
        f"{', '.join(c)}\n    e.g. {' -> '.join(_one_cycle(graph, c))}" for c in circles
    ]
    assert not circles, "import circles between modules:\n  " + "\n  ".join(report)


def test_no_private_names_imported_across_modules():
    offences = []
    for path in _checked_files():
        importer = _module_name(path)
        is_package = path.name == "__init__.py"
        for node in _runtime_imports(_parse(path)):
            if isinstance(node, ast.Import):
                names = [alias.name for alias in node.names]
                private = [n for n in names if n.startswith(PACKAGE + ".")
                           and any(_is_private(part) for part in n.split("."))]
                source = None
            else:
                source = _imported_from(node, importer, is_package)
                if source != PACKAGE and not source.startswith(PACKAGE + "."):
                    continue
                private = [alias.name for alias in node.names if _is_private(alias.name)]
                if any(_is_private(part) for part in source.split(".")):
                    private.append(source)
            if private and source != importer:
                where = f"{path.relative_to(REPO_ROOT)}:{node.lineno}"
                offences.append(f"{where} imports {', '.join(private)}"
                                + (f" from {source}" if source else ""))
    assert not offences, "private names imported across modules:\n  " + "\n  ".join(offences)


def _names_defined(tree: ast.AST) -> set[str]:
    """Every name a file binds: functions, classes, assigned names and attributes, arguments, imports."""
    names: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
            names.add(node.name)
        elif isinstance(node, ast.Attribute) and isinstance(node.ctx, ast.Store):
            names.add(node.attr)
        elif isinstance(node, ast.Name) and isinstance(node.ctx, ast.Store):
            names.add(node.id)
        elif isinstance(node, ast.arg):
            names.add(node.arg)
        elif isinstance(node, ast.alias):
            names.add(node.asname or node.name)
    return names


def _is_own_object(node: ast.expr) -> bool:
    """`self`, `cls` or `super()`: an object of the class whose code reads the attribute."""
    if isinstance(node, ast.Name):
        return node.id in ("self", "cls")
    return isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id == "super"


def _private_attribute_reads(tree: ast.AST, defined_here: set[str], project_private: set[str]) -> Iterator[ast.Attribute]:
    """`other._name` where `_name` is a private name of another project module: one this file
    does not define itself (a library's private names, argparse's say, are not the project's)."""
    for node in ast.walk(tree):
        if (isinstance(node, ast.Attribute) and _is_private(node.attr) and not _is_own_object(node.value)
                and node.attr not in defined_here and node.attr in project_private):
            yield node


def test_the_checker_sees_private_attributes_read_across_modules():
    tree = ast.parse("import drawn\nclass A:\n    def f(self, other):\n        self._own = other._size\n"
                     "        return drawn._font(self._own), self._local(), p._actions, A._own\n"
                     "    def _local(self):\n        return super()._hidden\n")
    found = [ast.unparse(node) for node in _private_attribute_reads(
        tree, _names_defined(tree), {"_font", "_size", "_own", "_local", "_hidden"})]
    assert sorted(found) == ["drawn._font", "other._size"]


def test_no_private_attributes_read_across_modules():
    trees = {path: _parse(path) for path in _checked_files()}
    defined = {path: _names_defined(tree) for path, tree in trees.items()}
    project_private = {name for path, names in defined.items() if path.is_relative_to(PACKAGE_DIR)
                       for name in names if _is_private(name)}
    offences = [f"{path.relative_to(REPO_ROOT)}:{node.lineno} reads {ast.unparse(node)}"
                for path, tree in trees.items()
                for node in _private_attribute_reads(tree, defined[path], project_private)]
    assert not offences, "private attributes read across modules:\n  " + "\n  ".join(offences)


def _uncommented_function_imports(source: str, importer: str, is_package: bool = False) -> Iterator[int]:
    """Line numbers of project imports inside functions with no comment saying why: none on the
    import itself, nor above it before the first line that is neither an import nor blank (a
    comment on the `if` line that opens the block counts)."""
    lines = source.splitlines()
    for function in ast.walk(ast.parse(source)):
        if not isinstance(function, (ast.FunctionDef, ast.AsyncFunctionDef)):
            continue
        imports = list(_runtime_imports(function))
        import_lines = {n for node in imports for n in range(node.lineno, (node.end_lineno or node.lineno) + 1)}
        for node in imports:
            if isinstance(node, ast.Import):
                sources = [alias.name for alias in node.names]
            else:
                sources = [_imported_from(node, importer, is_package)]
            if any(s == PACKAGE or s.startswith(PACKAGE + ".") for s in sources) and not _says_why(
                    lines, import_lines, node.lineno, node.end_lineno or node.lineno):
                yield node.lineno


def _says_why(lines: list[str], import_lines: set[int], first: int, last: int) -> bool:
    if any("#" in lines[n - 1] for n in range(first, last + 1)):
        return True
    n = first - 1
    while n >= 1 and (n in import_lines or not lines[n - 1].strip()):
        if "#" in lines[n - 1]:
            return True
        n -= 1
    return n >= 1 and "#" in lines[n - 1]


def test_the_checker_wants_a_reason_for_a_project_import_inside_a_function():
    source = ("def a():\n    import json\n    from referee.engine import cards\n"
              "def b():\n    # the CLI imports this module\n    import cv2\n\n    from ..engine import cards\n"
              "def c(x):\n    if x:  # only for x\n        from referee import errors\n"
              "def d():\n    from . import cards  # a circle otherwise\n"
              "def e():\n    \"\"\"Doc.\"\"\"\n    x = 1\n    from referee.engine import (\n        cards)\n")
    assert list(_uncommented_function_imports(source, "referee.live.loop")) == [3, 17]


def test_every_project_import_inside_a_function_says_why():
    offences = [f"{path.relative_to(REPO_ROOT)}:{lineno}" for name, path in MODULES.items()
                for lineno in _uncommented_function_imports(path.read_text(encoding="utf-8"), name,
                                                            path.name == "__init__.py")]
    assert not offences, ("project imports inside functions with no comment saying why (a lazy import that "
                          "keeps `referee --help` or a command light), or move them to the top:\n  "
                          + "\n  ".join(offences))


def test_package_root_holds_only_entry_points_and_subpackages():
    strays = []
    for entry in sorted(PACKAGE_DIR.iterdir()):
        if entry.name == "__pycache__":
            continue
        # A folder of modules is a subpackage, with or without its own __init__.py.
        is_subpackage = entry.is_dir() and any(entry.rglob("*.py"))
        if not is_subpackage and entry.name not in ROOT_FILES_ALLOWED:
            strays.append(entry.name)
    assert not strays, f"referee/ should hold only {sorted(ROOT_FILES_ALLOWED)} and subpackages: {strays}"
