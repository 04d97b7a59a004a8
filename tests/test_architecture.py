"""The house keeps its shape, and each check is real.

- The contracts (import-linter's, in pyproject.toml, run by ``make test``): the layers, the plain
  engines, the independent format packages. The real tree keeps them, and a copy of the code with
  one violation of a contract planted breaks that contract, and only it.
- No two modules import each other, directly or round a longer loop; a circle planted on a copy
  is found.
- A function is short enough to read at once (60 lines; today's longer ones are listed, each to
  shrink); a module has a generous ceiling, a smoke alarm rather than a rule.
"""

import ast
import json
import re
import shutil
import subprocess
import sys
from pathlib import Path

import grimp
import pytest

ROOT = Path(__file__).resolve().parents[1]
LINT_IMPORTS = Path(sys.executable).with_name("lint-imports")
PACKAGES = ("common", "tournaments", "scoring", "arbitration")
MEASURED = PACKAGES + ("config", "benchmarks")  # the budgets' scope (migrations are generated)
CONTRACTS = 4


def lint_imports(where: Path) -> subprocess.CompletedProcess:
    return subprocess.run(
        [str(LINT_IMPORTS), "--no-cache", "--config", str(where / "pyproject.toml")],
        cwd=where,
        env={"PYTHONPATH": str(where), "PATH": "/usr/bin:/bin"},
        capture_output=True,
        text=True,
    )


@pytest.fixture(scope="module")
def the_tree_linted() -> subprocess.CompletedProcess:
    return lint_imports(ROOT)


@pytest.fixture(scope="module")
def copy_of_the_code(tmp_path_factory) -> Path:
    where = tmp_path_factory.mktemp("code")
    for package in PACKAGES + ("config",):
        shutil.copytree(
            ROOT / package, where / package, ignore=shutil.ignore_patterns("__pycache__")
        )
    shutil.copy(ROOT / "pyproject.toml", where / "pyproject.toml")
    return where


@pytest.fixture
def plant(copy_of_the_code):
    """Write a module into the copy of the code for one test; it is gone after."""
    planted = []

    def write(module: str, text: str) -> None:
        path = copy_of_the_code / module
        path.write_text(text)
        planted.append(path)

    yield write
    for path in planted:
        path.unlink()


def test_the_contracts_are_kept(the_tree_linted):
    assert the_tree_linted.returncode == 0, the_tree_linted.stdout + the_tree_linted.stderr
    assert f"{CONTRACTS} kept, 0 broken" in the_tree_linted.stdout


@pytest.mark.parametrize(
    ("module", "line", "contract"),
    [
        ("tournaments/planted.py", "from scoring import services\n", "Apps build one way"),
        ("scoring/engine/planted.py", "from django.db import models\n", "plain Python"),
        (
            "scoring/formats/triplettes/planted.py",
            "import scoring.formats.quadrettes.format\n",
            "Sibling format packages are independent",
        ),
        (
            "scoring/formats/duplicate/planted.py",
            "import scoring.formats.individuel.format\n",
            "shared package names none of its forms",
        ),
    ],
)
def test_a_planted_violation_breaks_its_contract(copy_of_the_code, plant, module, line, contract):
    plant(module, line)
    result = lint_imports(copy_of_the_code)
    assert result.returncode != 0
    # The rest of the copy keeps every other contract: the plant alone breaks this one.
    assert f"{CONTRACTS - 1} kept, 1 broken" in result.stdout, result.stdout
    assert contract in result.stdout and "BROKEN" in result.stdout, result.stdout
    planted = module.removesuffix(".py").replace("/", ".")
    assert planted in result.stdout, result.stdout


# --- import circles ----------------------------------------------------------------------------

GRAPHED = PACKAGES + ("config",)

# None: a circle is a design to mend, never a bottom import or one inside a function.
KNOWN_CIRCLES: set[frozenset[str]] = set()


def import_circles() -> set[frozenset[str]]:
    """Each set of the project's modules that import one another, directly or round a loop.

    Every import counts, at the top of a module or inside a function (an import moved into a
    function still makes a circle, only a later one), bar those only a type checker reads. An
    import ``a -> b`` lies on a circle when ``b`` leads back to ``a``; the circles are the
    groups those imports join."""
    graph = grimp.build_graph(*GRAPHED, exclude_type_checking_imports=True, cache_dir=None)
    group = {module: {module} for module in graph.modules}
    for importer in graph.modules:
        for imported in graph.find_modules_directly_imported_by(importer):
            if group[importer] is not group[imported] and graph.chain_exists(
                importer=imported, imported=importer
            ):
                joined = group[importer] | group[imported]
                for module in joined:
                    group[module] = joined
    return {frozenset(found) for found in group.values() if len(found) > 1}


def test_no_module_is_part_of_an_import_circle():
    """A file split only to stay under a line count leaves two halves that import each other;
    the issue-35 branches break the circles of ``KNOWN_CIRCLES``, and no new one comes."""
    assert import_circles() == KNOWN_CIRCLES


def test_a_planted_circle_is_found(copy_of_the_code, plant):
    plant("tournaments/planted_one.py", "from . import planted_two\n")
    plant("tournaments/planted_two.py", "from . import planted_one\n")
    code = (
        "import json; from tests.test_architecture import import_circles; "
        "print(json.dumps(sorted(sorted(circle) for circle in import_circles())))"
    )
    result = subprocess.run(
        [sys.executable, "-c", code],
        cwd=copy_of_the_code,
        env={"PYTHONPATH": f"{copy_of_the_code}:{ROOT}", "PATH": "/usr/bin:/bin"},
        capture_output=True,
        text=True,
    )
    assert result.returncode == 0, result.stderr
    found = {frozenset(circle) for circle in json.loads(result.stdout.splitlines()[-1])}
    assert found == KNOWN_CIRCLES | {
        frozenset({"tournaments.planted_one", "tournaments.planted_two"})
    }


# --- size --------------------------------------------------------------------------------------

FUNCTION_BUDGET = 60  # lines, from the ``def`` to the last line of the body
MODULE_CEILING = 800  # lines: a smoke alarm, not a reason to cut a module in two

# The functions over the budget at the start of issue 35, each with its length then: the debt,
# to pay down. None may grow; one that comes within the budget (or goes) leaves the list.
LONGER_FUNCTIONS = {
    "arbitration.services.incident_log": 71,
    "benchmarks.bench_duplicate.main": 71,
    "benchmarks.bench_jobs.main": 73,
    "benchmarks.bench_sheets.main": 68,
    "benchmarks.load_report.report": 97,
    "scoring.engine.deal.score_deal": 91,
    "scoring.engine.sheet_lines._Line._facts": 72,
    "scoring.formats.duplicate.documents.sheets_pdf": 66,
    "scoring.formats.libre.player_results.player_results": 75,
    "scoring.formats.libre.simulation.random_deal": 79,
    "scoring.formats.libre.views.sheet": 74,
    "scoring.formats.match.services.quarter_name": 62,
    "scoring.formats.match.services_sheets.sheet_save": 63,
    "scoring.formats.match.views_quarter._quarter_context": 67,
    "scoring.services_ledger.bid_ban_create": 68,
    "tournaments.documents.score_sheets_pdf": 79,
    "tournaments.imports.check_rows": 68,
    "tournaments.seating.duplicate_search.anneal_differences": 74,
    "tournaments.seating.duplicate_search.anneal_latin": 77,
    "tournaments.services_seating.round_seat_players": 71,
    "tournaments.services_triplettes.triplettes_movement_build": 70,
    "tournaments.simulation.tournament_simulate": 97,
    "tournaments.views.imports.import_preview": 71,
}


def _functions(node, prefix: str):
    """``(qualified name, lines)`` of the functions and methods of a module or class; a
    function defined inside another is counted in its lines."""
    for child in node.body:
        if isinstance(child, ast.FunctionDef | ast.AsyncFunctionDef):
            yield f"{prefix}.{child.name}", child.end_lineno - child.lineno + 1
        elif isinstance(child, ast.ClassDef):
            yield from _functions(child, f"{prefix}.{child.name}")


def _modules():
    for package in MEASURED:
        for path in sorted((ROOT / package).rglob("*.py")):
            if "migrations" not in path.parts:
                yield path


def function_lengths() -> dict[str, int]:
    lengths = {}
    for path in _modules():
        module = ".".join(path.relative_to(ROOT).with_suffix("").parts).removesuffix(".__init__")
        lengths.update(_functions(ast.parse(path.read_text()), module))
    return lengths


def test_functions_keep_to_the_budget():
    """Functions stay short enough to read at once; the listed debt only shrinks."""
    lengths = function_lengths()
    grown = {
        name: count
        for name, count in lengths.items()
        if count > LONGER_FUNCTIONS.get(name, FUNCTION_BUDGET)
    }
    assert grown == {}, "over the budget, or longer than listed"
    paid = {
        name: lengths.get(name)
        for name in LONGER_FUNCTIONS
        if lengths.get(name, 0) <= FUNCTION_BUDGET
    }
    assert paid == {}, "within the budget now (or gone): take it off LONGER_FUNCTIONS"


def test_no_module_is_over_the_ceiling():
    """Files are cut by meaning, not by size; only a module far too long for one idea rings."""
    long = {
        str(path.relative_to(ROOT)): count
        for path in _modules()
        if (count := len(path.read_text().splitlines())) > MODULE_CEILING
    }
    assert long == {}


def test_the_apps_above_tell_tournaments_what_it_must_not_name():
    """``tournaments`` reads what scoring and arbitration register, one extension each
    (``tournaments.extensions``), instead of naming their tables and audit actions."""
    from arbitration.extension import ArbitrationExtension
    from scoring.extension import ScoringExtension
    from tournaments import extensions
    from tournaments.apps import TournamentsExtension

    assert [type(ext) for ext in extensions.registered()] == [
        TournamentsExtension, ScoringExtension, ArbitrationExtension
    ]  # fmt: skip

    assert set(extensions.not_seating()) == {
        "sheet.", "penalty", "bid_ban.", "incident.", "decision.", "boards.", "travelling.",
        "table.",
    }  # fmt: skip
    # What only the staff's pages show moves no public stamp: the tables' entries waiting, the
    # entry fees and their payments, a tournament's prize rules.
    assert set(extensions.unseen()) == {
        "table.entered", "table.approved", "table.disputed", "table.alerts_seen",
        "tournament.fees_set", "registration.paid", "registration.unpaid",
        "prize_rule.added", "prize_rule.deleted",
    }  # fmt: skip
    # Score sheets; a séance's travelling sheets; the tables' reports of a séance.
    assert len(ScoringExtension.results) == 3
    source = (ROOT / "tournaments" / "models" / "seating.py").read_text()
    assert "score_sheets" not in source
    assert "score_sheets" not in (ROOT / "tournaments" / "services.py").read_text()


def test_no_translated_string_hides_in_an_f_string():
    """``makemessages`` cannot read ``f"{_('…')}"``: such a string stays in English."""
    hidden = re.compile(r"""f["'][^"']*\{_\(|\{gettext(_lazy)?\(""")
    found = [
        f"{path.relative_to(ROOT)}:{number}"
        for package in PACKAGES
        for path in (ROOT / package).rglob("*.py")
        for number, line in enumerate(path.read_text().splitlines(), 1)
        if hidden.search(line)
    ]
    assert found == []
