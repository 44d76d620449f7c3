#!/usr/bin/env python3
"""How close the body models are to real bodies.

For each real recording in Tests/Data/recordings, replays its speed and grade through the models
twice with sensor noise off: once with the heart-rate model, once with the recorded heart rate
passed through the (noise-free) wrist sensor. It prints, per file:

- heart rate: the mean absolute error (bpm) of the model against the recording, over the 5 s
  sample grid where the recording has a reading (no reading in stops or gaps over 10 s), and the
  mean of each;
- energy: the model's total energy (active + basal, kcal) against the device's own calorie total
  (FIT `session.total_calories`, TCX sum of `Lap/Calories`; GPX files carry none), with the
  absolute and relative error.

The athlete is the scenario default (35 years, 65 kg, resting 60 bpm, VO2max 40 mL/kg/min): the
files do not say who wore the device, so these figures measure the models with default people.
Beside them it prints the fitted athlete's (`workout-sim calibrate FILE --json`,
docs/models.md#calibration): the heart-rate MAE on the fitted first 60 % of the moving time and
on the held-out rest, and the seconds of heart rate both leave out as cadence-lock artefacts
(`excl`, the artefact rule of docs/models.md#calibration), and the default athlete's held-out
MAE on the same seconds (`dflt-ho`), or `n/a` where the file has too little heart rate to fit.
Usage: scripts/model-accuracy.py [path/to/workout-sim]
(needs fitdecode from scripts/requirements-exports.txt for the FIT calorie totals).
"""
import json
import os
import subprocess
import sys
import tempfile
import xml.etree.ElementTree as ET

import fitdecode

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
DATA = os.path.join(ROOT, "Tests", "Data", "recordings")
FILES = [
    ("run-hilly--2013-02-06-12-11-14.fit", "running"),
    ("run-cadence--activity-small-fenix2-run.fit", "running"),
    ("walk-hilly--walking_activity_1.tcx", "walking"),
    ("walk-short--garmin-fenix-5-walk.fit", "walking"),
    ("ride-power--Edge810-Vector-2013-08-16-15-35-10.fit", "cycling"),
    ("ride-hilly--riderx3.gpx", "cycling"),
]


def span_and_calories(path):
    """The recording's time span in seconds and the device's calorie total (or None)."""
    if path.endswith(".fit"):
        times, calories = [], None
        with fitdecode.FitReader(path) as fit:
            for frame in fit:
                if not isinstance(frame, fitdecode.FitDataMessage):
                    continue
                if frame.name == "record" and frame.has_field("timestamp"):
                    times.append(frame.get_value("timestamp"))
                if frame.name == "session" and frame.has_field("total_calories"):
                    calories = frame.get_value("total_calories")
        return (max(times) - min(times)).total_seconds(), calories
    tree = ET.parse(path)
    stamps = [e.text for e in tree.iter() if e.tag.split("}")[-1] in ("Time", "time") and e.text]
    from datetime import datetime

    parsed = sorted(datetime.fromisoformat(t.replace("Z", "+00:00")) for t in stamps)
    calories = None
    if path.endswith(".tcx"):
        laps = [e for e in tree.iter() if e.tag.split("}")[-1] == "Lap"]
        calories = sum(
            float(c.text) for lap in laps for c in lap if c.tag.split("}")[-1] == "Calories"
        )
    return (parsed[-1] - parsed[0]).total_seconds(), calories


def run(binary, folder, recording, activity, heart_rate, end):
    scenario = {
        "version": 1,
        "activity": activity,
        "course": {"recording": recording, "heartRate": heart_rate},
        "sensors": {"heartRate": {"noise": 0}},
        "timeline": [{"at": 0, "do": "start"}, {"at": end, "do": "end"}],
    }
    path = os.path.join(folder, f"{heart_rate}.json")
    with open(path, "w") as handle:
        json.dump(scenario, handle)
    out = subprocess.run(
        [binary, "run", "--scenario", path, "--json", "--samples"],
        check=True, capture_output=True, text=True,
    ).stdout
    return json.loads(out)["records"][0]


def calibrated(binary, path):
    """`calibrate --json`'s fit and held-out MAE (bpm) and excluded seconds, or None when the file
    cannot calibrate."""
    out = subprocess.run([binary, "calibrate", path, "--json"], capture_output=True, text=True)
    if out.returncode == 65:
        return None
    if out.returncode != 0:
        raise RuntimeError(out.stderr)
    document = json.loads(out.stdout)
    return (document["fit"]["maeBpm"], document["heldOut"]["maeBpm"], document["excludedSeconds"],
            document["default"]["heldOut"]["maeBpm"])


def main():
    binary = sys.argv[1] if len(sys.argv) > 1 else os.path.join(ROOT, ".build", "debug", "workout-sim")
    print(f"{'file':52} {'HR MAE':>7} {'model':>6} {'device':>6} {'n':>5} "
          f"{'kcal model':>10} {'device':>7} {'error':>7} {'fit MAE':>7} {'held-out':>8} {'excl':>5} "
          f"{'dflt-ho':>7}")
    for name, activity in FILES:
        path = os.path.abspath(os.path.join(DATA, name))
        span, device_kcal = span_and_calories(path)
        end = int(span)
        with tempfile.TemporaryDirectory() as folder:
            model = run(binary, folder, path, activity, "model", end)
            recorded = run(binary, folder, path, activity, "recorded", end)
        model_hr = {at: v for at, v in model["samples"].get("heartRate", [])}
        device_hr = {at: v for at, v in recorded["samples"].get("heartRate", [])}
        common = sorted(set(model_hr) & set(device_hr))
        mae = sum(abs(model_hr[t] - device_hr[t]) for t in common) / len(common) if common else float("nan")
        mean_model = sum(model_hr[t] for t in common) / len(common) if common else float("nan")
        mean_device = sum(device_hr[t] for t in common) / len(common) if common else float("nan")
        stats = model["statistics"]
        kcal = stats.get("activeEnergyBurned", {}).get("sum", 0) + stats.get("basalEnergyBurned", {}).get("sum", 0)
        if device_kcal:
            energy = f"{kcal:10.0f} {device_kcal:7.0f} {100 * (kcal - device_kcal) / device_kcal:+6.0f}%"
        else:
            energy = f"{kcal:10.0f} {'n/a':>7} {'':>7}"
        fitted = calibrated(binary, path)
        if fitted:
            fitted_text = f"{fitted[0]:7.2f} {fitted[1]:8.2f} {fitted[2]:5.0f} {fitted[3]:7.2f}"
        else:
            fitted_text = f"{'n/a':>7} {'n/a':>8} {'n/a':>5} {'n/a':>7}"
        print(f"{name:52} {mae:7.1f} {mean_model:6.1f} {mean_device:6.1f} {len(common):5d} {energy} {fitted_text}")


if __name__ == "__main__":
    main()
