"""Views parse what a page posted with a form (issue 35, item 4): no view module reads a field
of ``request.POST`` by its name (``.get``, ``[...]``, ``.getlist``, ``.items``, ``in``...); it
hands ``request.POST`` whole to a form, which owns the page's field names. The scan is real: a
planted hand parse, in a string or in a views module on disk, is found."""

import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
APPS = ("scoring", "arbitration", "tournaments", "common", "config")

# A field of the POST read by its name, or the POST walked by hand.
HAND_PARSING = re.compile(
    r"request\s*\.\s*POST\s*"
    r"(?:\.\s*(?:get|getlist|items|keys|values|lists|dict|pop|setdefault)\b|\[)"
    r"|\bin\s+request\s*\.\s*POST\b"
)


def view_modules(root: Path = ROOT) -> list[Path]:
    """Every views module of the apps: ``views.py``, ``views_*.py`` and the modules of a
    ``views`` package."""
    found = []
    for app in APPS:
        for path in sorted((root / app).rglob("*.py")):
            parts = path.relative_to(root / app).parts
            if path.name == "views.py" or path.name.startswith("views_") or "views" in parts[:-1]:
                found.append(path)
    return found


def hand_parsing(source: str) -> list[tuple[int, str]]:
    """(line number, line) of each place ``source`` reads the POST by a field's name."""
    lines = source.splitlines()
    hits = []
    for match in HAND_PARSING.finditer(source):
        number = source.count("\n", 0, match.start()) + 1
        hits.append((number, lines[number - 1].strip()))
    return hits


def test_the_scan_sees_the_views_modules():
    names = {path.relative_to(ROOT).as_posix() for path in view_modules()}
    for expected in (
        "scoring/formats/duplicate/views_board.py",
        "scoring/formats/duplicate/views_tables.py",
        "scoring/formats/libre/views.py",
        "tournaments/views/imports.py",
        "arbitration/views.py",
        "arbitration/views_extra.py",
    ):
        assert expected in names


def test_no_view_parses_the_post_by_hand():
    found = {
        path.relative_to(ROOT).as_posix(): hits
        for path in view_modules()
        if (hits := hand_parsing(path.read_text()))
    }
    assert found == {}


@pytest.mark.parametrize(
    "planted",
    [
        'reason = request.POST.get("reason", "")',
        'reason = request.POST["reason"]',
        'ids = request.POST.getlist("ids")',
        "for key, value in request.POST.items():",
        "names = list(request.POST.keys())",
        'if "cancel" in request.POST:',
        "data = request.POST.dict()",
        'x = request.POST\n    .get("x")',
        'x = request . POST . get("x")',
    ],
)
def test_a_planted_hand_parse_is_found(planted):
    assert hand_parsing(f"def view(request):\n    {planted}\n") != []


@pytest.mark.parametrize(
    "fine",
    [
        "form = SheetForm(request.POST, boards=boards)",
        "form = PlayerForm(request.POST or None, tournament=tournament)",
        "asked = ReasonForm.read(request.POST)",
        'if request.method == "POST":',
        'reason = form.cleaned_data["reason"]',
        'search = request.GET.get("q", "")',
    ],
)
def test_handing_the_post_to_a_form_is_not_a_hand_parse(fine):
    assert hand_parsing(f"def view(request):\n    {fine}\n") == []


def test_a_views_module_planted_on_disk_fails_the_scan(tmp_path):
    planted = tmp_path / "tournaments" / "views" / "planted.py"
    planted.parent.mkdir(parents=True)
    planted.write_text('def view(request):\n    return request.POST.get("x")\n')
    (tmp_path / "scoring").mkdir()
    (tmp_path / "scoring" / "views_planted.py").write_text(
        'def view(request):\n    return "x" in request.POST\n'
    )
    (tmp_path / "scoring" / "forms.py").write_text(  # a form may name its fields
        'def read(request):\n    return request.POST.get("x")\n'
    )
    found = {
        path.relative_to(tmp_path).as_posix(): hand_parsing(path.read_text())
        for path in view_modules(tmp_path)
    }
    assert found == {
        "scoring/views_planted.py": [(2, 'return "x" in request.POST')],
        "tournaments/views/planted.py": [(2, 'return request.POST.get("x")')],
    }
