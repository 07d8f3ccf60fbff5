"""The 18xx game framework: data model, stock market, rounds, as a transcon Title.

Titles subclass :class:`~transcon.eighteen.framework.title.EighteenTitle`, describe their
data in a :class:`~transcon.eighteen.framework.spec.GameSpec` and override ``hook_*`` methods.
"""
