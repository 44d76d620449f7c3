import Testing
import WorkoutCore
import WorkoutRendering
import WorkoutWatch

private func workoutSnapshot() -> WatchSnapshot {
  WatchSnapshot(
    phase: .workout, activity: .running, sessionState: "running",
    elapsed: .seconds(754), scenarioTime: .seconds(800), heartRate: 152,
    recentHeartRates: [118, 124, 131, 138, 142, 147, 150, 149, 151, 153, 152],
    maximumHeartRate: 190, activeEnergyBurned: 142.4, distance: 2_345, speed: 3.1,
    showsPace: true, cadence: 168,
    log: [
      "t 0:00:00  session prepared", "t 0:00:03  start", "t 0:05:00  pause", "t 0:06:00  resume",
      "t 0:10:00  lap 1", "t 0:12:00  marker",
    ],
    rings: ActivityRings(
      today: ActivityTotals(
        activeEnergyBurned: 185, appleExerciseTime: .seconds(1_800), stepCount: 6_432)),
    complicationSteps: 6_432, complicationGoal: 10_000, speedMultiplier: 2, isPlaying: true)
}

@Suite struct WatchScreenTests {
  @Test func workoutAt60x24() {
    let frame = WatchScreen.render(workoutSnapshot(), width: 60, height: 24)
    #expect(frame.lines.count == 24)
    #expect(frame.lines.allSatisfy { $0.count <= 60 })
    assertSnapshot(frame.text, named: "screen-workout-60x24")
  }

  @Test func workoutAt80x30() {
    var snapshot = workoutSnapshot()
    snapshot.sessionState = "paused"
    snapshot.isPlaying = false
    snapshot.appState = "crashed (r relaunches)"
    let frame = WatchScreen.render(snapshot, width: 80, height: 30)
    #expect(frame.lines.count == 30)
    assertSnapshot(frame.text, named: "screen-workout-80x30")
  }

  @Test func cyclingShowsSpeedAndPowerInASCII() {
    var snapshot = workoutSnapshot()
    snapshot.activity = .cycling
    snapshot.showsPace = false
    snapshot.speed = 8.5
    snapshot.power = 212
    let frame = WatchScreen.render(
      snapshot, width: 60, height: 24, options: RenderOptions(color: false, asciiOnly: true))
    #expect(frame.lines.allSatisfy { $0.allSatisfy(\.isASCII) })
    #expect(frame.runs.allSatisfy { $0.style.color == nil })
    assertSnapshot(frame.text, named: "screen-cycling-60x24-ascii")
  }

  @Test func selector() {
    var selector = DigitalCrownSelector(initial: .walking)
    let ticks = selector.rotate(by: 0.6, at: .zero)
    let snapshot = WatchSnapshot(
      phase: .selecting(selector, recentTicks: ticks), activity: selector.selected)
    let frame = WatchScreen.render(snapshot, width: 60, height: 24)
    assertSnapshot(frame.text, named: "screen-selector-60x24")
  }

  @Test func helpOverlay() {
    var snapshot = workoutSnapshot()
    snapshot.overlay = .help
    assertSnapshot(
      WatchScreen.render(snapshot, width: 60, height: 24).text, named: "screen-help-60x24")
  }

  @Test func quitPrompt() {
    var snapshot = workoutSnapshot()
    snapshot.overlay = .confirmQuit
    let frame = WatchScreen.render(snapshot, width: 60, height: 24)
    #expect(frame.lines[23] == "Quit while the workout is open? y quit, any other key stays")
    #expect(frame.runs(onLine: 23).first?.style == TextStyle(bold: true, color: .alert))
  }

  @Test func elapsedIsHoursMinutesSeconds() {
    var snapshot = workoutSnapshot()
    // 3723 s = 1 h 2 min 3 s.
    snapshot.elapsed = .seconds(3_723)
    let frame = WatchScreen.render(snapshot, width: 60, height: 24)
    #expect(frame.lines[3] == "1:02:03  elapsed")
  }

  @Test func heartRateZoneAndPace() {
    let frame = WatchScreen.render(workoutSnapshot(), width: 60, height: 24)
    // 152 / 190 = 80 % -> zone 4; 1000 / 3.1 = 322.6 s/km -> 323 s = 5'23".
    // Columns: label padded to 9, value; the second pair starts at column 24
    // ("Pace     5'23\"/km" is 17 columns, so 7 spaces follow).
    #expect(frame.lines[4].hasPrefix("♥ 152 bpm  zone 4"))
    #expect(frame.lines[6] == "Pace     5'23\"/km       Cadence  168 /min")
    // 142.4 kcal -> 142; 2345 m -> 2.35 km (2.345 rounded half away from zero).
    #expect(frame.lines[5] == "Active   142 kcal       Distance 2.35 km")
  }

  @Test func tinyTerminalsDoNotCrash() {
    for (width, height) in [(0, 0), (1, 1), (10, 3), (20, 5), (200, 2)] {
      let frame = WatchScreen.render(workoutSnapshot(), width: width, height: height)
      #expect(frame.lines.count == height)
      #expect(frame.lines.allSatisfy { $0.count <= width })
    }
  }

  @Test func footerListsEveryKey() {
    let frame = WatchScreen.render(workoutSnapshot(), width: 80, height: 30)
    let footer = frame.lines.suffix(3).joined(separator: "  ")
    for key in [
      "Enter start", "Space pause/resume", "s stop", "e end", "l lap", "m marker", "↑/↓ k/j crown",
      "c crash", "r relaunch", "+/- speed", "p hold/play", ". +1 s", "n +1 min", "> next action",
      "? help", "q quit",
    ] {
      #expect(footer.contains(key), "footer misses \(key)")
    }
  }
}
