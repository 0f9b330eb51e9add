"""The movement phase, in three stages.

- ``index``: the orders indexed by province, and each move's convoy intent (DATC 4.A.3).
- ``equations``: the §5.B decisions and strengths (MOVE, SUPPORT, CONVOY, PATH, HOLD, ATTACK,
  DEFEND, PREVENT) that the resolver evaluates.
- ``results``: the resolved decisions turned into results, dislodgements, standoffs and the next
  position.
- ``phase``: the entry points that run the three stages.
"""
