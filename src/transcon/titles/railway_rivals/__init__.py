"""Railway Rivals, Transcontinental USA variant (Eric Brosius), with Transcon as the GM."""

from transcon.titles.railway_rivals.rules import RailwayRivalsUSA
from transcon.titles.railway_rivals.state import RRState

__all__ = ["RRState", "RailwayRivalsUSA"]
