import Testing
import WorkoutCore
import WorkoutJSON
import WorkoutSimCLI
import WorkoutSimTestSupport
import WorkoutSimulation

/// The iPhone's own workout on the command line (docs/phone.md#the-iphones-own-workouts): the
/// summary and the JSON say which device recorded it.
@Suite("A phone workout's summary and record")
struct PhoneWorkoutSummaryTests {
  @Test func theSummaryAndTheRecordNameThePhone() throws {
    let result = try Simulation.run(bundledScenario("phone-run.json"))
    let record = try #require(result.records.first)
    #expect(record.device == .phone)
    let text = RunSummary.text(for: result)
    // 30 min walk: 0:30:00, 2520 m = 2.52 km, 81.9 kcal shown as 82 kcal.
    #expect(
      text.split(separator: "\n").dropFirst().first?
        .hasPrefix("  walking, outdoor, on the iPhone: 0:30:00, 2.52 km, 82 kcal") == true)
    let json = String(decoding: result.encodedJSON(), as: UTF8.self)
    #expect(json.contains(#""device" : "phone""#))
  }

  @Test func aWatchRecordHasNoDeviceKey() throws {
    let result = try Simulation.run(bundledScenario("easy-walk.json"))
    #expect(result.records.first?.device == .watch)
    let json = String(decoding: result.encodedJSON(), as: UTF8.self)
    #expect(!json.contains(#""device""#))
    #expect(!RunSummary.text(for: result).contains("iPhone"))
  }
}
