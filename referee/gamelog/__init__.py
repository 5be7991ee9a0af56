"""The durable game log: JSON lines, appended and fsync'd one at a time, whose action lines form
a game record `referee replay` accepts, and from which a crashed game resumes."""

from referee.gamelog.lines import ACTION, ANNOUNCEMENT, CORRECTION, EVENT, GAME, HEADER, LOG_VERSION, RESUME
from referee.gamelog.reader import GameLog, GameLogError, LogLine, parse_log, read_log
from referee.gamelog.record import ResumePoint, effective_events, log_to_record, resume_point
from referee.gamelog.writer import GameLogWriter

__all__ = [
    "ACTION", "ANNOUNCEMENT", "CORRECTION", "EVENT", "GAME", "HEADER", "LOG_VERSION", "RESUME", "GameLog", "GameLogError",
    "GameLogWriter", "LogLine", "ResumePoint", "effective_events", "log_to_record", "parse_log", "read_log", "resume_point",
]
