"""Where the parts of the game screen sit (pixels of the 640x480 window)."""

BOARD_AREA = (0, 0, 426, 390)
LOG_AREA = (0, 392, 426, 66)
RIGHT_X, RIGHT_W = 428, 212
STATUS_Y = 460
DIALOG = (40, 70, 346, 250)
PLAYERS_Y = 48          # top of the players box, under the turn box


def actions_y(players: int) -> int:
    """Top of the actions box (lower with more players in the box above)."""
    return 258 if players <= 4 else 286


def player_line_px(p: int, pitch: int = 14) -> tuple[int, int]:
    """Where player ``p``'s line in the players box is (cards fly there)."""
    return RIGHT_X + 40, PLAYERS_Y + 22 + pitch * p


def line_pitch(players: int, second_row: bool) -> int:
    """Pixels from one player's line to the next in the players box: with a
    second row (a layer's figures, ``table.PlayerRows``) in the room the
    cards box leaves free under its text (so the actions box stays put)."""
    if not second_row:
        return 14
    return 20 if players <= 4 else 18
