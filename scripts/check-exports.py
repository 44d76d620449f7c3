#!/usr/bin/env python3
"""Checks exported workout files with real third-party validators.

Usage: scripts/check-exports.py FILE... [--schemas DIR]

By extension:
  .tcx  validates against TrainingCenterDatabasev2.xsd, and every ActivityExtension v2 `TPX`
        element against ActivityExtensionv2.xsd (the root schema admits extensions laxly);
  .gpx  validates against gpx.xsd, and every TrackPointExtension element against
        TrackPointExtensionv2.xsd;
  .fit  decodes with fitdecode (CRC checks raise) and garmin-fit-sdk (check_integrity() must be
        True, read() must report no errors); the session's total_distance, total_timer_time and
        total_calories must equal the sums over the laps (within FIT's stored resolution);
  .csv  parses with the csv module: the header must be the one in docs/recordings.md ("Exporting
        a workout") and every row as wide;
  .json parses as one JSON object (the record).
A .fit file with a .json file of the same name beside it (the same record exported as JSON) must
also have session totals equal to the record's: total_distance = totalDistance (0.01 m),
total_timer_time = duration (0.001 s), total_calories = totalEnergyBurned rounded (1 kcal).

Needs (pinned in scripts/requirements-exports.txt):
lxml==6.1.3 fitdecode==0.11.0 garmin-fit-sdk==21.218.0.
Exit status 0 when every file passes, 1 otherwise.
"""
import csv
import os
import sys

HEADER = ("time,elapsed_s,heart_rate_bpm,active_energy_kcal,distance_m,step_count,speed_m_s,"
          "cadence_per_min,power_w,latitude,longitude,altitude_m").split(",")
TPX_NS = "http://www.garmin.com/xmlschemas/ActivityExtension/v2"
TPE_NS = "http://www.garmin.com/xmlschemas/TrackPointExtension/v2"


def schema(directory, name):
    from lxml import etree
    return etree.XMLSchema(etree.parse(os.path.join(directory, name)))


def check_xml(path, directory, root_xsd, ext_xsd, ext_ns, ext_name):
    from lxml import etree
    doc = etree.parse(path)
    problems = []
    root = schema(directory, root_xsd)
    if not root.validate(doc):
        problems.append(str(root.error_log.last_error))
    ext = schema(directory, ext_xsd)
    count = 0
    for element in doc.iter("{%s}%s" % (ext_ns, ext_name)):
        count += 1
        if not ext.validate(etree.ElementTree(element)):
            problems.append("extension: %s" % ext.error_log.last_error)
            break
    return problems, "%d %s elements" % (count, ext_name)


def check_fit(path):
    import fitdecode
    from garmin_fit_sdk import Decoder, Stream
    problems = []
    laps, sessions = [], []
    with fitdecode.FitReader(path, check_crc=fitdecode.CrcCheck.RAISE) as reader:
        for frame in reader:
            if isinstance(frame, fitdecode.FitDataMessage):
                if frame.name == "lap":
                    laps.append(frame)
                elif frame.name == "session":
                    sessions.append(frame)
    decoder = Decoder(Stream.from_file(path))
    if not decoder.check_integrity():
        problems.append("garmin-fit-sdk check_integrity() is False")
    decoder = Decoder(Stream.from_file(path))
    messages, errors = decoder.read()
    if errors:
        problems.append("garmin-fit-sdk errors: %s" % errors)
    if len(sessions) != 1:
        problems.append("%d session messages" % len(sessions))
    else:
        s = sessions[0]
        for field, resolution in (("total_distance", 0.01), ("total_timer_time", 0.001),
                                  ("total_calories", 1)):
            total = s.get_value(field)
            lap_sum = sum(lap.get_value(field) or 0 for lap in laps)
            # Each lap is rounded separately: allow half a unit per lap.
            if total is None or abs(total - lap_sum) > resolution * (len(laps) / 2 + 0.5):
                problems.append("session %s %s != laps %s" % (field, total, lap_sum))
    record_path = os.path.splitext(path)[0] + ".json"
    if len(sessions) == 1 and os.path.exists(record_path):
        import json
        with open(record_path, encoding="utf-8") as handle:
            record = json.load(handle)
        s = sessions[0]
        for field, key, resolution in (("total_distance", "totalDistance", 0.01),
                                       ("total_timer_time", "duration", 0.001),
                                       ("total_calories", "totalEnergyBurned", 1)):
            want = record.get(key)
            got = s.get_value(field)
            if want is not None and (got is None or abs(got - want) > resolution / 2 + 1e-9):
                problems.append("session %s %s != record %s %s" % (field, got, key, want))
    return problems, "%d laps, session %s" % (len(laps), {
        k: sessions[0].get_value(k) for k in ("total_distance", "total_timer_time",
                                              "total_calories")} if sessions else None)


def check_csv(path):
    with open(path, newline="", encoding="utf-8") as handle:
        rows = list(csv.reader(handle))
    problems = []
    if not rows or rows[0] != HEADER:
        problems.append("header is %r" % (rows[0] if rows else None))
    widths = {len(row) for row in rows}
    if widths != {len(HEADER)}:
        problems.append("row widths %s" % sorted(widths))
    return problems, "%d rows" % (len(rows) - 1)


def main(argv):
    directory = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "Tests", "Data",
                             "schemas")
    files = []
    args = iter(argv)
    for arg in args:
        if arg == "--schemas":
            directory = next(args)
        else:
            files.append(arg)
    failed = 0
    for path in files:
        extension = os.path.splitext(path)[1].lower()
        try:
            if extension == ".tcx":
                problems, info = check_xml(path, directory, "TrainingCenterDatabasev2.xsd",
                                           "ActivityExtensionv2.xsd", TPX_NS, "TPX")
            elif extension == ".gpx":
                problems, info = check_xml(path, directory, "gpx.xsd",
                                           "TrackPointExtensionv2.xsd", TPE_NS,
                                           "TrackPointExtension")
            elif extension == ".fit":
                problems, info = check_fit(path)
            elif extension == ".csv":
                problems, info = check_csv(path)
            elif extension == ".json":
                import json
                with open(path, encoding="utf-8") as handle:
                    record = json.load(handle)
                problems = [] if isinstance(record, dict) else ["not a JSON object"]
                info = "%d keys" % len(record) if isinstance(record, dict) else ""
            else:
                problems, info = ["unknown extension"], ""
        except Exception as error:  # a decoder raising is a failure of that file
            problems, info = ["%s: %s" % (type(error).__name__, error)], ""
        if problems:
            failed += 1
            print("FAIL %s: %s" % (path, "; ".join(problems)))
        else:
            print("ok   %s (%s)" % (path, info))
    print("%d passed, %d failed" % (len(files) - failed, failed))
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
