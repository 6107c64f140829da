"""The translation catalogs (SPEC CM-15): extract every string given to tr/ntr/ptr from game/ into
the template, bring each language's .po up to date with it, and compile the .mo files the game
reads.

    python tools/catalogs.py            # extract, update, compile
    python tools/catalogs.py --check    # change nothing; exit 1 with the reasons if anything is stale

Needs Babel (a development dependency: pip install -e .[test]). The files live in
assets/locale/: solitaire.pot, and <lang>/LC_MESSAGES/solitaire.po and .mo for ja and it. A new
string appears in each .po untranslated, and the tests fail until someone translates it.
"""

from __future__ import annotations

import argparse
import datetime
import gettext
import io
import sys
from pathlib import Path

from babel.messages.catalog import Catalog
from babel.messages.extract import extract_from_dir
from babel.messages.mofile import write_mo
from babel.messages.pofile import read_po, write_po

ROOT = Path(__file__).resolve().parent.parent
LOCALE = ROOT / "assets" / "locale"
DOMAIN = "solitaire"
LANGUAGES = ("ja", "it")
# GNU's forms (CLDR gives Italian a third, "many", that gettext tools and translators do not use)
PLURAL_FORMS = {"ja": "nplurals=1; plural=0;", "it": "nplurals=2; plural=(n != 1);"}
KEYWORDS = {"tr": None, "ntr": (1, 2), "ptr": ((1, "c"), 2)}
PROJECT = "Solitaire collection"
FIXED_DATE = datetime.datetime(2026, 1, 1, tzinfo=datetime.UTC)


def template() -> Catalog:
    """Every translatable string in game/, with where it is used."""
    catalog = Catalog(project=PROJECT, fuzzy=False)
    found = extract_from_dir(
        str(ROOT / "game"), method_map=[("**.py", "python")], keywords=KEYWORDS, comment_tags=("TRANSLATORS:",)
    )
    for filename, lineno, message, comments, context in found:
        catalog.add(message, None, [(f"game/{filename}", lineno)], auto_comments=comments, context=context)
    return catalog


def po_path(language: str) -> Path:
    return LOCALE / language / "LC_MESSAGES" / f"{DOMAIN}.po"


def as_bytes(catalog: Catalog, po: bool = True) -> bytes:
    out = io.BytesIO()
    if po:
        # file names without line numbers: editing code around a string does not make the catalogs stale
        write_po(out, catalog, width=100, sort_output=True, ignore_obsolete=True, include_lineno=False)
    else:
        write_mo(out, catalog)
    return out.getvalue()


def updated(language: str, pot: Catalog) -> Catalog:
    path = po_path(language)
    if path.exists():
        with path.open("rb") as f:
            catalog = read_po(f, locale=language, domain=DOMAIN)
    else:
        catalog = Catalog(locale=language, domain=DOMAIN, project=PROJECT, fuzzy=False)
    catalog.mime_headers = [("Plural-Forms", PLURAL_FORMS[language])]
    catalog.update(pot, no_fuzzy_matching=True)
    return catalog


def _stable(catalog: Catalog) -> None:
    """Dates out of the header: the files change only when the strings do."""
    catalog.creation_date = catalog.revision_date = FIXED_DATE


def _meaning(path: Path, data: bytes) -> object:
    """What a file says, apart from the Babel version that wrote it: a .mo's messages, a .po's
    lines but its Generated-By header."""
    if path.suffix == ".mo":
        translations = gettext.GNUTranslations(io.BytesIO(data))
        return {k: v for k, v in translations._catalog.items() if k != ""}  # type: ignore[attr-defined]
    return [line for line in data.decode("utf-8").splitlines() if not line.startswith('"Generated-By:')]


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--check", action="store_true", help="change nothing; exit 1 with the reasons if stale")
    check = parser.parse_args().check
    pot = template()
    _stable(pot)
    files = {LOCALE / f"{DOMAIN}.pot": as_bytes(pot)}
    for language in LANGUAGES:
        catalog = updated(language, pot)
        _stable(catalog)
        files[po_path(language)] = as_bytes(catalog)
        files[po_path(language).with_suffix(".mo")] = as_bytes(catalog, po=False)
    stale = [
        path
        for path, data in files.items()
        if not path.exists() or _meaning(path, path.read_bytes()) != _meaning(path, data)
    ]
    if check:
        for path in stale:
            print(f"stale: {path.relative_to(ROOT)} (run python tools/catalogs.py)", file=sys.stderr)
        return 1 if stale else 0
    for path in stale:
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_bytes(files[path])
        print(f"wrote {path.relative_to(ROOT)}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
