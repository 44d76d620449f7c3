import Foundation
import Testing
import WorkoutCore
import WorkoutHealth

@Suite struct HealthSampleTests {
  /// The store's budget is 64 bytes per sample; the layout is the type (2-byte code, 1-byte
  /// form, 1 padding) + the 2-byte source (+ 2 padding) + 4 × 8 = 40.
  @Test func sampleIsFortyBytes() {
    #expect(MemoryLayout<HealthSample>.stride == 40)
  }

  /// HealthKit's aggregation styles: of the modeled kinds, the four energy, step and distance
  /// types are cumulative; heart rate, resting heart rate, HRV and breathing rate are discrete
  /// (Apple: "measure discrete values" on both types' pages).
  @Test func cumulativeTypes() {
    let cumulative = HealthDataType.modeled.filter(\.isCumulative)
    #expect(
      cumulative == [.stepCount, .distanceWalkingRunning, .activeEnergyBurned, .basalEnergyBurned])
    #expect(
      HealthDataType.modeled.filter { $0.isQuantity && !$0.isCumulative } == [
        .heartRate, .restingHeartRate, .heartRateVariabilitySDNN, .respiratoryRate,
      ])
    #expect(HealthDataType.heartRate.unit == "count/min")
    // HRV in the header's canonical ms; breathing in count/min like the heart rates (the
    // header's count/s would store 15 breaths a minute as 0.25).
    #expect(HealthDataType.heartRateVariabilitySDNN.unit == "ms")
    #expect(HealthDataType.respiratoryRate.unit == "count/min")
    #expect(HealthDataType.heartRateVariabilitySDNN.maximumSampleValue == 1000)
    #expect(HealthDataType.respiratoryRate.maximumSampleValue == 300)
    #expect(!HealthDataType.sleepAnalysis.isQuantity)
  }

  /// Omitting `savedAt` means the sample reaches the store when it ends.
  @Test func savedAtDefaultsToEnd() {
    let sample = HealthSample(
      type: .stepCount, source: 0, start: .seconds(0), end: .seconds(60), value: 100)
    #expect(sample.savedAt == .seconds(60))
  }

  /// The modeled kinds keep codes 0 to 10 (the generator's order); every other quantity and
  /// category type of the SDK follows: 120 quantity and 72 category types in the iOS 18 SDK
  /// header (with iOS 26.2's hypertension event and iOS 27's bleeding after menopause and
  /// menopausal state), 8 + 1 of them modeled, so 11 + 112 + 71 = 194; then the 8 object kinds
  /// (CDA, workout route, heartbeat series, audiogram, state of mind, GAD-7, PHQ-9 and vision
  /// prescription): 194 + 8 = 202.
  @Test func everyQuantityAndCategoryTypeIsAKind() {
    #expect(HealthDataType.modeled.map(\.rawValue) == Array(0...10))
    #expect(
      HealthDataType(identifier: "HKQuantityTypeIdentifierHeartRateVariabilitySDNN")
        == .heartRateVariabilitySDNN)
    #expect(HealthDataType(rawValue: 10) == .respiratoryRate)
    #expect(HealthDataType.respiratoryRate.name == "respiratoryRate")
    #expect(HealthTypeCatalog.entries.filter { $0.kind == .quantity }.count == 120)
    #expect(HealthTypeCatalog.entries.filter { $0.kind == .category }.count == 72)
    #expect(HealthDataType.allCases.count == 202)
    #expect(HealthDataType.allCases.enumerated().allSatisfy { $0.element.rawValue == $0.offset })
    #expect(
      HealthDataType.allCases.filter(\.isObject).map(\.name) == [
        "CDA", "workoutRoute", "heartbeat", "audiogram", "stateOfMind", "GAD7", "PHQ9",
        "visionPrescription",
      ])
    // Water: the header's "mL, Cumulative", iOS 9.
    let water = HealthDataType(identifier: "HKQuantityTypeIdentifierDietaryWater")
    #expect(water?.isCumulative == true)
    #expect(water?.unit == "mL")
    #expect(water?.name == "dietaryWater")
    #expect(water?.entry.introduced == "9.0")
    #expect(water.map { $0.rawValue >= 11 } == true)
    // Body mass: "kg, Discrete (Arithmetic)".
    let mass = HealthDataType(identifier: "HKQuantityTypeIdentifierBodyMass")
    #expect(mass?.isQuantity == true)
    #expect(mass?.isCumulative == false)
    #expect(mass?.unit == "kg")
    #expect(mass?.entry.aggregation == .discreteArithmetic)
    // A category type, and the modeled kinds by identifier.
    let mindful = HealthDataType(identifier: "HKCategoryTypeIdentifierMindfulSession")
    #expect(mindful?.isCategory == true)
    #expect(mindful?.unit == "")
    #expect(HealthDataType(identifier: "HKQuantityTypeIdentifierStepCount") == .stepCount)
    #expect(HealthDataType(identifier: "HKWorkoutTypeIdentifier") == .workout)
    #expect(HealthDataType(rawValue: 6) == .sleepAnalysis)
    // The object kinds follow the 194 quantity and category codes (0 ... 193).
    #expect(HealthDataType(rawValue: 194)?.name == "CDA")
    #expect(HealthDataType(rawValue: 201)?.name == "visionPrescription")
    #expect(HealthDataType(rawValue: 202) == nil)
    // Not held by the store: characteristics, correlations, unknown identifiers.
    #expect(HealthDataType(identifier: "HKCharacteristicTypeIdentifierDateOfBirth") == nil)
    #expect(HealthDataType(identifier: "HKCorrelationTypeIdentifierBloodPressure") == nil)
    #expect(HealthDataType(identifier: "HKQuantityTypeIdentifierDietaryWhisky") == nil)
  }

  /// docs/health-store.md states the number of kinds twice ("202 kinds with two-byte codes" and
  /// the store's "three id lists per kind (202 of them"): 120 quantity + 72 category types + 2
  /// (workouts, ECGs) + 8 object kinds = 202 (``everyQuantityAndCategoryTypeIsAKind`` counts
  /// them), and the page must say the table's number, not an older one (it said 199 and 192).
  @Test func healthStorePageStatesTheKindCount() throws {
    let page = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
      .appendingPathComponent("../../docs/health-store.md").standardized
    let text = try String(contentsOf: page, encoding: .utf8)
      .replacingOccurrences(of: "\n", with: " ")
    /// The whole number written right before `marker` (digits and spaces read back), or nil.
    func number(before marker: String) -> Int? {
      guard let range = text.range(of: marker) else { return nil }
      let digits = text[..<range.lowerBound].reversed().prefix { $0.isNumber }
      return Int(String(digits.reversed()))
    }
    #expect(number(before: " kinds with two-byte codes") == HealthDataType.allCases.count)
    #expect(number(before: " of them, empty while a kind") == HealthDataType.allCases.count)
  }

  /// The catalog's Swift names are unique (the scenario's short names) and follow the
  /// identifiers: `VO2Max` → `vo2Max`, `UVExposure` → `uvExposure`, `CDA` stays.
  @Test func catalogNames() {
    let names = HealthTypeCatalog.entries.map(\.name)
    #expect(Set(names).count == names.count)
    #expect(HealthTypeCatalog.entry("HKQuantityTypeIdentifierVO2Max")?.name == "vo2Max")
    #expect(HealthTypeCatalog.entry("HKQuantityTypeIdentifierUVExposure")?.name == "uvExposure")
    #expect(HealthTypeCatalog.entry("HKDocumentTypeIdentifierCDA")?.name == "CDA")
    #expect(
      HealthTypeCatalog.entry(named: "heartbeat")?.identifier
        == "HKDataTypeIdentifierHeartbeatSeries")
    #expect(
      HealthTypeCatalog.entry("HKCategoryTypeIdentifierMenstrualFlow")?.values
        == "HKCategoryValueVaginalBleeding")
    #expect(
      HealthTypeCatalog.entry("HKCategoryTypeIdentifierAudioExposureEvent")?.deprecated == "14.0")
  }
}
