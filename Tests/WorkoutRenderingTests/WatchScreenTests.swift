import Testing
import WorkoutCore
import WorkoutRendering
import WorkoutSystem
import WorkoutWatch

private func workoutSnapshot() -> WatchSnapshot {
  WatchSnapshot(
    phase: .workout, activity: .running, sessionState: .running,
    elapsed: .seconds(754), scenarioTime: .seconds(800), heartRate: 152,
    recentHeartRates: [118, 124, 131, 138, 142, 147, 150, 149, 151, 153, 152],
    maximumHeartRate: 190, activeEnergyBurned: 142.4, distance: 2_345, speed: 3.1,
    showsPace: true, cadence: 168,
    log: [
      LogEntry(at: .zero, session: 0, kind: .stateChange(from: .notStarted, to: .prepared)),
      LogEntry(at: .seconds(3), session: 0, kind: .stateChange(from: .prepared, to: .running)),
      LogEntry(at: .seconds(300), session: 0, kind: .event(.pause)),
      LogEntry(at: .seconds(360), session: 0, kind: .event(.resume)),
      LogEntry(
        at: .seconds(365), session: 0,
        kind: .dataCollected(types: QuantityTypeSet([.heartRate]), count: 1)),
      LogEntry(at: .seconds(600), session: 0, kind: .event(.lap)),
      LogEntry(at: .seconds(720), session: 0, kind: .event(.marker)),
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
    snapshot.sessionState = .paused
    snapshot.isPlaying = false
    snapshot.appStatus = .crashed
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

  @Test func logLinesAreTypedEntriesWithoutSelfTransitions() {
    // 65 s = 1:05; 3725 s = 1 h 2 min 5 s.
    let keepAlive = LogEntry(
      at: .seconds(65), session: nil,
      kind: .appState(
        AppStateChange(from: .background, to: .background, cause: .keepAlive, keepAlive: .none)))
    #expect(WatchScreen.logLine(keepAlive) == "1:05  app background, kept alive by none")
    let wrist = LogEntry(
      at: .seconds(3725), session: nil,
      kind: .appState(
        AppStateChange(
          from: .active, to: .inactive, cause: .wristDown, keepAlive: .workoutSession)))
    #expect(WatchScreen.logLine(wrist) == "1:02:05  app active -> inactive")
    let batch = LogEntry(
      at: .seconds(10), session: 0,
      kind: .dataCollected(types: QuantityTypeSet([.heartRate]), count: 2))
    #expect(WatchScreen.logLine(batch) == nil)
  }

  @Test func appStatusNamesStateAndKeepAlive() {
    var snapshot = workoutSnapshot()
    snapshot.appStatus = .running(.background, keptAliveBy: .workoutSession)
    let frame = WatchScreen.render(snapshot, width: 80, height: 30)
    #expect(frame.lines[1].hasSuffix("App background, kept alive by workoutSession"))
    snapshot.sessionState = nil
    #expect(
      WatchScreen.render(snapshot, width: 80, height: 30).lines[1].hasPrefix("State noSession"))
  }

  /// Active energy and the Move ring are one quantity: with nothing before the workout both show
  /// 1.6 kcal as 1 (amounts are rounded down, so a ring never reads its goal early).
  @Test func activeEnergyAndMoveRingRoundAlike() {
    var snapshot = workoutSnapshot()
    snapshot.activeEnergyBurned = 1.6
    var rings = ActivityRings()
    rings.record(workoutTotals: ActivityTotals(activeEnergyBurned: 1.6), at: .zero)
    snapshot.rings = rings
    let frame = WatchScreen.render(snapshot, width: 80, height: 30)
    #expect(frame.lines[5].hasPrefix("Active   1 kcal "))
    #expect(frame.lines.contains { $0.contains("Move ") && $0.contains("1/500 kcal") })
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
