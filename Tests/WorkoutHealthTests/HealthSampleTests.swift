import Testing
import WorkoutCore
import WorkoutHealth

@Suite struct HealthSampleTests {
  /// The store's budget is 64 bytes per sample; the layout is 1 + 2 (+ 5 padding) + 4 × 8 = 40.
  @Test func sampleIsFortyBytes() {
    #expect(MemoryLayout<HealthSample>.stride == 40)
  }

  /// HealthKit's aggregation styles: the four energy, step and distance types are cumulative;
  /// heart rate and resting heart rate are discrete.
  @Test func cumulativeTypes() {
    let cumulative = HealthDataType.allCases.filter(\.isCumulative)
    #expect(
      cumulative == [.stepCount, .distanceWalkingRunning, .activeEnergyBurned, .basalEnergyBurned])
    #expect(HealthDataType.heartRate.unit == "count/min")
    #expect(!HealthDataType.sleepAnalysis.isQuantity)
  }

  /// Omitting `savedAt` means the sample reaches the store when it ends.
  @Test func savedAtDefaultsToEnd() {
    let sample = HealthSample(
      type: .stepCount, source: 0, start: .seconds(0), end: .seconds(60), value: 100)
    #expect(sample.savedAt == .seconds(60))
  }
}
