"""The CMYK output profiles cardgen ships for its printing conditions (`cardgen.print.press`).

Each was made by ArgyllCMS's colprof (tools/make_press_profiles.py) from the characterization
data of a CGATS technical report, whose notice allows distributing profiles based on the data
when the report is named as their source; SOURCES in this folder names each file's report.
"""
