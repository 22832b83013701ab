"""The Tabletop Simulator export (`--format tts`): deck sheets, the board and token images, and
the saved object that spawns the kit on the table (`tts/<game>.json`)."""

from __future__ import annotations

from cardgen.kit.writer import Job, Writer, Written
from cardgen.print.faces import Face


class Tts(Writer[None]):
    """The grid components as decks; of the sheet files' faces, the first of a `board` file as
    the board and the others as tokens (each face once: none a deck holds already)."""

    name = "tts"
    option = "tts"

    def write(self, job: Job, started: None) -> Written:
        """The images and the object, which links them where the kit folder ends up."""
        from cardgen.print.tts import Deck, Token, write_tts  # loaded for --format tts only

        kit, folder = job.kit, job.folder
        decks = [Deck(p.component.stem, p.items, p.component.secret) for p in kit.parts]
        board: Face | None = None
        tokens: list[Token] = []
        seen = {f.key for p in kit.parts for it in p.items for f in (it.front, it.back) if f}
        for file in kit.files:
            standing = dict(file.figures)
            for face, count in file.faces:
                face = kit.faces.get(face.key, (face, 0))[0]
                if face.key in seen:
                    continue
                seen.add(face.key)
                if face.key in standing:  # a figure stands on the table, one image a piece
                    tokens.append(Token(standing[face.key], count, stand_up=True, name=face.key))
                elif "board" not in file.kinds:
                    tokens.append(Token(face, count))
                elif board is None:
                    board = face
        web = job.spec.tts_url
        export = write_tts(folder, kit.game, kit.title, decks, board, tokens, job.final, web)
        entries = [{"file": f, "type": "tts-image"} for f in export.files]
        entries.append({"file": export.saved_object, "type": "tts-object",
                        "install": "copy into Tabletop Simulator's Saved Objects folder "
                                   "(Documents/My Games/Tabletop Simulator/Saves/Saved Objects)",
                        "images": (f"{web.rstrip('/')}/<image>: upload the PNGs of tts/ there (all in one "
                                   "place) before loading the object" if web else
                                   "file:/// URLs of the PNGs beside it, which work on this machine only; "
                                   "build with --tts-url BASE to link them where you host them")})
        return Written(entries, [f"{folder / export.saved_object}: Tabletop Simulator object, "
                                 f"{len(export.files)} images"])
