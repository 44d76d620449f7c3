#!/usr/bin/env python3
"""Writes the seed corpus of the fuzz targets into Fuzz/Corpus/<target>/ (checked in; rerun only
to regenerate): bundled scenarios, the first track points of the bundled TCX and GPX files (also
as UTF-16), the short FIT walk, and small FIT files built here (little- and big-endian
definitions, developer fields, compressed time stamps, two chained files, a weight-scale file
without records, records with only compressed_speed_distance, a pool swim of length messages). Inputs that triggered findings are added beside them as found-*.
Usage: python3 Fuzz/make-seeds.py"""
import os, shutil, struct

root = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
corpus = os.path.join(root, "Fuzz", "Corpus")
data = os.path.join(root, "Tests", "Data", "recordings")


def write(target, name, content):
    os.makedirs(os.path.join(corpus, target), exist_ok=True)
    with open(os.path.join(corpus, target, name), "wb") as f:
        f.write(content)


def crc16(data, crc=0):
    # FIT protocol CRC (CRC-16/ARC: reflected 0xA001, init 0), nibble table as in the protocol.
    table = [0x0000, 0xCC01, 0xD801, 0x1400, 0xF001, 0x3C00, 0x2800, 0xE401,
             0xA001, 0x6C00, 0x7800, 0xB401, 0x5000, 0x9C01, 0x8801, 0x4400]
    for byte in data:
        tmp = table[crc & 0xF]; crc = (crc >> 4) & 0x0FFF; crc ^= tmp ^ table[byte & 0xF]
        tmp = table[crc & 0xF]; crc = (crc >> 4) & 0x0FFF; crc ^= tmp ^ table[byte >> 4]
    return crc


def fit_file(messages):
    body = b"".join(messages)
    header = struct.pack("<BBHI4s", 14, 0x20, 2132, len(body), b".FIT")
    header += struct.pack("<H", crc16(header))
    whole = header + body
    return whole + struct.pack("<H", crc16(whole))


def definition(local, glob, fields, big=False, developer=()):
    header = 0x40 | local | (0x20 if developer else 0)
    out = struct.pack(">BBBHB" if big else "<BBBHB", header, 0, 1 if big else 0, glob, len(fields))
    for number, size, base in fields:
        out += bytes([number, size, base])
    if developer:
        out += bytes([len(developer)])
        for number, size, index in developer:
            out += bytes([number, size, index])
    return out


def data_message(local, payload):
    return bytes([local]) + payload


# Scenarios: a few bundled ones of different shapes.
os.makedirs(os.path.join(corpus, "scenario"), exist_ok=True)
for name in ["hills.json", "tempo-ride.json", "illegal-calls.json", "runtime-smart-alarm.json",
             "replay-hilly-walk.json", "end-while-paused.json", "f04-no-recovery.json",
             "f09-messages-while-away.json"]:
    shutil.copy(os.path.join(root, "Scenarios", name), os.path.join(corpus, "scenario", name))
# Every phone link key and link action.
shutil.copy(os.path.join(root, "Tests", "SchemaFixtures", "valid", "phone-link.json"),
            os.path.join(corpus, "scenario", "phone-link.json"))
write("scenario", "minimal.json", b'{ "version": 1 }\n')
# Every HealthKit authorization key, with a limited history.
shutil.copy(os.path.join(root, "Tests", "SchemaFixtures", "valid", "authorization-history.json"),
            os.path.join(corpus, "scenario", "authorization-history.json"))

# TCX and GPX: the first three points of the bundled files, closed again; UTF-16 copies.
tcx = open(os.path.join(data, "walk-hilly--walking_activity_1.tcx"), "rb").read()
cut = tcx.index(b"<Trackpoint>", tcx.index(b"<Trackpoint>", tcx.index(b"<Trackpoint>") + 1) + 1)
cut = tcx.index(b"<Trackpoint>", cut + 1)
tcx = tcx[:cut] + b"</Track>\n</Lap>\n</Activity>\n</Activities>\n</TrainingCenterDatabase>\n"
gpx = open(os.path.join(data, "ride-hilly--riderx3.gpx"), "rb").read()
cut = gpx.index(b"<trkpt ", gpx.index(b"<trkpt ", gpx.index(b"<trkpt ") + 1) + 1)
cut = gpx.index(b"<trkpt ", cut + 1)
gpx = gpx[:cut] + b"</trkseg>\n</trk>\n</gpx>\n"
utf16 = lambda text, codec: text.replace(b'encoding="UTF-8"', b'encoding="UTF-16"').decode().encode(codec)
for target, text, ext in [("tcx", tcx, "tcx"), ("gpx", gpx, "gpx")]:
    for folder in [target, "course"]:
        write(folder, "three-points." + ext, text)
        write(folder, "three-points-utf16le." + ext, b"\xff\xfe" + utf16(text, "utf-16-le"))
        write(folder, "three-points-utf16be." + ext, b"\xfe\xff" + utf16(text, "utf-16-be"))

# FIT: the short walk, and hand-built files.
walk = open(os.path.join(data, "walk-short--garmin-fenix-5-walk.fit"), "rb").read()
file_id = definition(0, 0, [(0, 1, 0x00), (1, 2, 0x84), (4, 4, 0x86)])
file_id_data = lambda kind, stamp: data_message(0, struct.pack("<BHI", kind, 255, stamp))
record_le = definition(1, 20, [(253, 4, 0x86), (0, 4, 0x85), (1, 4, 0x85), (3, 1, 0x02),
                               (5, 4, 0x86), (6, 2, 0x84), (2, 2, 0x84)])
record = lambda t, hr, dist: data_message(
    1, struct.pack("<IiiBIHH", t, 555_000_000, 175_000_000, hr, dist, 2800, 3000))
small = fit_file([file_id, file_id_data(4, 1000), record_le,
                  record(1000, 120, 0), record(1001, 121, 280), record(1002, 122, 560)])
# Big-endian record definition with a developer field; compressed time stamps on local 2.
record_be = definition(3, 20, [(253, 4, 0x86), (3, 1, 0x02), (5, 4, 0x86)], big=True,
                       developer=[(0, 2, 0)])
compressed = definition(2, 20, [(3, 1, 0x02), (5, 4, 0x86)])
mixed = fit_file([file_id, file_id_data(4, 2000), record_be,
                  data_message(3, struct.pack(">IBI", 2000, 130, 0) + b"\xab\xcd"), compressed,
                  bytes([0x80 | 2 << 5 | (2000 + 2) % 32]) + struct.pack("<BI", 131, 600),
                  bytes([0x80 | 2 << 5 | (2000 + 40) % 32]) + struct.pack("<BI", 132, 1200)])
chained = small + mixed
weight = fit_file([file_id, file_id_data(9, 3000),
                   definition(1, 30, [(253, 4, 0x86), (0, 2, 0x84)]),
                   data_message(1, struct.pack("<IH", 3000, 7000))])
# FIT time 10^9 s (2021-09-09T01:46:40Z), inside the range a run may start in.
T0 = 1_000_000_000
# Records with only compressed_speed_distance (record field 8, byte[3]: 12 bits of speed in
# 1/100 m/s, 12 bits of accumulated distance in 1/16 m, rolling over every 256 m), one invalid
# (all 0xFF), then a record carrying distance itself; cycles (field 18, accumulated).
packed = definition(1, 20, [(253, 4, 0x86), (8, 3, 0x0D), (18, 1, 0x02)])
csd = lambda k: struct.pack("<I", 320 | ((1536 * k) & 0xFFF) << 12)[:3]
speed_distance = fit_file(
    [file_id, file_id_data(4, T0), packed]
    + [data_message(1, struct.pack("<I", T0 + 30 * k) + csd(k) + bytes([(90 * k) % 256]))
       for k in range(6)]
    + [data_message(1, struct.pack("<I", T0 + 200) + b"\xff\xff\xff\xff"),
       definition(2, 20, [(253, 4, 0x86), (5, 4, 0x86)]),
       data_message(2, struct.pack("<II", T0 + 230, 100_000)),
       data_message(1, struct.pack("<I", T0 + 260) + csd(11) + bytes([7]))])
# A 25 m pool swim: length messages (101: start_time 2, total_elapsed_time 3, total_strokes 5,
# swim_stroke 7, length_type 12), one idle, a session (18) with pool_length 44, num_lengths 33,
# num_active_lengths 47; no records (the points come from the lengths).
length = definition(1, 101, [(253, 4, 0x86), (2, 4, 0x86), (3, 4, 0x86), (5, 2, 0x84),
                             (7, 1, 0x00), (12, 1, 0x00)])
swim_lengths = [data_message(1, struct.pack("<IIIHBB", T0 + 1030 + 30 * k, T0 + 1000 + 30 * k,
                                            30_000, 0 if k == 2 else 18, 0, 0 if k == 2 else 1))
                for k in range(4)]
session = definition(2, 18, [(253, 4, 0x86), (2, 4, 0x86), (5, 1, 0x00), (7, 4, 0x86),
                             (9, 4, 0x86), (33, 2, 0x84), (44, 2, 0x84), (47, 2, 0x84)])
pool_swim = fit_file([file_id, file_id_data(4, T0 + 1000), length] + swim_lengths
                     + [session, data_message(2, struct.pack("<IIBIIHHH", T0 + 1120, T0 + 1000, 5, 120_000,
                                                             7500, 4, 2500, 3))])
for folder in ["fit", "course"]:
    write(folder, "compressed-speed-distance.fit", speed_distance)
    write(folder, "pool-swim.fit", pool_swim)
    write(folder, "walk-short.fit", walk)
    write(folder, "small.fit", small)
    write(folder, "mixed-endian-developer-compressed.fit", mixed)
    write(folder, "chained.fit", chained)
    write(folder, "weight-scale.fit", weight)

# Inputs that triggered findings (each also has a unit test).
found = tcx.replace(b"<MaximumSpeed>", b"<Max\xff\xff\xff\xffSpeed>", 1).replace(
    b"</MaximumSpeed>", b"</Max\xff\xff\xff\xffSpeed>", 1)
write("tcx", "found-invalid-utf8-element-name.tcx", found)
write("course", "found-invalid-utf8-element-name.tcx", found)
pi = b"<?x?>\n<x>\n"  # scripts/fuzz.sh, gpx: SIGSEGV in FoundationXML's processing instruction callback
write("gpx", "found-processing-instruction-without-data.gpx", pi)
write("course", "found-processing-instruction-without-data.gpx", pi)
# Found reading the FIT reader: a time stamp declared sint32 holding -1 trapped converting it.
signed = fit_file([definition(0, 20, [(253, 4, 0x85), (3, 1, 0x02)]),
                   data_message(0, struct.pack("<iB", -1, 90))])
write("fit", "found-signed-time-stamp.fit", signed)
write("course", "found-signed-time-stamp.fit", signed)
