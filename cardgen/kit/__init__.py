"""The print kit pipeline: a game's `KitPlan` (what to print, as data) written by one pipeline
in every output format the build asks for.

| module | role |
|---|---|
| `plan` | `KitPlan`, `Component`, `SheetFile`, `Booklet`: what a game's `kit` method returns |
| `spec` | `KitSpec`: the build's options resolved once (`resolve`), checked before writing (`check`) |
| `draw` | `Kit`: a plan as one build makes it (parts wanted, faces drawn, layouts imposed) |
| `writer` | `Writer`, `Job`, `Written`: the protocol every output format follows |
| `formats` | `WRITERS`: every format, in manifest order |
| `pipeline` | `build_game`, `write_kit`, `build_calibration`: staging, processes, writers in turn |
| `forms` | the faces drawn once as PDF forms, shared with a forked worker; the PNG pool |
| one module per format | `sheets`, `calibration`, `sheetfiles`, `svg`, `png`, `proof`, `tts`, `service_pdf`, `service_images`, `booklets`, `manifest` |

A new output format is a `Writer` in a module of its own and one entry in `formats.WRITERS`.
Nothing here knows a game: each game's `kit.py` returns its plan. The package itself imports
nothing, so a game's plan (`cardgen.kit.plan`) loads none of the writers.
"""
