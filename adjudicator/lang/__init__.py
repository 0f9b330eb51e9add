"""The languages (layer 1): every word the package reads or writes, one module per language.

Imports only :mod:`adjudicator.base`. Importing this package loads no language: the registry
(``languages``) does, when asked.

- ``fold``: :func:`~adjudicator.lang.fold.fold_name`, the lookup key of a name, and
  ``DEFAULT_LANGUAGE``.
- ``vocabulary``: the :class:`~adjudicator.lang.vocabulary.Vocabulary` class (the words of the
  order language and the parser's messages) and the parser's problem codes.
- ``words``: the :class:`~adjudicator.lang.words.Words` class (the words of the results report),
  :class:`~adjudicator.lang.words.CommandWords` (the command line's), and the keys of their
  sentence tables (``NoteKey``, ``WhyKey``, ``PhaseNoteKey``).
- ``message_keys``: :class:`~adjudicator.lang.message_keys.MessageKey`, the keys of the short
  messages of order results, which the core picks (kept apart so that it loads lightly).
- ``long_form``: :class:`~adjudicator.lang.long_form.LongForm`, how a language writes an order
  in full sentences (prepositions, articles and declensions of places).
- ``judge_words``: :class:`~adjudicator.lang.judge_words.JudgeWords`, the play-by-email judge's
  sentences and mail-command words.
- ``picture_words``: :class:`~adjudicator.lang.picture_words.PictureWords`, the board picture's
  title and legend.
- ``web_words``: :class:`~adjudicator.lang.web_words.WebWords`, the judge's web pages' headings,
  labels and buttons.
- ``language``: :class:`~adjudicator.lang.language.Language`, one language's tables in one value.
- ``en``, ``de``: English and German, each a ``LANGUAGE`` with its order vocabulary, report words,
  command-line words and the judge's words; German also ``DPJUDGE``, the opt-in
  ``de-dpjudge`` (DPjudge's German abbreviations).
- ``languages``: :data:`~adjudicator.lang.languages.LANGUAGES`, the registry by code, which
  language detection, the ``--lang`` choices, ``vocabulary(lang)``, ``words_for(lang)`` and
  ``judge_words(lang)`` read.
"""
