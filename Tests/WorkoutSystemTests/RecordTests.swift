import Testing
import WorkoutCore
import WorkoutSystem

/// Whole records written by hand from the spec's rules, compared with `==`.
@Suite struct RecordTests {
  /// Pauses: prepare 0, start 2, pause 32, resume 47, end 62. HR every 10 s with value 100 + t;
  /// active energy every 10 s at 1 kcal/s; indoor.
  @Test func recordWithPause() throws {
    let configuration = WorkoutEngineConfiguration(
      seed: 7, activity: .other, location: .indoor,
      schedules: only([.heartRate: 10, .activeEnergyBurned: 10]),
      metadata: ["HKTimeZone": .string("Europe/Berlin"), "HKIndoorWorkout": .bool(false)])
    let source = ScriptedSource(
      discrete: { _, instant in 100 + instant.seconds },
      cumulative: [.activeEnergyBurned: .perSecond(1)])
    let engine = run(
      configuration, source: source,
      [(0, .prepare), (2, .start), (32, .pause), (47, .resume), (62, .end)])
    let id = WorkoutRecord.makeID(seed: 7, sessionIndex: 0)
    // Running intervals [2, 32] and [47, 62]. HR grid 2, 12, 22, 32 | 47, 57.
    // Energy spans [2,12) [12,22) [22,32) | [47,57) [57,62) (cut at the end): 10+10+10+10+5.
    let hrSamples = [2, 12, 22, 32, 47, 57].map {
      QuantitySample(at: t(Int64($0)), value: 100 + Double($0))
    }
    let energySamples = [(2, 12), (12, 22), (22, 32), (47, 57), (57, 62)].map {
      QuantitySample(start: t(Int64($0.0)), end: t(Int64($0.1)), value: Double($0.1 - $0.0))
    }
    // average (102+112+122+132+147+157)/6 = 772/6;
    // held: 102·10 + 112·10 + 122·10 + 132·15 + 147·10 + 157·5 = 7595 over 62 − 2 = 60 s.
    let expected = WorkoutRecord(
      id: id, activityType: .other, locationType: .indoor, startDate: t(2), endDate: t(62),
      duration: .seconds(45),  // 60 − (47 − 32)
      events: [WorkoutEvent(.pause, at: t(32)), WorkoutEvent(.resume, at: t(47))],
      totalEnergyBurned: 45, totalDistance: nil,
      statistics: [
        .heartRate: .discrete(
          DiscreteStatistics(
            average: 772.0 / 6.0, timeWeightedAverage: 7595.0 / 60.0, minimum: 102,
            maximum: 157, mostRecent: 157, count: 6)),
        .activeEnergyBurned: .cumulative(CumulativeStatistics(sum: 45, count: 5)),
      ],
      metadata: ["HKIndoorWorkout": .bool(true), "HKTimeZone": .string("Europe/Berlin")],
      samples: [
        .heartRate: SampleSeries(hrSamples), .activeEnergyBurned: SampleSeries(energySamples),
      ])
    #expect(engine.records == [expected])
    let hr = QuantityTypeSet([.heartRate])
    let both = QuantityTypeSet([.heartRate, .activeEnergyBurned])
    #expect(
      engine.log == [
        LogEntry(at: t(0), session: 0, kind: .stateChange(from: .notStarted, to: .prepared)),
        LogEntry(at: t(2), session: 0, kind: .stateChange(from: .prepared, to: .running)),
        LogEntry(at: t(2), session: 0, kind: .dataCollected(types: hr, count: 1)),
        LogEntry(at: t(12), session: 0, kind: .dataCollected(types: both, count: 2)),
        LogEntry(at: t(22), session: 0, kind: .dataCollected(types: both, count: 2)),
        LogEntry(at: t(32), session: 0, kind: .dataCollected(types: both, count: 2)),
        LogEntry(at: t(32), session: 0, kind: .stateChange(from: .running, to: .paused)),
        LogEntry(at: t(32), session: 0, kind: .event(.pause)),
        LogEntry(at: t(47), session: 0, kind: .stateChange(from: .paused, to: .running)),
        LogEntry(at: t(47), session: 0, kind: .event(.resume)),
        LogEntry(at: t(47), session: 0, kind: .dataCollected(types: hr, count: 1)),
        LogEntry(at: t(57), session: 0, kind: .dataCollected(types: both, count: 2)),
        LogEntry(
          at: t(62), session: 0,
          kind: .dataCollected(types: [QuantityTypeSet([.activeEnergyBurned])], count: 1)),
        LogEntry(at: t(62), session: 0, kind: .stateChange(from: .running, to: .ended)),
        LogEntry(at: t(62), session: 0, kind: .record(id: id)),
      ])
  }

  /// Stopped before it ended: walking, start 0, stop 20 (auto finish saves), end 30.
  @Test func recordStoppedBeforeEnded() throws {
    let configuration = WorkoutEngineConfiguration(
      seed: 3, activity: .walking,
      schedules: only([.heartRate: 5, .activeEnergyBurned: 10, .distanceWalkingRunning: 10]))
    let source = ScriptedSource(
      discrete: { _, _ in 120 },
      cumulative: [.activeEnergyBurned: .perSecond(1), .distanceWalkingRunning: .perSecond(3)])
    let engine = run(configuration, source: source, [(0, .start), (20, .stop), (30, .end)])
    let expected = WorkoutRecord(
      id: WorkoutRecord.makeID(seed: 3, sessionIndex: 0), activityType: .walking,
      locationType: .outdoor, startDate: t(0), endDate: t(20), duration: .seconds(20),
      events: [], totalEnergyBurned: 20, totalDistance: 60,
      statistics: [
        .heartRate: .discrete(
          DiscreteStatistics(
            average: 120, timeWeightedAverage: 120, minimum: 120, maximum: 120, mostRecent: 120,
            count: 5)),
        .activeEnergyBurned: .cumulative(CumulativeStatistics(sum: 20, count: 2)),
        .distanceWalkingRunning: .cumulative(CumulativeStatistics(sum: 60, count: 2)),
      ],
      metadata: ["HKIndoorWorkout": .bool(false)],
      samples: [
        .heartRate: SampleSeries([0, 5, 10, 15, 20].map { QuantitySample(at: t($0), value: 120) }),
        .activeEnergyBurned: SampleSeries([
          QuantitySample(start: t(0), end: t(10), value: 10),
          QuantitySample(start: t(10), end: t(20), value: 10),
        ]),
        .distanceWalkingRunning: SampleSeries([
          QuantitySample(start: t(0), end: t(10), value: 30),
          QuantitySample(start: t(10), end: t(20), value: 30),
        ]),
      ])
    #expect(engine.records == [expected])
    #expect(
      engine.transitions.map(\.kind) == [
        .stateChange(from: .notStarted, to: .running),
        .stateChange(from: .running, to: .stopped),
        .record(id: expected.id),
        .stateChange(from: .stopped, to: .ended),
      ])
    #expect(engine.errors.isEmpty)
  }

  /// Recovered after a crash: the record equals the hand-written one and an uninterrupted run's;
  /// the missed samples arrive as one batch.
  @Test func recordRecoveredAfterCrash() throws {
    let configuration = WorkoutEngineConfiguration(
      seed: 11, activity: .running, schedules: only([.heartRate: 10]))
    let source = ScriptedSource(discrete: { _, _ in 150 })
    let crashed = run(
      configuration, source: source,
      [(0, .start), (300, .crash), (325, .relaunch(recover: true)), (600, .end)])
    let uninterrupted = run(configuration, source: source, [(0, .start), (600, .end)])
    let expected = WorkoutRecord(
      id: WorkoutRecord.makeID(seed: 11, sessionIndex: 0), activityType: .running,
      locationType: .outdoor, startDate: t(0), endDate: t(600), duration: .seconds(600),
      events: [], totalEnergyBurned: nil, totalDistance: nil,
      statistics: [
        .heartRate: .discrete(
          DiscreteStatistics(
            average: 150, timeWeightedAverage: 150, minimum: 150, maximum: 150, mostRecent: 150,
            count: 61))
      ],
      metadata: ["HKIndoorWorkout": .bool(false)],
      samples: [
        .heartRate: SampleSeries(
          stride(from: Int64(0), through: 600, by: 10).map { QuantitySample(at: t($0), value: 150) }
        )
      ])
    #expect(crashed.records == [expected])
    #expect(uninterrupted.records == [expected])
    // Missed while dead: 300, 310, 320 → one batch of 3 at the relaunch (325).
    let batches = crashed.log.filter { $0.at >= t(290) && $0.at <= t(330) }
    #expect(
      batches == [
        LogEntry(
          at: t(290), session: 0, kind: .dataCollected(types: [.init([.heartRate])], count: 1)),
        LogEntry(
          at: t(325), session: 0, kind: .dataCollected(types: [.init([.heartRate])], count: 3)),
        LogEntry(
          at: t(330), session: 0, kind: .dataCollected(types: [.init([.heartRate])], count: 1)),
      ])
  }

  @Test func idsAreVersion4UUIDs() {
    let hex = Set("0123456789ABCDEF")
    for seed: UInt64 in [0, 1, 42, .max] {
      for index in 0..<4 {
        let id = WorkoutRecord.makeID(seed: seed, sessionIndex: index)
        let groups = id.split(separator: "-", omittingEmptySubsequences: false)
        #expect(groups.map(\.count) == [8, 4, 4, 4, 12])
        #expect(id.allSatisfy { $0 == "-" || hex.contains($0) })
        #expect(groups[2].first == "4")  // version nibble
        #expect(groups[3].first.map { "89AB".contains($0) } == true)  // RFC 4122 variant
        #expect(id == WorkoutRecord.makeID(seed: seed, sessionIndex: index))
      }
      let ids = Set((0..<4).map { WorkoutRecord.makeID(seed: seed, sessionIndex: $0) })
      #expect(ids.count == 4)
    }
    #expect(
      WorkoutRecord.makeID(seed: 1, sessionIndex: 0)
        != WorkoutRecord.makeID(seed: 2, sessionIndex: 0))
  }

  @Test func idBytesComeFromTheNamedStreamLittleEndian() {
    // Bytes 0–7 of the id are the first draw of stream "id.0", least significant byte first.
    var stream = SplitMix64(seed: 5, stream: "id.0")
    let first = stream.next()
    let id = WorkoutRecord.makeID(seed: 5, sessionIndex: 0)
    let digits = Array("0123456789ABCDEF")
    var leading = ""
    for shift in stride(from: 0, to: 32, by: 8) {
      let byte = Int((first >> UInt64(shift)) & 0xFF)
      leading.append(digits[byte >> 4])
      leading.append(digits[byte & 0xF])
    }
    #expect(id.hasPrefix(leading))
  }

  @Test func recordEventsDropRepeatsAndLeadingResume() {
    let events = [
      WorkoutEvent(.resume, at: t(1)), WorkoutEvent(.pause, at: t(2)),
      WorkoutEvent(.lap, at: t(3)), WorkoutEvent(.pause, at: t(4)),
      WorkoutEvent(.resume, at: t(5)), WorkoutEvent(.resume, at: t(6)),
      WorkoutEvent(.marker, at: t(20)),
    ]
    #expect(
      WorkoutRecord.filteredEvents(events, start: t(0), end: t(10)) == [
        WorkoutEvent(.pause, at: t(2)), WorkoutEvent(.lap, at: t(3)),
        WorkoutEvent(.resume, at: t(5)),
      ])
  }
}
