"""The type stubs (tabula/__init__.pyi, tabula/batch.pyi) name exactly what the module has:
every public function and class, and every public method and property of each class."""
import ast
import inspect
import pathlib

import tabula
import tabula.batch


def stub_names(path):
    """{name: set of member names} for classes, and {"": top-level names}."""
    tree = ast.parse(pathlib.Path(path).read_text())
    names = {"": set()}
    for node in tree.body:
        if isinstance(node, ast.ClassDef):
            names[""].add(node.name)
            names[node.name] = {n.name for n in node.body if isinstance(n, ast.FunctionDef)} | \
                {n.target.id for n in node.body if isinstance(n, ast.AnnAssign)}
        elif isinstance(node, ast.FunctionDef):
            names[""].add(node.name)
        elif isinstance(node, ast.AnnAssign):
            names[""].add(node.target.id)
        elif isinstance(node, ast.ImportFrom) and node.level == 1:
            names[""].update(alias.asname or alias.name for alias in node.names)
    return names


def public(names):
    return {n for n in names if not n.startswith("_")}


def test_the_package_stub_names_every_public_name_and_member():
    stub = stub_names(pathlib.Path(tabula.__file__).with_suffix(".pyi"))
    assert public(stub[""]) == set(tabula.__all__)
    for cls in (tabula.Board, tabula.Bot, tabula.Diagnostic, tabula.Game, tabula.State, tabula.PlayoutStatistics,
                tabula.MatchTally, tabula.MatchGame, tabula.MatchResult, tabula.Policy, tabula.Rating):
        runtime = public(name for name, _ in inspect.getmembers(cls))
        assert public(stub[cls.__name__]) == runtime, cls.__name__


def test_the_batch_stub_names_every_function():
    stub = stub_names(pathlib.Path(tabula.batch.__file__).with_suffix(".pyi"))
    assert public(stub[""]) - {"State"} == set(tabula.batch.__all__)
