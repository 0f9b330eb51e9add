"""The languages (layer 1): every word the package reads or writes, per language.

Imports only :mod:`adjudicator.base`.

- ``fold``: :func:`~adjudicator.lang.fold.fold_name`, the lookup key of a name, and
  ``DEFAULT_LANGUAGE``.
- ``vocabulary``: the words of the order language (keywords, phrases, seasons) and the parser's
  messages, as :class:`~adjudicator.lang.vocabulary.Vocabulary` tables.
- ``words``: the words of the results report and of the command line, as
  :class:`~adjudicator.lang.words.Words` tables.
"""
