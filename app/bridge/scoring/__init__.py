"""Scoring: contracts (Law 77), IMPs (Law 78B), matchpoints (Law 78A) and adjusted scores (Law 12)."""

from app.bridge.scoring.adjusted import (
    ArtificialScore,
    Grade,
    WeightedScore,
    adjusted_percent,
    artificial_imps,
    parse_artificial,
    parse_weighted,
    round_half_away,
    weighted_imps,
)
from app.bridge.scoring.contract_score import ScoreBreakdown, breakdown, score, score_ns
from app.bridge.scoring.imps import IMP_SCALE, imps
from app.bridge.scoring.matchpoints import MatchpointedRow, TableScore, TravellerRow, matchpoint
from app.bridge.scoring.schemes import IBL, IBL_NT_40_30, SCHEMES, WBF, ByVulnerability, ScoringScheme, get_scheme
from app.bridge.scoring.traveller import (
    TRAVELLER_FORMAT,
    load_traveller,
    parse_session_percentages,
    parse_table_score,
    read_traveller,
)

__all__ = [
    "IBL",
    "IBL_NT_40_30",
    "IMP_SCALE",
    "SCHEMES",
    "TRAVELLER_FORMAT",
    "WBF",
    "ArtificialScore",
    "ByVulnerability",
    "Grade",
    "MatchpointedRow",
    "ScoreBreakdown",
    "ScoringScheme",
    "TableScore",
    "TravellerRow",
    "WeightedScore",
    "adjusted_percent",
    "artificial_imps",
    "breakdown",
    "get_scheme",
    "imps",
    "load_traveller",
    "matchpoint",
    "parse_artificial",
    "parse_session_percentages",
    "parse_table_score",
    "parse_weighted",
    "read_traveller",
    "round_half_away",
    "score",
    "score_ns",
    "weighted_imps",
]
