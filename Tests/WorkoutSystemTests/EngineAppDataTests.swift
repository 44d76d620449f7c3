import Testing
import WorkoutCore
import WorkoutSystem

/// The app's own samples, metadata and event intervals in the engine (WorkoutEngine+AppData.swift,
/// LiveWorkoutBuilder+AppSamples.swift).
@Suite struct EngineAppDataTests {
  /// Heart rate every 5 s at 100 + whole seconds, energy 0.1 kcal/s every 10 s.
  let source = ScriptedSource(
    discrete: { _, instant in 100 + Double(instant.nanoseconds / 1_000_000_000) },
    cumulative: [.activeEnergyBurned: .perSecond(0.1)])

  func makeEngine() -> WorkoutEngine<ScriptedSource> {
    let configuration = WorkoutEngineConfiguration(
      schedules: only([.heartRate: 5, .activeEnergyBurned: 10]),
      metadata: ["HKTimeZone": .string("UTC")])
    return WorkoutEngine(configuration: configuration, dataSource: source)
  }

  @Test func appSamplesJoinTheDataSourcesInTimeOrder() {
    var engine = makeEngine()
    engine.perform(.start, onSession: 0, at: t(0))
    engine.beginCollection(ofSession: 0, at: t(0), date: t(0))
    engine.advance(to: t(20))
    // The data source: HR 100, 105, 110, 115, 120 at 0…20 s; energy [0, 10), [10, 20) = 2 kcal.
    let added = engine.addSamples(
      [
        AppQuantitySample(.heartRate, QuantitySample(at: t(7), value: 50)),
        AppQuantitySample(
          .activeEnergyBurned, QuantitySample(start: t(0), end: t(20), value: 3)),
      ], toSession: 0, at: t(20))
    #expect(added)
    let builder = engine.builder(ofSession: 0)
    // 50 at 7 s sits between 105 (5 s) and 110 (10 s); the most recent stays 120 (20 s).
    #expect(
      builder?.samples(of: .heartRate).map(\.value) == [100, 105, 50, 110, 115, 120])
    #expect(builder?.mostRecent(of: .heartRate) == 120)
    // 2 + 3 = 5 kcal.
    #expect(builder?.sum(of: .activeEnergyBurned) == 5)
    // The app's batch is its own log entry (2 samples), after the data source's at 20 s (HR at
    // 20 s and energy [10, 20): 2 samples).
    let batches = engine.log.compactMap { entry -> Int? in
      if case .dataCollected(_, let count) = entry.kind, entry.at == t(20) { return count }
      return nil
    }
    #expect(batches == [2, 2])
  }

  @Test func appMetadataReachesTheRecordAndIsRefusedAfterTheFinish() {
    var engine = makeEngine()
    engine.perform(.start, onSession: 0, at: t(0))
    engine.beginCollection(ofSession: 0, at: t(0), date: t(0))
    let first = engine.addMetadata(
      ["Route": .string("Lakeside"), "HKTimeZone": .string("Europe/Berlin")], toSession: 0,
      at: t(5))
    let second = engine.addMetadata(["Route": .string("Hills")], toSession: 0, at: t(6))
    #expect(first && second)
    engine.endCollection(ofSession: 0, at: t(10), date: t(10))
    let record = engine.finishWorkout(ofSession: 0, at: t(10))
    // The app's keys win over the configuration's; later values win; HKIndoorWorkout follows
    // the location (outdoor).
    #expect(
      record?.metadata == [
        "Route": .string("Hills"), "HKTimeZone": .string("Europe/Berlin"),
        "HKIndoorWorkout": .bool(false),
      ])
    // After the finish: an unchanged value is a no-op success, a new one an error.
    let unchanged = engine.addMetadata(["Route": .string("Hills")], toSession: 0, at: t(11))
    let changed = engine.addMetadata(["Route": .string("Lakeside")], toSession: 0, at: t(12))
    #expect(unchanged && !changed)
    #expect(
      engine.errors.map(\.error.message) == [
        "Unable to add metadata to a workout that is finished."
      ])
  }

  @Test func eventIntervalsAndMetadataReachTheRecordWithoutPausing() {
    var engine = makeEngine()
    engine.perform(.start, onSession: 0, at: t(0))
    engine.beginCollection(ofSession: 0, at: t(0), date: t(0))
    engine.addWorkoutEvent(
      .lap, toSession: 0, at: t(30), date: t(10), duration: .seconds(20),
      metadata: ["Lap": .number(1)])
    engine.endCollection(ofSession: 0, at: t(60), date: t(60))
    let record = engine.finishWorkout(ofSession: 0, at: t(60))
    #expect(
      record?.events == [
        WorkoutEvent(.lap, at: t(10), duration: .seconds(20), metadata: ["Lap": .number(1)])
      ])
    // A lap does not pause: 60 s.
    #expect(record?.duration == .seconds(60))
  }
}
