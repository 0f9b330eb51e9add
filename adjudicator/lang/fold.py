"""Folding names to lookup keys, shared by the map's name index and the order vocabulary.

``fold_name`` makes ``St. Petersburg``, ``st-petersburg`` and ``ST PETERSBURG`` one key, and
spells German umlauts out so that ``Muenchen`` finds ``München``.
"""

from __future__ import annotations

import re
import unicodedata

DEFAULT_LANGUAGE = "en"


_FOLD_DROP = re.compile(r"[\s.\-'’_]+")


_TRANSLITERATE = str.maketrans({"ä": "ae", "ö": "oe", "ü": "ue", "ß": "ss"})


def fold_name(text: str) -> str:
    """The lookup key of a name: lower case, no dots, hyphens, apostrophes or spaces, umlauts
    spelled out (``ä`` -> ``ae``), other accents dropped.

    >>> fold_name("St. Petersburg") == fold_name("st-petersburg")
    True
    >>> fold_name("Ärmelkanal")
    'aermelkanal'
    """
    lowered = unicodedata.normalize("NFC", text).lower().translate(_TRANSLITERATE)
    stripped = "".join(
        c for c in unicodedata.normalize("NFKD", lowered) if not unicodedata.combining(c)
    )
    return _FOLD_DROP.sub("", stripped)
